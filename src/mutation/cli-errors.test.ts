/**
 * The command line as a user meets it, in child processes: `--help` and `--version` exit 0, and
 * each thing certify and serve refuse before anything runs is one line on the console and exit
 * code 2, within seconds (no stack trace; `--reports-dir /proc/nope` used to spin at full CPU).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { childEnv, removeRunFolders, runCertification, runNode, tempFolder } from './run-fault.ts';

afterAll(removeRunFolders);

const BIN = join(PACKAGE_ROOT, 'bin/conformance.js');

describe('the conformance command', () => {
  test('certify --help and --version exit 0', async () => {
    const help = await runNode([BIN, 'certify', '--help']);
    expect(help.code).toBe(0);
    expect(help.output).toMatch(/^Usage:\n {2}conformance certify /);
    const version = await runNode([BIN, '--version']);
    const { version: expected } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toEqual({ code: 0, output: `${expected}\n` });
  });

  test.each([
    [['--suite', 'versioning,nosuch'], {}, /^conformance: --suite nosuch is not a suite folder/],
    [['--grep', 'nomatch'], {}, /^conformance: --grep "nomatch" matches no test title/],
    [['--reports-dir', '/proc/nope'], {}, /^conformance: the reports folder \/proc\/nope cannot be made/],
    [['--suite', 'versioning'], { REFERENCE_FAULTS: 'nosuch' }, /^conformance: REFERENCE_FAULTS: unknown fault "nosuch"/],
  ] as const)('certify %j: one line, exit 2, nothing run', async (args, env, line) => {
    const run = await runCertification({ args: [...args], env: { ...env }, killAfterMs: 30_000 });
    expect(run.killed).toBe(false);
    expect(run.exitCode, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(line);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.summary).toBeUndefined();
  });

  test('a malformed .env is named by its line, its value unseen', () => {
    const dir = tempFolder('cfk-env-');
    writeFileSync(join(dir, '.env'), 'CONFORMANCE_SEED=3\nCONFORMANCE_ADMIN_TOKEN="secret-token-value\n');
    // .env is read from the working directory.
    const child = spawnSync(process.execPath, [BIN, 'certify'], { cwd: dir, env: childEnv(), encoding: 'utf8', timeout: 30_000 });
    expect(child.status).toBe(2);
    expect(child.stdout).toBe('');
    expect(child.stderr).toBe('conformance: .env line 2: the value of CONFORMANCE_ADMIN_TOKEN opens a quote (") that is never closed\n');
  });

  test('serve on a port in use, or with an unknown fault id: one line, exit 2', async () => {
    const busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    try {
      const port = (busy.address() as AddressInfo).port;
      const inUse = await runNode([BIN, 'serve', '--port', String(port)]);
      expect(inUse).toEqual({
        code: 2,
        output: `conformance: port ${port} on 127.0.0.1 is in use: stop what listens there or choose another --port\n`,
      });
    } finally {
      busy.close();
    }
    const fault = await runNode([BIN, 'serve', '--port', '0'], { REFERENCE_FAULTS: 'status.create-20' });
    expect(fault.code).toBe(2);
    expect(fault.output).toMatch(
      /^conformance: REFERENCE_FAULTS: unknown fault "status.create-20"; did you mean status.create-200\? .*\n$/,
    );
  });
});
