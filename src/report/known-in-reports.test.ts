/**
 * Known failures become skips in junit.xml (with the counts) and in the Allure results, so a gate
 * that reads junit agrees with a run that passed with a baseline; other failures stay failures.
 *
 *   npx vitest run src/report/known-in-reports.test.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { markKnownInAllure, markKnownInJunit } from './known-in-reports.ts';

const FILE = 'suites/users/update-delete.test.ts';
const KNOWN = { test: 'PUT /users/:id > users.update.conflict_404 a taken e-mail answers 404', file: FILE, reason: 'answers 409 & more' };

const JUNIT = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" failures="2" errors="0" time="1">
    <testsuite name="${FILE}" timestamp="t" hostname="vm" tests="3" failures="2" errors="0" skipped="0" time="1">
        <testcase classname="${FILE}" name="PUT /users/:id &gt; users.update.conflict_404 a taken e-mail answers 404" time="0.1">
            <failure message="The server MUST answer 404." type="ConformanceFailure">
ConformanceFailure: The server MUST answer 404.
            </failure>
        </testcase>
        <testcase classname="${FILE}" name="PUT /users/:id &gt; users.update.applies PUT changes the user" time="0.1">
            <failure message="broken" type="ConformanceFailure">
            </failure>
        </testcase>
        <testcase classname="${FILE}" name="PUT /users/:id &gt; users.update.status PUT answers 200" time="0.1">
        </testcase>
    </testsuite>
</testsuites>`;

describe('markKnownInJunit', () => {
  it('turns the known failure into a skip naming the baseline, and counts again', () => {
    const out = markKnownInJunit(JUNIT, [KNOWN]);
    expect(out).toContain('<testsuites name="vitest tests" tests="3" failures="1"');
    expect(out).toContain('tests="3" failures="1" errors="0" skipped="1"');
    expect(out).toContain('<skipped message="known departure (baseline): answers 409 &amp; more"/>');
    expect(out.match(/<failure/g)).toHaveLength(1);
    expect(out).toContain('<failure message="broken"');
  });

  it('leaves a file without known failures as it was, counts included', () => {
    expect(markKnownInJunit(JUNIT, [])).toBe(JUNIT);
  });
});

describe('markKnownInAllure', () => {
  const dir = mkdtempSync(join(tmpdir(), 'known-allure-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('marks the known test skipped with the reason, and leaves the others', () => {
    const result = (name: string, status: string) => ({
      name,
      status,
      fullName: `api-v4-conformance:${FILE}#PUT /users/:id ${name}`,
      statusDetails: { message: 'The server MUST answer 404.' },
    });
    writeFileSync(join(dir, 'a-result.json'), JSON.stringify(result('users.update.conflict_404 a taken e-mail answers 404', 'failed')));
    writeFileSync(join(dir, 'b-result.json'), JSON.stringify(result('users.update.applies PUT changes the user', 'failed')));
    expect(markKnownInAllure(dir, [KNOWN])).toBe(1);
    const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));
    expect([read('a-result.json').status, read('a-result.json').statusDetails.message]).toEqual([
      'skipped',
      'known departure (baseline): answers 409 & more',
    ]);
    expect(read('b-result.json').status).toBe('failed');
  });
});
