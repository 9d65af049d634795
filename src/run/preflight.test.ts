/**
 * Preflight and provisioning name the settings of a target that stop a run (one line, exit 2,
 * KitError TARGET_SETTING): Admin Mode, password rules, token-expiry rules, a time zone other
 * than UTC; the healthy reference passes, with and without its token-expiry capability. Stub
 * servers answer the way such targets do.
 *
 *   npx vitest run src/run/preflight.test.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../kit/client.ts';
import { serverDate, tokenExpiresAt } from '../kit/token-expiry.ts';
import { startReferenceServer } from '../reference/index.ts';
import { isKitError, type KitError } from '../shared/errors.ts';
import { SecretSet } from '../shared/redact.ts';
import { preflight } from './preflight.ts';
import { provisionRegularUser, provisionRunGroup, runPassword } from './provision.ts';
import { nonUtcOffset } from './target-settings.ts';

const TOKEN = 'preflight-test-admin-token';
const dir = mkdtempSync(join(tmpdir(), 'cfk-preflight-'));
const servers: { close(): unknown }[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = [status: number, body: unknown];
/** A stub target: 'METHOD /path' (under /api/v4, no query) -> status and JSON body; anything else 404. */
async function stub(routes: Record<string, Answer | ((body: any) => Answer)>): Promise<{ url: string; seen: Record<string, any>[] }> {
  const seen: Record<string, any>[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const key = `${req.method} ${(req.url ?? '').replace(/^\/api\/v4/, '').split('?')[0]}`;
      if (body) seen.push({ route: key, ...body });
      const route = routes[key];
      const [status, json] = typeof route === 'function' ? route(body) : (route ?? [404, { message: '404 Not Found' }]);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push({ close: () => new Promise((r) => server.close(r)) });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}

const client = (url: string, secrets = new SecretSet([TOKEN])) =>
  new ApiClient({ apiUrl: `${url}/api/v4`, timeoutMs: 5_000, maxBodyBytes: 1 << 20, secrets, auth: { token: TOKEN } });
const provision = (url: string, secrets = new SecretSet([TOKEN])) =>
  provisionRegularUser(client(url, secrets), {
    runPrefix: 'cfk-test',
    ledgerPath: join(dir, 'ledger.jsonl'),
    secrets,
    tokenExpiresAt: '2024-06-01',
  });

/** The KitError a promise rejects with (fails the test when it resolves or throws something else). */
async function kitError(p: Promise<unknown>): Promise<KitError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isKitError(e), `expected a KitError, got ${String(e)}`).toBe(true);
  const k = e as KitError;
  expect(k.message).not.toContain('\n'); // one line
  return k;
}

const ADMIN = { id: 1, username: 'root', is_admin: true, created_at: '2024-05-01T12:00:00.000Z' };
const CREATED_USER: Answer = [201, { id: 5, username: 'cfk-test-user', created_at: '2024-05-01T12:00:00.000Z' }];
const TOKEN_MADE: Answer = [201, { id: 9, token: 'glpat-stubbedtokenvalue00', expires_at: '2024-06-01' }];

describe('the healthy reference', () => {
  it.each([false, true])(
    'passes preflight and provisioning (token expiry required: %s); the token carries expires_at',
    async (required) => {
      const ref = await startReferenceServer({ adminToken: TOKEN, port: 0, tokenExpiryRequired: required });
      servers.push(ref);
      const { admin, serverDate: today } = await preflight(client(ref.url));
      expect(admin.username).toBe('root');
      expect(Math.abs(Date.parse(today) - Date.now())).toBeLessThan(86_400_000); // the server's today, not a fixed date
      const secrets = new SecretSet([TOKEN]);
      const user = await provisionRegularUser(client(ref.url, secrets), {
        runPrefix: `cfk-ok${Number(required)}`,
        ledgerPath: join(dir, 'ledger.jsonl'),
        secrets,
        tokenExpiresAt: tokenExpiresAt(today),
      });
      const shown = await client(ref.url).get(`/users/${user.id}/impersonation_tokens`);
      expect(shown.json.map((t: { expires_at: string }) => t.expires_at)).toEqual([tokenExpiresAt(today)]);
    },
  );
});

describe('installation settings (GET /application/settings)', () => {
  const READY = { 'GET /user': [200, ADMIN] as Answer, 'GET /users/1/impersonation_tokens': [200, []] as Answer };

  it("a target that does not answer it (404, 403) is judged by the spec's defaults: both off", async () => {
    for (const refusal of [404, 403]) {
      const { url } = await stub({ ...READY, 'GET /application/settings': [refusal, { message: `${refusal}` }] });
      const { installation } = await preflight(client(url));
      expect(installation).toMatchObject({ adminMode: false, privateProfileByDefault: false });
      expect(installation.source).toMatch(new RegExp(`answered ${refusal}: the spec's defaults`));
    }
    // Fields left out are off too.
    const bare = await stub({ ...READY, 'GET /application/settings': [200, { signup_enabled: true }] });
    expect((await preflight(client(bare.url))).installation).toMatchObject({ adminMode: false, privateProfileByDefault: false });
  });

  it('a target that answers it: Admin Mode and user_defaults_to_private_profile as it says', async () => {
    const { url } = await stub({
      ...READY,
      'GET /application/settings': [200, { admin_mode: true, user_defaults_to_private_profile: true }],
    });
    expect((await preflight(client(url))).installation).toEqual({
      adminMode: true,
      privateProfileByDefault: true,
      source: 'GET /application/settings',
    });
  });

  it('the reference answers it; provisioning then states private_profile false', async () => {
    const ref = await startReferenceServer({ adminToken: TOKEN, port: 0, privateProfileByDefault: true, adminMode: true });
    servers.push(ref);
    const { installation, serverDate: today } = await preflight(client(ref.url));
    expect(installation).toMatchObject({ adminMode: true, privateProfileByDefault: true });
    const secrets = new SecretSet([TOKEN]);
    const user = await provisionRegularUser(client(ref.url, secrets), {
      runPrefix: 'cfk-pp',
      ledgerPath: join(dir, 'ledger.jsonl'),
      secrets,
      tokenExpiresAt: tokenExpiresAt(today),
      installation,
    });
    expect((await client(ref.url).get(`/users/${user.id}`)).json.private_profile).toBe(false);
  });
});

describe('settings that stop a run, each named', () => {
  it('Admin Mode: GET /user says is_admin true, an admin-only GET answers 403', async () => {
    const { url } = await stub({ 'GET /user': [200, ADMIN], 'GET /users/1/impersonation_tokens': [403, { message: '403 Forbidden' }] });
    const e = await kitError(preflight(client(url)));
    expect(e.code).toBe('TARGET_SETTING');
    expect(e.message).toMatch(/^Admin Mode is on: the token needs the admin_mode scope/);
  });

  it('Admin Mode when GET /user hides is_admin: the not-an-administrator error says Admin Mode may be why', async () => {
    const { url } = await stub({ 'GET /user': [200, { id: 1, username: 'root', created_at: ADMIN.created_at }] });
    const e = await kitError(preflight(client(url)));
    expect(e.code).toBe('ADMIN_TOKEN_NOT_ADMIN');
    expect(e.message).toMatch(/Admin Mode may be on/);
    const plain = await stub({ 'GET /user': [200, { ...ADMIN, is_admin: false }] });
    expect((await kitError(preflight(client(plain.url)))).message).not.toMatch(/Admin Mode/);
  });

  it('Admin Mode seen on the run user creation (POST /users answers 403)', async () => {
    const { url } = await stub({ 'POST /users': [403, { message: '403 Forbidden' }] });
    const e = await kitError(provision(url));
    expect([e.code, e.message]).toEqual(['TARGET_SETTING', expect.stringMatching(/^Admin Mode is on/)]);
  });

  it('a time zone other than UTC, in GET /user or in the created user', async () => {
    const { url } = await stub({
      'GET /user': [200, { ...ADMIN, created_at: '2024-05-01T14:00:00.000+02:00' }],
      'GET /users/1/impersonation_tokens': [200, []],
    });
    await expect(preflight(client(url), { timeZone: false })).resolves.toMatchObject({ admin: { id: 1 } }); // cleanup only deletes
    const e = await kitError(preflight(client(url)));
    expect(e.code).toBe('TARGET_SETTING');
    expect(e.message).toMatch(/time zone is not UTC: GET \/user sent created_at "2024-05-01T14:00:00.000\+02:00" \(offset \+02:00\)/);
    const created = await stub({ 'POST /users': [201, { id: 5, created_at: '2024-05-01T17:30:00.000+05:30' }] });
    expect((await kitError(provision(created.url))).message).toMatch(/time zone is not UTC: POST \/users/);
  });

  it('UTC written as +00:00 (or Z) is no time-zone problem', async () => {
    const { url } = await stub({
      'GET /user': [200, { ...ADMIN, created_at: '2024-05-01T12:00:00.000+00:00' }],
      'GET /users/1/impersonation_tokens': [200, []],
    });
    await expect(preflight(client(url))).resolves.toMatchObject({ admin: { id: 1 } });
    expect([nonUtcOffset('2024-05-01T12:00:00Z'), nonUtcOffset('2024-05-01T12:00:00.000-0500'), nonUtcOffset('2024-05-01')]).toEqual([
      undefined,
      '-0500',
      undefined,
    ]);
  });

  it('password rules: POST /users of the run user answers 400 about the password', async () => {
    const { url } = await stub({ 'POST /users': [400, { message: { password: ['must contain at least one symbol'] } }] });
    const e = await kitError(provision(url));
    expect(e.code).toBe('TARGET_SETTING');
    expect(e.message).toMatch(/password rules refuse the run's user: POST \/users answered 400 .*must contain at least one symbol/);
  });

  it('token expiry: expires_at refused anyway (a maximum lifetime under the margin) names the settings', async () => {
    const { url, seen } = await stub({
      'POST /users': CREATED_USER,
      'POST /users/5/impersonation_tokens': [400, { message: { expires_at: ['must be before 2024-05-08'] } }],
    });
    const e = await kitError(provision(url));
    expect(e.code).toBe('TARGET_SETTING');
    expect(e.message).toMatch(/token-expiry settings refuse the run's impersonation token with expires_at 2024-06-01/);
    expect(e.message).toMatch(/require_personal_access_token_expiry and max_personal_access_token_lifetime/);
    expect(seen.find((b) => b.route === 'POST /users/5/impersonation_tokens')).toMatchObject({ expires_at: '2024-06-01' });
  });

  it('a token refused for another reason names the request, the status and the answer', async () => {
    const { url } = await stub({
      'POST /users': CREATED_USER,
      'POST /users/5/impersonation_tokens': [404, { message: '404 User Not Found' }],
    });
    const e = await kitError(provision(url));
    expect(e).toMatchObject({ code: 'PROVISIONING_FAILED' });
    expect(e.message).toBe(
      'Could not create an impersonation token for the run\'s regular user: POST /users/5/impersonation_tokens answered 404 {"message":"404 User Not Found"}',
    );
    const ok = await stub({ 'POST /users': CREATED_USER, 'POST /users/5/impersonation_tokens': TOKEN_MADE });
    await expect(provision(ok.url)).resolves.toMatchObject({ id: 5 });
    expect(readFileSync(join(dir, 'ledger.jsonl'), 'utf8')).toContain('/users/5/impersonation_tokens/9');
  });
});

describe('a 2xx answer without what the run reads from it names the request, the status and the field', () => {
  it('a created token without its value: the field, then the likely cause, never "impersonation disabled"', async () => {
    const { id, name, expires_at } = { id: 9, name: 'cfk-test-token', expires_at: '2024-06-01' };
    const { url } = await stub({ 'POST /users': CREATED_USER, 'POST /users/5/impersonation_tokens': [201, { id, name, expires_at }] });
    const e = await kitError(provision(url));
    expect(e.code).toBe('ANSWER_INCOMPLETE');
    expect(e.message).toBe(
      "Could not create an impersonation token for the run's regular user: POST /users/5/impersonation_tokens answered 201 without token (a string: the token's value), which the kit needs to go on; the answer has id, name, expires_at. The spec shows a token's value once, in the answer to its creation: this answer looks like the token as read later, without its value.",
    );
    expect(e.message).not.toMatch(/impersonation disabled/i);
  });

  it('a created token with an empty value, or without its id, names that field; its value never shows', async () => {
    const empty = await stub({ 'POST /users': CREATED_USER, 'POST /users/5/impersonation_tokens': [201, { id: 9, token: '' }] });
    expect((await kitError(provision(empty.url))).message).toMatch(
      /answered 201 with token as an empty string, where the kit needs a string \(the token's value\) to go on; the answer has id, token\./,
    );
    const secret = 'glpat-valueWithoutItsId0000';
    const noId = await stub({ 'POST /users': CREATED_USER, 'POST /users/5/impersonation_tokens': [201, { token: secret }] });
    const e = await kitError(provision(noId.url));
    expect(e.message).toMatch(
      /answered 201 without id \(an integer: the token's id, for cleanup\), which the kit needs to go on; the answer has token\.$/,
    );
    expect(e.message).not.toContain(secret);
  });

  it('a created user without its id stops before any request for the token', async () => {
    const { url, seen } = await stub({ 'POST /users': [201, { username: 'cfk-test-user', state: 'active' }] });
    const e = await kitError(provision(url));
    expect([e.code, e.message]).toEqual([
      'ANSWER_INCOMPLETE',
      "Could not create the run's regular user: POST /users answered 201 without id (an integer: the new user's id), which the kit needs to go on; the answer has username, state.",
    ]);
    expect(seen.map((b) => b.route)).toEqual(['POST /users']);
  });

  it('a created user whose body is not a JSON object says what it is', async () => {
    const { url } = await stub({ 'POST /users': [201, [{ id: 5 }]] });
    expect((await kitError(provision(url))).message).toMatch(
      /POST \/users answered 201 without id \(an integer: the new user's id\), which the kit needs to go on; its body is not a JSON object \(an array\)\.$/,
    );
  });

  it('the run group without its id', async () => {
    const { url } = await stub({ 'POST /groups': [201, { name: 'cfk-test', path: 'cfk-test', id: null }] });
    const e = await kitError(provisionRunGroup(client(url), { runPrefix: 'cfk-test', ledgerPath: join(dir, 'ledger.jsonl') }));
    expect([e.code, e.message]).toEqual([
      'ANSWER_INCOMPLETE',
      "Could not create the run's group: POST /groups answered 201 with id as null, where the kit needs an integer (the new group's id) to go on; the answer has name, path, id.",
    ]);
  });

  it('GET /user without the username or id the run reads (a 200 that is not the current user)', async () => {
    const { url } = await stub({ 'GET /user': [200, { id: 1, name: 'Administrator' }] });
    const e = await kitError(preflight(client(url)));
    expect([e.code, e.message]).toEqual([
      'ANSWER_INCOMPLETE',
      `The target ${url}/api/v4 cannot be certified: GET /user answered 200 without username (a string), which the kit needs to go on; the answer has id, name.`,
    ]);
    const noId = await stub({ 'GET /user': [200, { username: 'root', is_admin: true }] });
    expect((await kitError(preflight(client(noId.url)))).message).toMatch(
      /GET \/user answered 200 without id \(an integer: the token's user's id\)/,
    );
    for (const notApi of [
      [500, {}],
      [200, ['a list']],
      [200, 'a page'],
    ] as Answer[]) {
      const other = await stub({ 'GET /user': notApi });
      expect(await kitError(preflight(client(other.url)))).toMatchObject({
        code: 'TARGET_UNREACHABLE',
        message: expect.stringMatching(/does not look like an API v4 server: GET \/user answered/),
      });
    }
  });
});

describe('what the run sends', () => {
  it("the run user's password meets common complexity rules (upper, lower, digit, symbol, 12 or more)", () => {
    for (let i = 0; i < 200; i++) {
      const p = runPassword();
      expect(p.length).toBeGreaterThanOrEqual(12);
      for (const rule of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/]) expect(p).toMatch(rule);
    }
  });

  it("the token expiry is the server's date (Date header, UTC) plus 30 days", async () => {
    const res = { headers: { date: 'Tue, 31 Dec 2024 23:59:59 GMT' } } as never;
    expect(serverDate(res)).toBe('2024-12-31');
    expect(tokenExpiresAt('2024-12-31')).toBe('2025-01-30');
    expect(Math.abs(Date.parse(serverDate({ headers: {} } as never)) - Date.now())).toBeLessThan(86_400_000); // the kit's clock
  });
});
