/** Unit tests of adopting a run as a baseline: entries per broken clause, narrowed only as far as every failure allows, and the CLI. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { main } from '../cli.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { adoptFailures, oneYearAfter, writeAdoptedBaseline, type AdoptableSummary } from './adopt.ts';
import { applyBaseline, entryLabel, parseBaseline, type BaselineTarget } from './baseline.ts';

const temp = tempFoldersForThisFile();
const today = '2026-11-25';
const from = 'reports/summary.json';

type Failure = AdoptableSummary['failures'][number];
const failure = (test: string, clause: string | null, more: Partial<Failure> = {}): Failure => ({ test, clause, ...more });

/** A run whose failures cover every case: a finding on another clause, fields, operations, a property, no clause. */
const FAILURES: Failure[] = [
  failure('list > broadcast.list.shape', 'broadcast.list.shape', { fields: ['id'], operation: 'GET /broadcast_messages' }),
  failure('get > broadcast.get.status', 'broadcast.get.status', { fields: ['id', 'ends_at'], operation: 'GET /broadcast_messages/:id' }),
  failure('get > broadcast.get.public', 'broadcast.get.status', { fields: ['starts_at'], operation: 'GET /broadcast_messages' }),
  failure('list > broadcast.list.status', 'broadcast.list.status', { violates: 'conv.types.datetime', fields: ['starts_at'] }),
  failure('create > broadcast.create.status', 'broadcast.create.status', { violates: 'conv.types.datetime' }),
  failure('admin-only > auth.admin_only.403 GET /users/:id/gpg_keys', 'auth.admin_only.403', { operation: 'GET /users/:id/gpg_keys' }),
  failure('admin-only > auth.admin_only.403 POST /users', 'auth.admin_only.403', { operation: 'POST /users' }),
  failure('tokens model > tokens.delete.revoked', 'tokens.delete.revoked', { operation: 'DELETE /x', counterexample: 'revoke(t1)' }),
];

const entries = (s: AdoptableSummary) => adoptFailures(s, { from, today }).baseline.known;

describe('adoptFailures', () => {
  test('one entry per clause a failure breaks (its finding, else its test), sorted, with the default reason and a year to run', () => {
    const known = entries({ failures: FAILURES });
    expect(known.map((e) => e.clause)).toEqual([
      'auth.admin_only.403',
      'broadcast.get.status',
      'broadcast.list.shape',
      'conv.types.datetime',
      'tokens.delete.revoked',
    ]);
    for (const e of known) expect([e.reason, e.expires]).toEqual([`adopted from ${from} on ${today}`, '2027-11-25']);
  });

  test('fields: the union of its failures fields when every failure names fields, else none', () => {
    const known = entries({ failures: FAILURES });
    expect(known.find((e) => e.clause === 'broadcast.get.status')!.fields).toEqual(['ends_at', 'id', 'starts_at']);
    expect(known.find((e) => e.clause === 'broadcast.list.shape')!.fields).toEqual(['id']);
    // One of the two datetime findings names no field: narrowing would leave it failing.
    expect(known.find((e) => e.clause === 'conv.types.datetime')!.fields).toBeUndefined();
  });

  test("operations: the union when every failure names one and none is a property's, else none", () => {
    const known = entries({ failures: FAILURES });
    expect(known.find((e) => e.clause === 'auth.admin_only.403')!.operations).toEqual(['GET /users/:id/gpg_keys', 'POST /users']);
    expect(known.find((e) => e.clause === 'broadcast.get.status')!.operations).toEqual([
      'GET /broadcast_messages',
      'GET /broadcast_messages/:id',
    ]);
    expect(known.find((e) => e.clause === 'conv.types.datetime')!.operations).toBeUndefined();
    expect(known.find((e) => e.clause === 'tokens.delete.revoked')).toEqual({
      clause: 'tokens.delete.revoked',
      reason: `adopted from ${from} on ${today}`,
      expires: '2027-11-25',
    });
  });

  test('races: narrowed to race checks when every failure of the clause is one, else not', () => {
    const race = { race: true as const, operation: 'POST /user/keys' };
    const only = entries({ failures: [failure('keys race', 'keys.create_own.duplicate_status', race)] });
    expect(only[0]).toMatchObject({ clause: 'keys.create_own.duplicate_status', races: true });
    expect(entryLabel(only[0]!)).toBe('keys.create_own.duplicate_status [POST /user/keys; races]');
    const mixed = entries({
      failures: [
        failure('keys race', 'keys.create_own.duplicate_status', race),
        failure('keys sequential', 'keys.create_own.duplicate_status', { operation: 'POST /user/keys' }),
      ],
    });
    expect(mixed[0]!.races).toBeUndefined();
  });

  test('the adopted baseline makes the same run pass: every failure known, no entry stale', () => {
    const { baseline } = adoptFailures({ failures: FAILURES }, { from, today });
    const ids = [...new Set(FAILURES.flatMap((f) => [f.clause!, f.violates ?? f.clause!]))];
    const run: BaselineTarget = {
      verdict: 'fail',
      totals: { passed: 3, failed: FAILURES.length, skipped: 0 },
      clauses: ids.map((id) => ({ id, status: 'fail' })),
      failures: FAILURES,
      verdictReasons: [`${FAILURES.length} tests failed`],
    };
    const out = applyBaseline(run, parseBaseline(JSON.stringify(baseline), 'b.json'), today);
    expect(out.verdictReasons).toEqual([]);
    expect(out.verdict).toBe('pass');
    expect(out.totals.known).toBe(FAILURES.length);
    expect(out.baseline!.stale).toEqual([]);
    // ...and a failure it did not see still fails: the entries are narrowed, not blanket.
    const later = applyBaseline(
      {
        ...run,
        failures: [...FAILURES, failure('x', 'broadcast.get.status', { fields: ['message'], operation: 'GET /broadcast_messages' })],
      },
      parseBaseline(JSON.stringify(baseline), 'b.json'),
      today,
    );
    expect([later.verdict, later.totals.failed]).toEqual(['fail', 1]);
  });

  test('a field departure of a resource is one entry for every test that saw it, and the same run then passes', () => {
    const epic = (test: string, clause: string, more: Partial<Failure> = {}) =>
      failure(test, clause, { fields: ['description'], resource: 'epic', ...more });
    const seen = [
      epic('a', 'epics.get.by_iid'),
      epic('b', 'epics.filter.state', { violates: 'epics.list.shape' }),
      epic('c', 'epics.transition.close'),
    ];
    const adoption = adoptFailures({ failures: [...seen, FAILURES[0]!] }, { from, today });
    expect(adoption.baseline.known.map((e) => entryLabel(e))).toEqual([
      'resource epic [fields description]',
      'broadcast.list.shape [fields id; GET /broadcast_messages]',
    ]);
    expect(adoption.counts['resource epic [fields description]']).toBe(3);
    const run: BaselineTarget = {
      verdict: 'fail',
      totals: { passed: 0, failed: 4, skipped: 0 },
      clauses: ['epics.get.by_iid', 'epics.list.shape', 'epics.transition.close', 'broadcast.list.shape'].map((id) => ({
        id,
        status: 'fail',
      })),
      failures: [...seen, FAILURES[0]!],
      verdictReasons: ['4 tests failed'],
    };
    const out = applyBaseline(run, parseBaseline(JSON.stringify(adoption.baseline), 'b.json'), today);
    expect([out.verdict, out.totals.known]).toEqual(['pass', 4]);
  });

  test('failures a baseline already excused are adopted too: the new baseline replaces the old one', () => {
    const known = entries({ failures: [], knownFailures: [failure('t', 'users.update.conflict_404')] });
    expect(known.map((e) => e.clause)).toEqual(['users.update.conflict_404']);
  });

  test('a failure without a clause, or of a clause outside the catalogue, is named, not adopted', () => {
    const out = adoptFailures({ failures: [failure('set-up of users.test.ts', null), failure('t', 'no.such.clause')] }, { from, today });
    expect(out.baseline.known).toEqual([]);
    expect(out.notes).toEqual([]);
    expect(out.skipped).toEqual([
      { test: 'set-up of users.test.ts', why: 'its test cites no clause' },
      { test: 't', why: 'no.such.clause is not in the clause catalogue' },
    ]);
  });

  test('an interrupted run and errors outside the tests are said: the baseline cannot cover them', () => {
    expect(adoptFailures({ failures: [], interrupted: true, unhandledErrors: ['boom'] }, { from, today }).notes).toEqual([
      'the run was interrupted: the tests it did not finish are not in the baseline',
      'the run had 1 error(s) outside the tests: no baseline can excuse them',
    ]);
  });

  test('--reason and --expires are used as given; a bad or past date is a KitError', () => {
    const [e] = adoptFailures({ failures: [FAILURES[0]!] }, { from, today, reason: 'answers 409 since 15.x', expires: '2027-06-30' })
      .baseline.known;
    expect([e!.reason, e!.expires]).toEqual(['answers 409 since 15.x', '2027-06-30']);
    for (const expires of ['2027-02-30', '30/06/2027', '2026-11-24'])
      expect(() => adoptFailures({ failures: [] }, { from, today, expires })).toThrow(expect.objectContaining({ name: 'KitError' }));
  });

  test('one year after: the same day, 29 February becoming 1 March', () => {
    expect([oneYearAfter('2026-11-25'), oneYearAfter('2028-02-29')]).toEqual(['2027-11-25', '2029-03-01']);
  });
});

describe('writeAdoptedBaseline and `conformance baseline`', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const summaryFile = (dir: string, value: unknown = { failures: FAILURES }) => {
    const p = join(dir, 'summary.json');
    writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
    return p;
  };

  test('writes a baseline certify can read, and never over an existing file unless forced', () => {
    const dir = temp('adopt-');
    const out = join(dir, 'baseline.json');
    writeAdoptedBaseline({ from: summaryFile(dir), out, today });
    expect(parseBaseline(readFileSync(out, 'utf8'), out).known).toHaveLength(5);
    writeFileSync(out, 'keep me');
    expect(() => writeAdoptedBaseline({ from: summaryFile(dir), out, today })).toThrow(/exists: refusing to overwrite/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    writeAdoptedBaseline({ from: summaryFile(dir), out, today, force: true });
    expect(JSON.parse(readFileSync(out, 'utf8')).known).toHaveLength(5);
  });

  test('the command: default out baseline.json in the working folder, what it wrote on the console, exit 0', async () => {
    const dir = temp('adopt-');
    const from = summaryFile(dir, { failures: [...FAILURES, failure('set-up', null)] });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const back = process.cwd();
    process.chdir(dir);
    try {
      expect(await main(['baseline', '--from', from, '--reason', 'known since 15.x'])).toBe(0);
    } finally {
      process.chdir(back);
    }
    const written = JSON.parse(readFileSync(join(dir, 'baseline.json'), 'utf8'));
    expect(written.known.every((e: { reason: string }) => e.reason === 'known since 15.x')).toBe(true);
    const out = log.mock.calls.flat().join('\n');
    expect(out).toMatch(/^Baseline written to baseline\.json: 5 entries for 8 failures, expiring \d{4}-\d{2}-\d{2}$/m);
    expect(out).toContain(
      '  broadcast.get.status [fields ends_at, id, starts_at; GET /broadcast_messages; GET /broadcast_messages/:id] (2 failures)',
    );
    expect(err.mock.calls.flat().join('\n')).toMatch(/not adopted, its test cites no clause: set-up/);
  });

  test('a missing --from, an unreadable summary or one that is not a summary: one line, exit 2', async () => {
    const dir = temp('adopt-');
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const out = join(dir, 'b.json');
    expect(await main(['baseline', '--out', out])).toBe(2);
    expect(await main(['baseline', '--from', join(dir, 'missing.json'), '--out', out])).toBe(2);
    expect(await main(['baseline', '--from', summaryFile(dir, '{not json'), '--out', out])).toBe(2);
    expect(await main(['baseline', '--from', summaryFile(dir, { verdict: 'pass' }), '--out', out])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0]).split('\n').length)).toEqual([1, 1, 1, 1]);
    expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/needs --from[^]*cannot read[^]*cannot read[^]*not a summary\.json/);
  });
});
