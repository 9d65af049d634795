/**
 * The Go recipe of docs/reference-server.md, proved with a real Go client: `go test` runs
 * recipe_test.go with main_test.go (the recipe, the same code as the docs show) under Debian's
 * golang-go with golang-github-xanzy-go-gitlab-dev, in GOPATH mode (GO111MODULE=off, GOPATH a temp
 * folder then /usr/share/gocode). TestMain starts `npx conformance serve --port 0 --data
 * testdata/seed.json --ops-faults ...`, reads its ready line and stops it; go-gitlab meets the seeded
 * user and token, no state across a reset, 429s it retries and a 500 it reports. Judged by go test's
 * exit status and its PASS lines. Without the packages (.ci/run installs them) the test skips, saying
 * why. Go's cache and build files go to a temp folder: nothing is written in the tree.
 *
 *   npx vitest run src/ecosystem/go-gitlab/recipe.test.ts
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { docsCodeBlock } from '../docs-recipe.ts';
import { GO, goClientMissing, goEnv } from './go-run.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const temp = tempFoldersForThisFile();

/** Pids of the processes working in `folder` (Linux /proc; none elsewhere): the servers TestMain started. */
function processesIn(folder: string): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === folder;
      } catch {
        return false; // ended meanwhile, or not ours to see
      }
    })
    .map(Number);
}

/** Every file and folder under `folder` with its size and time: what a run must leave as it was. */
function snapshot(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const stat = statSync(join(folder, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

describe('the Go recipe with go-gitlab', () => {
  it('is the code the docs show (main_test.go from its package line on)', () => {
    const main = readFileSync(join(HERE, 'main_test.go'), 'utf8');
    expect(docsCodeBlock('go')).toBe(main.slice(main.indexOf('package client_test')));
  });

  it('passes: seed, a reset between rounds, 429s retried and a 500 reported, the server stopped', { timeout: 150_000 }, async (ctx) => {
    const dir = temp('go-recipe-');
    const missing = goClientMissing(dir);
    if (missing) ctx.skip(`not run: ${missing}`);
    const before = snapshot(HERE);
    // The recipe's own command (npx conformance serve, found in this checkout from the package's folder).
    const run = await promisify(execFile)(GO, ['test', '-v', '-count=1', '-timeout', '120s', '.'], {
      cwd: HERE,
      env: goEnv(dir),
      timeout: 140_000,
    }).catch((e: { code?: number; stdout?: string; stderr?: string }) => ({ ...e, failed: true }));
    const out = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    expect('failed' in run, out).toBe(false);

    const tests = [
      'TestTheSeededUserAndTokenAnswer',
      'TestAResetLeavesNoTraceOfTheRoundBefore',
      'TestAThrottledRequestIsRetriedUntilAnswered',
      'TestARateLimitResetIsWaited',
      'TestAServerErrorIsReported',
    ];
    for (const test of tests) expect(out).toMatch(new RegExp(`^--- PASS: ${test} \\(`, 'm'));
    for (const round of ['round1', 'round2'])
      expect(out).toMatch(new RegExp(`^ +--- PASS: TestAResetLeavesNoTraceOfTheRoundBefore/${round} \\(`, 'm'));
    expect(out.match(/^--- PASS: /gm)).toHaveLength(tests.length);
    expect(out).not.toMatch(/--- (FAIL|SKIP)/);
    expect(out).toMatch(/^ok\s+\S+\/go-gitlab\s/m);

    // TestMain stopped the server it started (npx and node, working in the package's folder).
    let left = processesIn(HERE);
    for (let waited = 0; left.length > 0 && waited < 5_000; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
      left = processesIn(HERE);
    }
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left, 'reference servers left running by TestMain').toEqual([]);
    expect(snapshot(HERE), 'files written in the tree').toEqual(before);
  });
});
