/**
 * Baselines on client findings: client entries excuse findings of their kind, narrowed to operations
 * and parameters; expired ones excuse nothing; stale and server entries are reported apart; a
 * certification of a server leaves client entries unused; adopting a client report gives the
 * entries that excuse exactly its findings, through `conformance baseline --from`.
 *
 *   npx vitest run src/report/client-baseline.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { applyBaseline, parseBaseline, type Baseline, type BaselineEntry, type BaselineTarget } from './baseline.ts';
import { adoptClientFindings, applyClientBaseline, isClientReport } from './client-baseline.ts';
import { adoptClientReport, baselineCommand } from './adopt.ts';

const temp = tempFoldersForThisFile();
const TODAY = '2026-11-25';
const finding = (kind: string, operationId: string, parameter: string, count = 1) => ({ kind, operationId, parameter, count });
const baseline = (...known: Omit<BaselineEntry, 'reason' | 'expires'>[]): Baseline => ({
  file: 'b.json',
  known: known.map((e) => ({ reason: 'known', expires: '2027-01-01', ...e })),
});
const names = (fs: { kind: string; operationId: string; parameter: string }[]) =>
  fs.map((f) => `${f.kind} ${f.operationId} ${f.parameter}`);

const FINDINGS = [
  finding('token-in-query', 'getCurrentUser', 'private_token'),
  finding('unknown-parameter', 'listUsers', 'colour', 3),
  finding('unknown-parameter', 'listUsers', 'shade'),
  finding('unknown-parameter', 'getUser', 'colour'),
];

describe('applyClientBaseline', () => {
  it('without a baseline, every finding is outside it', () => {
    const applied = applyClientBaseline(FINDINGS, undefined, TODAY);
    expect(applied.outside).toEqual(FINDINGS);
    expect(applied.known).toEqual([]);
    expect(applied.outcome).toBeUndefined();
  });

  it('a kind alone excuses every finding of that kind', () => {
    const applied = applyClientBaseline(FINDINGS, baseline({ finding: 'unknown-parameter' }), TODAY);
    expect(names(applied.outside)).toEqual(['token-in-query getCurrentUser private_token']);
    expect(applied.known).toHaveLength(3);
    expect(applied.known[0]!.known).toEqual({ entries: ['client unknown-parameter'], reason: 'known', expires: '2027-01-01' });
    expect(applied.outcome).toMatchObject({ applied: ['client unknown-parameter'], seen: { 'client unknown-parameter': 3 } });
  });

  it('operations and parameters narrow an entry: only those operations (spec spelling), only those parameters', () => {
    const applied = applyClientBaseline(
      FINDINGS,
      baseline({ finding: 'unknown-parameter', operations: ['GET /users'], parameters: ['colour'] }),
      TODAY,
    );
    expect(names(applied.known)).toEqual(['unknown-parameter listUsers colour']);
    expect(names(applied.outside)).toEqual([
      'token-in-query getCurrentUser private_token',
      'unknown-parameter listUsers shade',
      'unknown-parameter getUser colour',
    ]);
    const byPath = applyClientBaseline(FINDINGS, baseline({ finding: 'unknown-parameter', operations: ['GET /users/:id'] }), TODAY);
    expect(names(byPath.known)).toEqual(['unknown-parameter getUser colour']);
  });

  it('an expired entry excuses nothing; an entry that matched nothing is stale; a clause entry is unused here', () => {
    const b: Baseline = {
      file: 'b.json',
      known: [
        { finding: 'token-in-query', reason: 'old', expires: '2026-01-01' },
        { finding: 'per-page-over-max', reason: 'fixed since', expires: '2027-01-01' },
        { clause: 'users.list.shape', reason: 'server side', expires: '2027-01-01' },
      ],
    };
    const applied = applyClientBaseline(FINDINGS, b, TODAY);
    expect(applied.outside).toHaveLength(4);
    expect(applied.outcome).toEqual({
      file: 'b.json',
      applied: [],
      seen: {},
      expired: ['client token-in-query'],
      stale: ['client per-page-over-max'],
      unused: ['users.list.shape'],
    });
  });

  it('a certification of a server leaves client entries unused: they excuse no failure and are never stale', () => {
    const summary: BaselineTarget = {
      verdict: 'fail',
      totals: { passed: 1, failed: 1, skipped: 0 },
      clauses: [{ id: 'users.list.shape', status: 'fail' }],
      failures: [{ clause: 'users.list.shape' }],
      verdictReasons: ['1 test failed'],
    };
    const out = applyBaseline(summary, baseline({ finding: 'unknown-parameter' }), TODAY);
    expect(out.verdict).toBe('fail');
    expect(out.baseline).toMatchObject({ applied: [], stale: [], unused: ['client unknown-parameter'] });
  });
});

describe('adopting a client report', () => {
  it('one entry per kind and operation, narrowed to its parameters: the same findings are then all known', () => {
    const { known, counts } = adoptClientFindings({ findings: FINDINGS }, { from: 'r.json', reason: 'r', expires: '2027-01-01' });
    expect(known.map((e) => ({ finding: e.finding, operations: e.operations, parameters: e.parameters }))).toEqual([
      { finding: 'token-in-query', operations: ['GET /user'], parameters: ['private_token'] },
      { finding: 'unknown-parameter', operations: ['GET /users'], parameters: ['colour', 'shade'] },
      { finding: 'unknown-parameter', operations: ['GET /users/:id'], parameters: ['colour'] },
    ]);
    expect(counts['client unknown-parameter [GET /users; parameters colour, shade]']).toBe(2);
    const text = JSON.stringify({ known });
    const applied = applyClientBaseline(FINDINGS, parseBaseline(text, 'b.json', new Set()), TODAY);
    expect(applied.outside).toEqual([]);
    expect(applied.outcome!.stale).toEqual([]);
    // A new parameter on an adopted operation is not excused.
    expect(
      names(applyClientBaseline([finding('unknown-parameter', 'listUsers', 'hue')], parseBaseline(text, 'b.json'), TODAY).outside),
    ).toEqual(['unknown-parameter listUsers hue']);
  });

  it('takes the known findings of a certify-client report too, and names the command in its comment', () => {
    const adoption = adoptClientReport(
      { findings: [FINDINGS[0]!], knownFindings: [FINDINGS[1]!], command: { argv: ['pytest', 'tests'] } },
      { from: 'reports/client-report.json', today: TODAY },
    );
    expect(adoption.of).toBe('client findings');
    expect(adoption.baseline.known.map((e) => e.finding)).toEqual(['token-in-query', 'unknown-parameter']);
    expect(adoption.baseline.$comment).toContain('(command pytest tests)');
    expect(adoption.baseline.known[0]!.expires).toBe('2027-11-25');
  });

  it('tells a client report from a summary.json', () => {
    expect(isClientReport({ findings: [] })).toBe(true);
    expect(isClientReport({ failures: [] })).toBe(false);
    expect(isClientReport(null)).toBe(false);
  });

  it('conformance baseline --from client-report.json writes the client entries and says how to use them', () => {
    const dir = temp('client-baseline-');
    const from = join(dir, 'client-report.json');
    writeFileSync(from, JSON.stringify({ findings: FINDINGS.slice(0, 2) }));
    const out = join(dir, 'b.json');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(baselineCommand({ values: { from, out }, positionals: [] })).toBe(0);
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines[0]).toMatch(/^Baseline written to .*: 2 entries for 2 findings, expiring /);
      expect(lines.at(-1)).toContain('conformance certify-client --baseline');
    } finally {
      log.mockRestore();
    }
    const written = JSON.parse(readFileSync(out, 'utf8')) as { known: BaselineEntry[] };
    expect(written.known.map((e) => e.finding)).toEqual(['token-in-query', 'unknown-parameter']);
  });
});
