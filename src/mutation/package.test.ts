/**
 * The npm package works from another project: `npm pack` (its prepack builds dist/), an empty
 * project installs the tarball from the npm cache, and from that folder `npx conformance serve`
 * and `npx conformance certify` run, the reports land in the project's own reports/ and its .env is
 * read, `import('api-v4-conformance')` starts the reference server, and the typings check.
 * About 30 s (most of it the build and the install).
 *
 *   npx vitest run --project self src/mutation/package.test.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { childEnv } from './run-fault.ts';

const TOKEN = 'package-test-admin-token-0123456789';

/** The environment of every child: this one's, without vitest's variables and without any kit configuration. */
function env(): NodeJS.ProcessEnv {
  const out = childEnv();
  for (const k of Object.keys(out)) if (k.startsWith('CONFORMANCE_') || k.startsWith('REFERENCE_')) delete out[k];
  return out;
}

/** Runs a command to its end; resolves with the exit code and the output (stdout, then stderr). */
function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, output: `${stdout}\n${stderr}` }));
  });
}

/** Starts `npx conformance serve` in its own process group (npx does not pass signals on) and waits for its URL. */
function serve(cwd: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn('npx', ['conformance', 'serve', '--port', '0', '--admin-token', TOKEN], {
    cwd,
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no URL:\n${output}`)), 30_000);
    const onData = (d: Buffer) => {
      output += d;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve ended (${code}):\n${output}`));
    });
  });
}

/** SIGTERM to the whole group (npx and the server); resolves when every process holding its output has ended. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

describe('the npm package, installed in an empty project', () => {
  let work: string;
  let project: string;
  let packed: string[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'cfk-package-'));
    const pack = await run('npm', ['pack', '--json', '--pack-destination', work], PACKAGE_ROOT);
    expect(pack.code, pack.output.slice(-3000)).toBe(0);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    packed = info!.files.map((f) => f.path);
    project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`);
    const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, info!.filename)], project);
    expect(install.code, install.output.slice(-3000)).toBe(0);
  }, 150_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  test("holds what runs and nothing of the kit's own tests or reports", () => {
    for (const f of [
      'bin/conformance.js',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli.js',
      'dist/reference/index.js',
      'dist/reference/index.d.ts',
      'schemas/user.admin.json',
      'src/spec/clauses.json',
      'src/run/global-setup.ts',
      'src/reference/index.ts',
      'suites/users/states.test.ts',
      'vitest.config.ts',
      'README.md',
      'docs/certifying.md',
      'package.json',
    ]) {
      expect(packed, f).toContain(f);
    }
    const unwanted = packed.filter(
      (f) =>
        /^(reports|src\/(mutation|report)|\.ci)\//.test(f) ||
        f === 'src/cli.ts' ||
        f === 'src/reference/testing.ts' ||
        (f.startsWith('src/') && /\.(test|fault-cases)\.ts$/.test(f)) ||
        f.startsWith('node_modules/'),
    );
    expect(unwanted).toEqual([]);
  });

  test('`npx conformance serve` and `npx conformance certify` run from the project folder', async () => {
    // The project's .env is read: its seed shows in the summary.
    writeFileSync(join(project, '.env'), 'CONFORMANCE_SEED=4242\n');
    const server = await serve(project);
    try {
      const certify = await run(
        'npx',
        ['conformance', 'certify', '--base-url', server.url, '--admin-token', TOKEN, '--suite', 'broadcast-messages'],
        project,
      );
      expect(certify.code, certify.output.slice(-3000)).toBe(0);
      expect(certify.output).not.toContain(TOKEN);
      const summary = JSON.parse(readFileSync(join(project, 'reports/summary.json'), 'utf8')) as {
        verdict: string;
        seed: number;
        target: string;
        totals: { passed: number; failed: number };
      };
      expect(summary).toMatchObject({ verdict: 'pass', seed: 4242, target: server.url, totals: { failed: 0 } });
      expect(summary.totals.passed).toBeGreaterThan(5);
      expect(existsSync(join(project, 'reports/junit.xml'))).toBe(true);
      expect(existsSync(join(project, 'node_modules/api-v4-conformance/reports'))).toBe(false);
    } finally {
      await stop(server.child);
    }
    expect(server.output()).toContain('Reference server stopped.');
  });

  test('`npx conformance certify` without a base URL certifies the bundled reference (its TypeScript loaded by vitest from node_modules)', async () => {
    const certify = await run('npx', ['conformance', 'certify', '--suite', 'versioning', '--reports-dir', 'bundled-reports'], project);
    expect(certify.code, certify.output.slice(-3000)).toBe(0);
    const summary = JSON.parse(readFileSync(join(project, 'bundled-reports/summary.json'), 'utf8')) as {
      verdict: string;
      target: string;
      totals: { passed: number };
    };
    expect(summary).toMatchObject({ verdict: 'pass', target: expect.stringContaining('bundled reference') });
    expect(summary.totals.passed).toBeGreaterThan(0);
  });

  test("`import('api-v4-conformance')` starts the reference server (plain JavaScript, no TypeScript loader)", async () => {
    const script = `
      const { startReferenceServer } = await import('api-v4-conformance');
      const ref = await startReferenceServer({ port: 0, adminToken: '${TOKEN}' });
      const res = await fetch(ref.apiUrl + '/user', { headers: { 'Private-Token': ref.adminToken } });
      console.log(JSON.stringify({ status: res.status, username: (await res.json()).username }));
      await ref.close();
      const { FAULTS } = await import('api-v4-conformance/reference');
      console.log(JSON.stringify({ faults: FAULTS.length }));`;
    const result = await run(process.execPath, ['--input-type=module', '-e', script], project);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('{"status":200,"username":"root"}');
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!).faults).toBeGreaterThan(0);
    expect(existsSync(join(project, 'node_modules/tsx'))).toBe(false);
  });

  test("`require('api-v4-conformance')` works too (CommonJS on Node 20.19+, which requires ES modules)", async () => {
    const script = `
      const { startReferenceServer } = require('api-v4-conformance');
      const { FAULTS } = require('api-v4-conformance/reference');
      startReferenceServer({ port: 0 }).then(async (ref) => {
        console.log(JSON.stringify({ started: ref.apiUrl.endsWith('/api/v4'), faults: FAULTS.length }));
        await ref.close();
      });`;
    const result = await run(process.execPath, ['-e', script], project);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('{"started":true,"faults":');
  });

  test('the typings: a TypeScript consumer type-checks its use of certify() and startReferenceServer()', async () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { certify, startReferenceServer, type CertifyResult, type RunningReference } from 'api-v4-conformance';",
        'const ref: RunningReference = await startReferenceServer({ port: 0 });',
        "const result: CertifyResult = await certify({ flags: { baseUrl: ref.url, adminToken: ref.adminToken, numRuns: 5, heavy: true }, suites: ['users'], quiet: true });",
        '// @ts-expect-error a number of runs is a number (or its text), not a switch',
        'await certify({ flags: { numRuns: true } });',
        'const code: 0 | 1 | 2 = result.exitCode;',
        '// @ts-expect-error the port is a number',
        "await startReferenceServer({ port: '4010' });",
        'console.log(code);',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          // skipLibCheck keeps it quick; a lost type would not go unseen: the @ts-expect-error above fails on an `any`.
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          typeRoots: [join(PACKAGE_ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = await run(process.execPath, [join(PACKAGE_ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], project);
    expect(tsc.code, tsc.output).toBe(0);
  });
});
