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
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { docsCodeBlock } from '../docs-recipe.ts';
import { HERE, processesNaming, pythonClientMissing, runPytest } from './pytest-run.ts';

const temp = tempFoldersForThisFile();

describe('the pytest recipe with python-gitlab', () => {
  it('is the code the docs show (conftest.py from its imports on)', () => {
    const conftest = readFileSync(join(HERE, 'conftest.py'), 'utf8');
    expect(docsCodeBlock('python')).toBe(conftest.slice(conftest.indexOf('import json')));
  });

  it('passes: seed, a reset between tests, a 429 retried and a 500 raised, the server stopped', { timeout: 120_000 }, async (ctx) => {
    const missing = pythonClientMissing();
    if (missing) ctx.skip(`not run: ${missing}`);
    const dir = temp('pytest-recipe-');
    const bytecode = join(HERE, '__pycache__');
    const hadBytecode = existsSync(bytecode);
    // The recipe's own command (npx conformance serve, run in this checkout), not an override.
    const { failed, out } = await runPytest('test_recipe.py', dir);
    expect(failed, out).toBe(false);

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
