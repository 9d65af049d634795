/**
 * The verdict of certify-client and its reports: PASS only when the command exited 0 and no finding
 * is outside the baseline; FAIL names the command, the findings or both; junit.xml has the command
 * as a testcase, a failing one per finding, a skipped "known" one per excused finding, a passing one
 * per operation judged without a finding; the reports pass through the redaction they are given.
 *
 *   npx vitest run src/report/client-verdict.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import type { Baseline } from './baseline.ts';
import { clientVerdict, verdictLine, type ClientFinding, type CommandOutcome } from './client-verdict.ts';
import { clientVerdictJunit, clientVerdictMarkdown, writeClientVerdictReports } from './client-verdict-files.ts';

const temp = tempFoldersForThisFile();
const TODAY = '2026-11-25';
const ok: CommandOutcome = { argv: ['pytest', 'tests'], exitCode: 0, signal: null, durationMs: 1200 };
const f = (kind: string, operationId: string, parameter: string, url: string): ClientFinding => ({
  kind,
  operationId,
  parameter,
  count: 2,
  detail: `${kind} of ${parameter}`,
  request: { method: 'GET', url },
  reproducer: `curl -X GET '${url}'`,
});
const TOKEN = f('token-in-query', 'getCurrentUser', 'private_token', 'http://h/api/v4/user?private_token=[redacted]');
const COLOUR = f('unknown-parameter', 'listUsers', 'colour', 'http://h/api/v4/users?colour=red');
const REQUESTS = { getCurrentUser: 2, listUsers: 2, getUser: 5 };
const KNOWN: Baseline = {
  file: 'b.json',
  known: [{ finding: 'unknown-parameter', operations: ['GET /users'], reason: 'fixed in 4.0', expires: '2027-01-01' }],
};
const verdict = (command: CommandOutcome, findings: ClientFinding[], baseline?: Baseline) =>
  clientVerdict({ command, findings, requests: REQUESTS, baseline, today: TODAY, profile: 'spec' });

describe('clientVerdict', () => {
  it('passes when the command exited 0 and no finding is outside the baseline', () => {
    const v = verdict(ok, [COLOUR], KNOWN);
    expect(v.verdict).toBe('pass');
    expect(v.reasons).toEqual([]);
    expect(v.knownFindings.map((k) => k.operation)).toEqual(['GET /users']);
    expect(v.requests).toEqual({ 'GET /user': 2, 'GET /users': 2, 'GET /users/:id': 5 });
    expect(verdictLine(v)).toBe(
      'PASS: the command exited 0 and no client finding is outside the baseline (1 known finding excused by the baseline); 9 requests judged',
    );
  });

  it('fails on findings outside the baseline, naming each', () => {
    const v = verdict(ok, [TOKEN, COLOUR]);
    expect(verdictLine(v)).toBe(
      'FAIL: 2 client findings outside the baseline (token-in-query GET /user private_token, unknown-parameter GET /users colour)',
    );
  });

  it('fails on the command alone, and says both when both', () => {
    expect(verdictLine(verdict({ ...ok, exitCode: 3 }, [COLOUR], KNOWN))).toBe('FAIL: the command exited 3');
    expect(verdictLine(verdict({ ...ok, exitCode: 1 }, [TOKEN]))).toBe(
      'FAIL: the command exited 1; 1 client finding outside the baseline (token-in-query GET /user private_token)',
    );
    expect(verdict({ ...ok, exitCode: null, signal: 'SIGKILL' }, []).reasons).toEqual(['the command was ended by SIGKILL']);
  });

  it('an interrupted run fails even when the command exited 0', () => {
    expect(verdict({ ...ok, interrupted: 'SIGINT' }, []).reasons).toEqual(['the command was interrupted (SIGINT passed on) and exited 0']);
  });
});

describe('the reports', () => {
  it('junit.xml: the command, one failing testcase per finding, known ones skipped, clean operations passing', () => {
    const xml = clientVerdictJunit(verdict({ ...ok, exitCode: 2 }, [TOKEN, COLOUR], KNOWN));
    expect(xml).toMatch(/<testsuites name="conformance certify-client" tests="4" failures="2" errors="0" skipped="1"/);
    expect(xml).toContain('<testcase classname="certify-client" name="the command exits 0: pytest tests" time="0">');
    expect(xml).toContain('<failure message="the command exited 2" type="command"/>');
    expect(xml).toMatch(/<testcase classname="GET \/user" name="token-in-query private_token" time="0">\n\s+<failure /);
    expect(xml).toMatch(
      /<testcase classname="GET \/users" name="unknown-parameter colour" time="0">\n\s+<skipped message="known: fixed in 4.0"\/>/,
    );
    expect(xml).toContain('<testcase classname="GET /users/:id" name="5 request(s) judged, no finding" time="0"/>');
    expect(xml).not.toContain('classname="GET /user" name="2 request(s)');
  });

  it('client-report.md: the verdict, the findings with reproducers, the known ones, the operations used', () => {
    const md = clientVerdictMarkdown(verdict(ok, [TOKEN, COLOUR], KNOWN));
    expect(md).toContain('**FAIL: 1 client finding outside the baseline (token-in-query GET /user private_token)**');
    expect(md).toContain(
      "| token-in-query | GET /user | private_token | token-in-query of private_token | 2 | `curl -X GET 'http://h/api/v4/user?private_token=[redacted]'` |",
    );
    expect(md).toContain(
      '| unknown-parameter | GET /users | colour | 2 | client unknown-parameter [GET /users] | fixed in 4.0 | 2027-01-01 |',
    );
    expect(md).toContain('| GET /users/:id | 5 | 0 | 0 |');
  });

  it('names stale and expired entries for review', () => {
    const b: Baseline = { file: 'b.json', known: [{ finding: 'wrong-type', reason: 'r', expires: '2027-01-01' }] };
    expect(clientVerdictMarkdown(verdict(ok, [], b))).toContain(
      '- client wrong-type: stale, no finding matches it now (remove it from b.json)',
    );
  });

  it('writes the three files, each through the redaction', () => {
    const dir = temp('client-verdict-');
    const v = verdict({ ...ok, argv: ['client', '--token', 'sekret-token-value'] }, [TOKEN]);
    const files = writeClientVerdictReports(v, dir, (s) => s.replaceAll('sekret-token-value', '[redacted]'));
    expect(files).toEqual(['client-report.json', 'client-report.md', 'junit.xml'].map((n) => join(dir, n)));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain('sekret-token-value');
      expect(text).toContain('[redacted]');
    }
    const json = JSON.parse(readFileSync(files[0]!, 'utf8')) as { verdict: string; findings: { operation: string }[] };
    expect(json.verdict).toBe('fail');
    expect(json.findings.map((x) => x.operation)).toEqual(['GET /user']);
  });
});
