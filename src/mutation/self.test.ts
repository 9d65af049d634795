/**
 * The kit's proof against broken servers, in `npm test`: certification of the bundled reference
 * fails (exit 1, the fault's clause marked fail) for every fault of the catalogue, a deployed-style
 * run over HTTP passes, bad configuration and an unreachable target exit 2 with one clear line,
 * and no report of a failing run holds the admin token.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../kit/certify.ts';
import { CATALOGUE } from './catalogue.ts';
import { runCertification } from './run-fault.ts';

const TOKEN = 'self-test-admin-token-0123456789';

describe.concurrent('every catalogued fault fails the run', () => {
  for (const fault of CATALOGUE) {
    test(`${fault.id} is caught by ${fault.clause}`, async () => {
      const run = await runCertification({ faults: [fault.id], filters: fault.suites, env: { REFERENCE_ADMIN_TOKEN: TOKEN } });
      expect(run.summary, run.stderr.slice(-2000)).toBeDefined();
      expect(run.exitCode).toBe(1);
      expect(run.summary!.clauses.find((c) => c.id === fault.clause)?.status).toBe('fail');
      for (const f of readdirSync(run.reportsDir)) {
        expect(readFileSync(join(run.reportsDir, f), 'utf8'), `${f} leaks the admin token`).not.toContain(TOKEN);
      }
    });
  }
});

describe('exit codes', () => {
  test('CONFORMANCE_BASE_URL=not-a-url exits 2 with one line naming the variable', async () => {
    const run = await runCertification({ env: { CONFORMANCE_BASE_URL: 'not-a-url' } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('CONFORMANCE_BASE_URL');
  });

  test('an unreachable target exits 2 with one line saying so', async () => {
    const run = await runCertification({ env: { CONFORMANCE_BASE_URL: 'http://127.0.0.1:9', CONFORMANCE_ADMIN_TOKEN: TOKEN } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/does not answer/);
    expect(run.stderr).not.toContain(TOKEN);
  });

  test('a token the target refuses exits 2', async () => {
    await withServedReference(async (url) => {
      const run = await runCertification({ env: { CONFORMANCE_BASE_URL: url, CONFORMANCE_ADMIN_TOKEN: 'wrong-token-123456' } });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toMatch(/refuses the administrator token/);
    });
  });

  test('`serve` in one process and `certify --base-url` in another pass', async () => {
    await withServedReference(async (url) => {
      const run = await runCertification({ args: ['--base-url', url], env: { CONFORMANCE_ADMIN_TOKEN: TOKEN } });
      expect(run.exitCode, run.stdout.slice(-3000)).toBe(0);
      expect(run.summary?.verdict).toBe('pass');
    });
  });
});

/** Starts `conformance serve` as a separate process on a free port, runs fn, stops it with SIGTERM. */
async function withServedReference(fn: (url: string) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'bin/conformance.js'), 'serve', '--port', '0', '--admin-token', TOKEN], {
    cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+?) /.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    await fn(url);
  } finally {
    child.kill('SIGTERM');
  }
}
