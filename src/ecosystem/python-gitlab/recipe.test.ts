/**
 * The pytest recipe of docs/reference-server.md, proved with a real Python client: pytest runs
 * test_recipe.py with conftest.py (the recipe, the same code as the docs show) under /usr/bin/python3
 * with Debian's python3-gitlab and python3-pytest. The fixture starts `npx conformance serve --port 0
 * --data FILE --ops-faults ...`, reads its ready line, resets over HTTP before each test and stops it;
 * python-gitlab meets the seeded user and token, no state across a reset, a 429 it retries and a 500 it
 * raises. Judged by pytest's exit status and summary. Without the packages (.ci/run installs them) the
 * test skips, saying why. Everything pytest writes goes to a temp folder (no cache, no bytecode).
 *
 *   npx vitest run src/ecosystem/python-gitlab/recipe.test.ts
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { docsCodeBlock } from '../docs-recipe.ts';

const PYTHON = '/usr/bin/python3';
const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '../../..');
const temp = tempFoldersForThisFile();

/** Why the Python client cannot run here, or undefined when it can. */
function pythonClientMissing(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  const probe = spawnSync(PYTHON, ['-c', 'import gitlab, pytest'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : `python3-gitlab or python3-pytest missing (${probe.stderr.trim().split('\n').at(-1)})`;
}

/** Pids of the processes whose command line names `text` (Linux /proc; none elsewhere). */
function processesNaming(text: string): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

describe('the pytest recipe with python-gitlab', () => {
  it('is the code the docs show (conftest.py from its imports on)', () => {
    const conftest = readFileSync(join(HERE, 'conftest.py'), 'utf8');
    expect(docsCodeBlock('python')).toBe(conftest.slice(conftest.indexOf('import json')));
  });

  it('passes: seed, a reset between tests, a 429 retried and a 500 raised, the server stopped', { timeout: 120_000 }, async (ctx) => {
    const missing = pythonClientMissing();
    if (missing) ctx.skip(`not run: ${missing}`);
    const dir = temp('pytest-recipe-');
    // The recipe's own command (npx conformance serve, run in this checkout), not an override.
    const { CONFORMANCE_SERVE: _override, ...env } = process.env;
    const bytecode = join(HERE, '__pycache__');
    const hadBytecode = existsSync(bytecode);
    const run = await promisify(execFile)(
      PYTHON,
      ['-m', 'pytest', '-v', '-p', 'no:cacheprovider', '--basetemp', join(dir, 'pytest'), join(HERE, 'test_recipe.py')],
      { cwd: REPO, env: { ...env, PYTHONDONTWRITEBYTECODE: '1' }, timeout: 110_000 },
    ).catch((e: { code?: number; stdout?: string; stderr?: string }) => ({ ...e, failed: true }));
    const out = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    expect('failed' in run, out).toBe(false);

    for (const test of [
      'test_the_seeded_user_and_token_answer',
      'test_a_reset_leaves_no_trace_of_the_test_before[1]',
      'test_a_reset_leaves_no_trace_of_the_test_before[2]',
      'test_a_throttled_request_is_retried_until_answered',
      'test_a_server_error_is_raised',
    ])
      expect(out).toContain(`test_recipe.py::${test} PASSED`);
    expect(out).toMatch(/^=+ 5 passed in [\d.]+s =+$/m);

    // The fixture stopped the server it started (its seed file lies in this run's temp folder).
    let left = processesNaming(dir);
    for (let waited = 0; left.length > 0 && waited < 5_000; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
      left = processesNaming(dir);
    }
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left, 'reference servers left running by the fixture').toEqual([]);
    if (!hadBytecode) expect(existsSync(bytecode)).toBe(false);
  });
});
