/**
 * The certify-client recipe of docs/certify-client.md, proved with a real Python client: the command
 * line `conformance certify-client --data seed.json -- python3 -m pytest ...` runs
 * test_under_certify_client.py with conftest.py (the recipe, the same code as the docs show) under
 * /usr/bin/python3 with Debian's python3-gitlab and python3-pytest. python-gitlab's calls (users listed,
 * created and blocked, variables read, saved and created, broadcast messages, epics with labels) are
 * judged by the strict reference: the verdict is PASS, with every report written and no finding.
 * Without the packages (.ci/run installs them) the test skips, saying why. Everything pytest writes
 * goes to a temp folder (no cache, no bytecode).
 *
 *   npx vitest run src/ecosystem/python-gitlab-certify-client/recipe.test.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { expectClientPass, runCertifyClient } from '../certify-client-run.ts';
import { docsCodeBlock } from '../docs-recipe.ts';
import { PYTHON, pythonClientMissing } from '../python-gitlab/pytest-run.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '../../..');
const temp = tempFoldersForThisFile();

describe('the certify-client recipe with python-gitlab', () => {
  it('is the code the docs show (conftest.py from its imports on)', () => {
    const conftest = readFileSync(join(HERE, 'conftest.py'), 'utf8');
    expect(docsCodeBlock('python', 'certify-client.md')).toBe(conftest.slice(conftest.indexOf('import os')));
  });

  it('passes: python-gitlab suite green, no client finding, reports written', { timeout: 60_000 }, async (ctx) => {
    const missing = pythonClientMissing();
    if (missing) ctx.skip(`not run: ${missing}`);
    const dir = temp('certify-client-pytest-');
    const bytecode = join(HERE, '__pycache__');
    const hadBytecode = existsSync(bytecode);
    const reports = join(dir, 'reports');
    const args = [
      '--data',
      join(HERE, 'seed.json'),
      '--reports-dir',
      reports,
      '--',
      PYTHON,
      '-m',
      'pytest',
      '-v',
      '-p',
      'no:cacheprovider',
    ];
    const { REFERENCE_PROFILE: _p, ...env } = process.env;
    const run = await runCertifyClient([...args, '--basetemp', join(dir, 'pytest'), HERE], {
      cwd: REPO,
      env: { ...env, PYTHONDONTWRITEBYTECODE: '1' },
      timeoutMs: 50_000,
    });
    expect(run.failed, run.out).toBe(false);
    expect(run.out).toMatch(/^=+ 6 passed in [\d.]+s =+$/m);
    // What the suite exercised, judged: reads, writes with bodies, a var.save() (the key in the body), epics with labels.
    expectClientPass(run, reports, [
      'GET /users',
      'POST /users',
      'PUT /projects/:id/variables/:key',
      'POST /groups/:id/epics',
      'PUT /broadcast_messages/:id',
    ]);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toMatch(/failures="0"/);
    if (!hadBytecode) expect(existsSync(bytecode)).toBe(false);
  });
});
