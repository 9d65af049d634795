/**
 * The Go recipe of docs/certify-client.md, proved with a real Go client: the command line
 * `conformance certify-client --data testdata/seed.json -- go test -v -count=1 .` runs recipe_test.go
 * with main_test.go (the recipe, the same code as the docs show) under Debian's golang-go with
 * golang-github-xanzy-go-gitlab-dev, in GOPATH mode (go-run.ts). go-gitlab's calls (users listed,
 * created and blocked; variables read, updated and created; broadcast messages; an epic with labels)
 * are judged by the strict reference: PASS, no finding. Without the packages (.ci/run installs them)
 * the test skips, saying why. Go's cache and build files go to a temp folder: nothing is written in the tree.
 *
 *   npx vitest run src/ecosystem/go-gitlab-certify-client/recipe.test.ts
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { docsCodeBlock } from '../docs-recipe.ts';
import { GO, goClientMissing, goEnv } from '../go-gitlab/go-run.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const BIN = join(HERE, '../../../bin/conformance.js');
const temp = tempFoldersForThisFile();

describe('the certify-client recipe with go-gitlab', () => {
  it('is the code the docs show (main_test.go from its package line on)', () => {
    const main = readFileSync(join(HERE, 'main_test.go'), 'utf8');
    expect(docsCodeBlock('go', 'certify-client.md')).toBe(main.slice(main.indexOf('package client_test')));
  });

  it('passes: go test green, no client finding, reports written', { timeout: 150_000 }, async (ctx) => {
    const dir = temp('certify-client-go-');
    const missing = goClientMissing(dir);
    if (missing) ctx.skip(`not run: ${missing}`);
    const reports = join(dir, 'reports');
    const { REFERENCE_PROFILE: _p, ...env } = goEnv(dir);
    const args = [BIN, 'certify-client', '--data', 'testdata/seed.json', '--reports-dir', reports, '--', GO, 'test', '-v', '-count=1', '.'];
    const run = await promisify(execFile)(process.execPath, args, { cwd: HERE, env, timeout: 140_000 }).catch(
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ ...e, failed: true }),
    );
    const out = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    expect('failed' in run, out).toBe(false);
    const tests = [
      'TestTheSeededUserAndTokenAnswer',
      'TestAnAdministratorListsCreatesAndBlocksUsers',
      'TestAVariableIsReadUpdatedAndCreated',
      'TestBroadcastMessagesAreCreatedUpdatedAndDeleted',
      'TestAnEpicIsCreatedWithLabelsAndListed',
    ];
    for (const test of tests) expect(out).toMatch(new RegExp(`^--- PASS: ${test} \\(`, 'm'));
    expect(out).not.toMatch(/--- (FAIL|SKIP)/);
    expect(out).toMatch(/^PASS: the command exited 0 and no client finding is outside the baseline; \d+ requests judged$/m);

    const report = JSON.parse(readFileSync(join(reports, 'client-report.json'), 'utf8')) as {
      verdict: string;
      findings: unknown[];
      requests: Record<string, number>;
    };
    expect(report.verdict).toBe('pass');
    expect(report.findings).toEqual([]);
    for (const operation of ['GET /users', 'POST /users', 'PUT /projects/:id/variables/:key', 'POST /groups/:id/epics'])
      expect(report.requests[operation], operation).toBeGreaterThan(0);
  });
});
