/**
 * Running pytest on a file of this folder under /usr/bin/python3 with Debian's python3-gitlab and
 * python3-pytest, for the proofs beside it (recipe.test.ts, client-surface.test.ts): whether the
 * client can run here, and one run with nothing written outside `dir` (no cache, no bytecode).
 *
 *   const missing = pythonClientMissing();       // undefined, or why it cannot run
 *   const run = await runPytest('test_recipe.py', dir);
 *   run.failed;   // pytest exited non-zero;  run.out: its whole output
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const PYTHON = '/usr/bin/python3';
export const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '../../..');

/** Why the Python client cannot run here, or undefined when it can. */
export function pythonClientMissing(): string | undefined {
  if (!existsSync(PYTHON)) return `${PYTHON} is not installed`;
  const probe = spawnSync(PYTHON, ['-c', 'import gitlab, pytest'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : `python3-gitlab or python3-pytest missing (${probe.stderr.trim().split('\n').at(-1)})`;
}

/**
 * pytest -v on `file` (of this folder) from the repository root, its temp files in `dir`, with
 * `env` added; the recipe's own serve command (CONFORMANCE_SERVE, an override, left out).
 */
export async function runPytest(file: string, dir: string, env: Record<string, string> = {}): Promise<{ failed: boolean; out: string }> {
  const { CONFORMANCE_SERVE: _override, ...inherited } = process.env;
  const run = await promisify(execFile)(
    PYTHON,
    ['-m', 'pytest', '-v', '-p', 'no:cacheprovider', '--basetemp', join(dir, 'pytest'), join(HERE, file)],
    { cwd: REPO, env: { ...inherited, PYTHONDONTWRITEBYTECODE: '1', ...env }, timeout: 110_000 },
  ).catch((e: { code?: number; stdout?: string; stderr?: string }) => ({ ...e, failed: true }));
  return { failed: 'failed' in run, out: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** Pids of the processes whose command line names `text` (Linux /proc; none elsewhere). */
export function processesNaming(text: string): number[] {
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
