/**
 * observe judges by who is calling (issue 41, Done when): in front of the reference with each fault
 * of the catalogue whose departure depends on the caller, the part of the kit's certification that
 * catches it runs THROUGH observe with identifyCallers, and observe reports a server finding naming
 * the fault's clause, a security finding (with the caller's id, never a credential) where a regular
 * user got what only an administrator or the owner may get. The faultless whole certification is
 * observe-certification.test.ts (no server finding there). And what --identify-callers sends: one
 * GET /user per new credential, that credential in the client's form and nothing else, said in the
 * ready line and the report.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../mutation/catalogue.ts';
import { removeRunFolders, runCertification, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { OTHER_USER_WITH_EMAIL } from './fixtures/exchange.ts';
import { spawnObserve } from './fixtures/observe-command.ts';
import { startObserve } from './index.ts';

const ADMIN = 'observe-callers-admin-token';
afterAll(removeRunFolders);

/** The faults, and whether observe must call each a security finding. */
export const CALLER_FAULTS = [
  ['users.normal-views-show-email', true],
  ['auth.admin-only-open', true],
  ['users.admin-list-hides-is-admin', false],
  ['users.current-shows-admin-fields', false],
  ['tokens.value-shown', false],
] as const;

describe('observe judges by caller', () => {
  it.each(CALLER_FAULTS)('%s: a finding naming its clause (security: %s)', { timeout: 240_000 }, async (id, security) => {
    const fault = CATALOGUE.find((f) => f.id === id)!;
    const ref = await startReferenceServer({ adminToken: ADMIN, faults: [id] });
    const reportsDir = tempFolder('cfk-observe-callers-');
    const o = await startObserve({ upstream: ref.url, reportsDir, judgeEverything: true, identifyCallers: true });
    try {
      // The kit catches the fault too; what matters here is what observe saw of that traffic.
      await runCertification({ env: { CONFORMANCE_BASE_URL: o.url, CONFORMANCE_ADMIN_TOKEN: ADMIN }, filters: fault.suites });
    } finally {
      await ref.close();
    }
    const secrets = await o.learnedSecrets();
    const { summary, exitCode } = await o.stop();
    const named = summary.server.filter((f) => f.clause === fault.clause);
    expect(named, JSON.stringify(summary.server.map((f) => [f.operation, f.clause, f.about]))).not.toEqual([]);
    expect(exitCode).toBe(1);
    if (security) {
      const f = named.find((x) => x.security);
      expect(f?.security).toMatchObject({ id: expect.any(Number), username: '<username>' });
    }
    expect(scanForSecrets(reportsDir, [ADMIN, ...secrets])).toEqual([]);
  });
});

/** An upstream that knows one token's user, shows another user with an e-mail address (the fault), and keeps each request's line and headers. */
async function recordingUpstream(token: string) {
  const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const own = req.headers['private-token'] === token || req.url!.includes(`private_token=${token}`);
    if (!own) return json(401, { message: '401 Unauthorized' });
    if (req.url!.startsWith('/api/v4/user?') || req.url === '/api/v4/user')
      return json(200, { id: 2, username: 'ann', name: 'Ann', state: 'active' });
    json(200, OTHER_USER_WITH_EMAIL);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('--identify-callers', () => {
  const TOKEN = 'glpat-identify-me-0123456789';

  it('sends one GET /user per new credential, in the form the client used, with nothing else', async () => {
    const up = await recordingUpstream(TOKEN);
    const o = await startObserve({
      upstream: up.url,
      reportsDir: tempFolder('cfk-identify-'),
      judgeEverything: true,
      identifyCallers: true,
    });
    for (const target of ['/api/v4/users/5', '/api/v4/users/5?with_custom_attributes=false', `/api/v4/users/5?private_token=${TOKEN}`]) {
      const res = await fetch(`${o.url}${target}`, target.includes('private_token') ? {} : { headers: { 'PRIVATE-TOKEN': TOKEN } });
      expect(res.status).toBe(200);
      await res.text();
    }
    const { summary } = await o.stop();
    await up.close();
    const own = up.seen.filter((r) => r.url.startsWith('/api/v4/user') && !r.url.startsWith('/api/v4/users'));
    // One credential (the same token as a header and as a parameter): one GET /user, with the header, nothing more.
    expect(own).toHaveLength(1);
    expect(own[0]!.method).toBe('GET');
    expect(own[0]!.url).toBe('/api/v4/user');
    expect(Object.keys(own[0]!.headers).sort()).toEqual(['accept', 'connection', 'host', 'private-token', 'user-agent']);
    expect(summary).toMatchObject({ identifyCallers: true, counts: { identifyRequests: 1, callersIdentified: 1 } });
    // Judged as that caller from the first exchange: a regular user shown another's e-mail, three times.
    const leak = summary.server.find((f) => f.clause === 'users.get.non_admin_hidden' && f.about === 'callerHidden');
    expect(leak).toMatchObject({ count: 3, security: { id: 2, username: '<username>' } });
    expect(summary.operations.seen.find((s) => s.operation === 'GET /users/:id')).toMatchObject({ count: 3, judgedInFull: 3 });
  });

  it('the command says so in its ready line and its report, and never writes the credential', { timeout: 60_000 }, async () => {
    const up = await recordingUpstream(TOKEN);
    const reportsDir = tempFolder('cfk-identify-cli-');
    const observe = spawnObserve(['--upstream', up.url, '--reports-dir', reportsDir, '--identify-callers']);
    let code: number | null;
    try {
      const res = await fetch(`${await observe.url}/api/v4/users/5`, { headers: { 'PRIVATE-TOKEN': TOKEN } });
      await res.text();
      code = await observe.stop();
    } finally {
      // A failure above leaves no observe behind (it would hold its port and CPU past the test).
      observe.kill();
      await up.close();
    }
    expect(code, observe.output()).toBe(1);
    expect(observe.stdout()).toMatch(/identifying callers: one GET \/user per new credential, read-only/);
    expect(observe.stdout()).toMatch(/FAIL: \d+ server finding\(s\) \(1 security\)/);
    const md = readFileSync(join(reportsDir, 'summary.md'), 'utf8');
    expect(md).toMatch(/## Security findings \(1\)/);
    expect(md).toMatch(/1 sent, 1 named their caller/);
    expect(scanForSecrets(reportsDir, [TOKEN])).toEqual([]);
    expect(observe.output()).not.toContain(TOKEN);
  });
});
