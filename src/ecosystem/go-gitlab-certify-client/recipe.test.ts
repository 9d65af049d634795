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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { expectClientPass, runCertifyClient } from '../certify-client-run.ts';
import { docsCodeBlock } from '../docs-recipe.ts';
import { GO, goClientMissing, goEnv } from '../go-gitlab/go-run.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
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
    const run = await runCertifyClient(
      ['--data', 'testdata/seed.json', '--reports-dir', reports, '--', GO, 'test', '-v', '-count=1', '.'],
      {
        cwd: HERE,
        env,
        timeoutMs: 140_000,
      },
    );
    expect(run.failed, run.out).toBe(false);
    const tests = [
      'TestTheSeededUserAndTokenAnswer',
      'TestAnAdministratorListsCreatesAndBlocksUsers',
      'TestAVariableIsReadUpdatedAndCreated',
      'TestBroadcastMessagesAreCreatedUpdatedAndDeleted',
      'TestAnEpicIsCreatedWithLabelsAndListed',
    ];
    for (const test of tests) expect(run.out).toMatch(new RegExp(`^--- PASS: ${test} \\(`, 'm'));
    expect(run.out).not.toMatch(/--- (FAIL|SKIP)/);
    expectClientPass(run, reports, ['GET /users', 'POST /users', 'PUT /projects/:id/variables/:key', 'POST /groups/:id/epics']);
  });
});
