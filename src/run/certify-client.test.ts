/**
 * certify-client end to end with small node scripts as the client: one that sends a token in the
 * query string and an unknown parameter gets FAIL with both findings named in every report (and no
 * token value in any); the same with the adopted baseline gets PASS; a command that exits non-zero
 * fails on that alone; the command sees CONFORMANCE_CLIENT_URL (the server root) and the token, its
 * output is passed through; what cannot run is a KitError with its code; SIGTERM of the command line
 * is passed on to the command and the reports are still written.
 *
 *   npx vitest run src/run/certify-client.test.ts
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { writeAdoptedBaseline } from '../report/adopt.ts';
import { certifyClient, type CertifyClientOptions } from './certify-client.ts';

const temp = tempFoldersForThisFile();
const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));

/** A client script: the token in the query string on GET /user, an unknown parameter on GET /users, both answered 200. */
const BAD_CLIENT = `
const url = process.env.CONFORMANCE_CLIENT_URL, token = process.env.CONFORMANCE_CLIENT_TOKEN;
if (!/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/.test(url) || !token) process.exit(9);
const me = await fetch(url + '/api/v4/user?private_token=' + token);
const users = await fetch(url + '/api/v4/users?colour=red', { headers: { 'PRIVATE-TOKEN': token } });
const amy = await fetch(url + '/api/v4/user', { headers: { 'PRIVATE-TOKEN': 'amy-token-1234' } });
console.log('answers', me.status, users.status, (await amy.json()).username);
console.error('to stderr');
`;

function run(dir: string, code: string, more: Partial<CertifyClientOptions> = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (out += c.toString()));
  const seed = join(dir, 'seed.json');
  writeFileSync(seed, JSON.stringify({ users: [{ username: 'amy', tokens: [{ token: 'amy-token-1234', scopes: ['api'] }] }] }));
  return certifyClient({
    command: [process.execPath, '--input-type=module', '-e', code],
    data: seed,
    reportsDir: join(dir, 'reports'),
    output: { stdout, stderr },
    log: () => {},
    forwardSignals: false,
    today: '2026-11-25',
    ...more,
  }).then((result) => ({ result, out: () => out }));
}

const reportsOf = (dir: string) =>
  ['client-report.json', 'client-report.md', 'junit.xml'].map((n) => readFileSync(join(dir, 'reports', n), 'utf8'));

describe('certify-client', () => {
  it('fails a client that sends a token in the query and an unknown parameter, naming both; the adopted baseline passes it', async () => {
    const dir = temp('certify-client-');
    const { result, out } = await run(dir, BAD_CLIENT);
    expect(out()).toContain('answers 200 200 amy');
    expect(out()).toContain('to stderr');
    expect(result.exitCode).toBe(1);
    expect(result.line).toBe(
      'FAIL: 2 client findings outside the baseline (token-in-query GET /user private_token, unknown-parameter GET /users colour)',
    );
    const [json, md, junit] = reportsOf(dir);
    for (const text of [json!, md!, junit!]) {
      expect(text).toContain('token-in-query');
      expect(text).toContain('unknown-parameter');
      expect(text).not.toContain('amy-token-1234');
      expect(text).not.toMatch(/private_token=(?!\[redacted\])/);
    }
    expect(junit).toMatch(/failures="2"/);
    const token = result.verdict.findings[0]!.reproducer;
    expect(token).toContain('private_token=[redacted]');

    const baseline = join(dir, 'baseline.json');
    writeAdoptedBaseline({ from: join(dir, 'reports', 'client-report.json'), out: baseline, today: '2026-11-25' });
    const again = await run(dir, BAD_CLIENT, { baseline });
    expect(again.result.line).toBe(
      'PASS: the command exited 0 and no client finding is outside the baseline (2 known findings excused by the baseline); 3 requests judged',
    );
    expect(again.result.exitCode).toBe(0);
    expect(reportsOf(dir)[2]).toMatch(/skipped="2"/);
  });

  it('fails on the command alone when it exits non-zero without a finding', async () => {
    const dir = temp('certify-client-');
    const { result } = await run(dir, 'process.exit(3)');
    expect(result.line).toBe('FAIL: the command exited 3');
    expect(result.exitCode).toBe(1);
    expect(reportsOf(dir)[2]).toContain('<failure message="the command exited 3" type="command"/>');
  });

  it('serves the platform profile when asked, and says so in the report', async () => {
    const dir = temp('certify-client-');
    const { result } = await run(dir, 'process.exit(0)', { profile: 'platform' });
    expect(result.exitCode).toBe(0);
    expect(result.verdict.profile).toBe('platform');
    expect(reportsOf(dir)[1]).toContain('profile platform');
  });

  it('cannot run: a missing command, an unreadable --data or --baseline, a bad profile (KitError, no report left)', async () => {
    const dir = temp('certify-client-');
    const reportsDir = join(dir, 'reports');
    const base = { reportsDir, log: () => {}, forwardSignals: false };
    await expect(certifyClient({ ...base, command: ['no-such-client-command-here'] })).rejects.toMatchObject({
      code: 'COMMAND_UNRUNNABLE',
      message: 'cannot start the command "no-such-client-command-here": not found',
    });
    expect(existsSync(join(reportsDir, 'client-report.json'))).toBe(false);
    await expect(certifyClient({ ...base, command: ['true'], data: join(dir, 'none.json') })).rejects.toMatchObject({
      code: 'INPUT_UNREADABLE',
    });
    await expect(certifyClient({ ...base, command: ['true'], baseline: join(dir, 'none.json') })).rejects.toMatchObject({
      code: 'INPUT_UNREADABLE',
    });
    writeFileSync(join(dir, 'bad.json'), '{"known":[{"finding":"wrong-colour","reason":"r","expires":"2027-01-01"}]}');
    await expect(certifyClient({ ...base, command: ['true'], baseline: join(dir, 'bad.json') })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    await expect(certifyClient({ ...base, command: ['true'], profile: 'gitlab' })).rejects.toMatchObject({ code: 'USAGE' });
    await expect(certifyClient({ ...base, command: [] })).rejects.toMatchObject({ code: 'USAGE' });
  });

  it(
    'passes SIGTERM on to the command, stops the server and still writes the reports (the command line)',
    { timeout: 20_000 },
    async () => {
      const dir = temp('certify-client-');
      const script =
        "process.on('SIGTERM', () => { console.log('got SIGTERM'); process.exit(143); }); console.log('ready'); setInterval(() => {}, 1000);";
      const cli = spawn(
        process.execPath,
        [BIN, 'certify-client', '--reports-dir', join(dir, 'reports'), '--', process.execPath, '-e', script],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      cli.stdout.on('data', (c: Buffer) => (out += c.toString()));
      cli.stderr.on('data', (c: Buffer) => (out += c.toString()));
      await new Promise<void>((ready) => cli.stdout.on('data', () => /^ready$/m.test(out) && ready()));
      cli.kill('SIGTERM');
      const code = await new Promise<number | null>((done) => cli.once('close', done));
      expect(out).toContain('got SIGTERM');
      expect(out).toContain('FAIL: the command was interrupted (SIGTERM passed on) and exited 143');
      expect(code).toBe(1);
      expect(reportsOf(dir)[1]).toContain('was interrupted (SIGTERM passed on) and exited 143');
    },
  );
});
