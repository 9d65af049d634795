/**
 * observe keeps the installation's data private (issue 39 item 3, Done when): canary values in
 * every personal field and every credential form of requests and answers go through observe, in
 * front of the reference and of a faulty test upstream (canary-upstream.ts), with findings on both
 * sides; none of them appears in any file observe wrote nor in anything the command printed, and
 * the findings are still there and readable (their clauses, kinds and placeholders). With
 * --show-values the personal canaries appear; the credentials still do not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeRunFolders, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { CREDENTIALS, PERSONAL, startCanaryUpstream } from './canary-upstream.ts';
import { startObserve } from './index.ts';
import { spawnObserve } from './fixtures/observe-command.ts';

const ADMIN = 'canary-admin-token-7f3a';
const P = PERSONAL;
const C = CREDENTIALS;
afterAll(removeRunFolders);

const basic = `Basic ${Buffer.from(`${P.username}:${C.basicPassword}`).toString('base64')}`;
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const enc = encodeURIComponent;

/** Every request of the canary traffic, each with canaries in its query, path, body and headers. */
async function sendCanaries(root: string, token: string): Promise<string[]> {
  const shown: string[] = [];
  const send = async (method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${root}/api/v4${path}`, {
      method,
      headers: { 'private-token': token, cookie: `_gitlab_session=${C.cookie}; theme=dark`, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    const text = await res.text();
    // Credentials an answer shows (an impersonation token at creation) are checked too.
    for (const m of text.matchAll(/"token":"([^"]{6,})"/g)) shown.push(m[1]!);
    return text;
  };
  const created = JSON.parse(
    await send('POST', '/users', {
      headers: json,
      body: JSON.stringify({
        email: P.email,
        name: P.name,
        username: P.username,
        password: C.password,
        bio: P.bio,
        location: P.location,
        note: P.note,
        skip_confirmation: true,
        canary_colour: P.unknown,
        integrations: { slack: { token: C.jsonToken } },
      }),
    }),
  ) as { id?: number };
  const id = created.id ?? 1;
  await send('PUT', `/users/${id}`, {
    headers: form,
    body: `bio=${enc(P.bio)}&location=${enc(P.location)}&colour=${enc(P.unknown)}&settings[token]=${C.formToken}&password=${C.password}`,
  });
  await send(
    'GET',
    `/users?search=${enc(P.search)}&username=${P.username}&colour=${enc(P.unknown)}&per_page=1;private_token=${C.queryToken}`,
  );
  await send('GET', `/users/${id}`, { headers: { 'private-token': C.headerToken } });
  await send('GET', `/users/${id}/memberships?type=${enc(P.name)}`);
  await send('GET', `/users/${P.username}/status?colour=${enc(P.email)}`);
  await send('PUT', '/user/status', { headers: json, body: JSON.stringify({ message: P.message, colour: P.ip }) });
  await send('GET', `/user/activities?from=${P.badDate}`);
  await send('POST', `/users/${id}/impersonation_tokens`, {
    headers: json,
    body: JSON.stringify({ name: P.name, scopes: ['api'] }),
  });
  await send('GET', `/users/${id}/impersonation_tokens`);
  await send('GET', '/user', { headers: { authorization: basic } });
  await send('GET', '/user/status', { headers: { authorization: `Bearer ${C.headerToken}` } });
  await send('POST', '/user/keys', { headers: json, body: JSON.stringify({ colour: P.name }) });
  await send('GET', `/broadcast_messages?ip=${P.ip}`);
  return shown;
}

/** Every file observe wrote, as one text (the reports folder, read whole). */
const written = (dir: string) =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

const personal = Object.values(P);
const credentials = [...Object.values(C), ADMIN];

function expectPrivate(text: string, answered: string[]): void {
  for (const v of [...personal, ...credentials, ...answered]) expect(text, `${v} is written`).not.toContain(v);
  // Nothing of a canary at all: every personal one holds 7f3a (the datetime and the IP aside: 2031-07-13, 203.0.113.77).
  expect(text).not.toMatch(/7f3a|2031-07-13|203\.0\.113\.77/);
}

interface Summary {
  server: { clause: string; requirement: string; expected?: string; actual?: string; reproducer: string }[];
  client: { clause: string; parameters: string[]; reproducer: string }[];
}

describe('observe keeps the installation private', () => {
  it(
    'in front of the faulty upstream (the command, its output too): no canary anywhere, findings readable on both sides',
    { timeout: 120_000 },
    async () => {
      const up = await startCanaryUpstream();
      const reportsDir = tempFolder('cfk-observe-canary-');
      const observe = spawnObserve(['--upstream', up.url, '--reports-dir', reportsDir]);
      let answered: string[] = [];
      try {
        answered = await sendCanaries(await observe.url, C.headerToken);
        expect(await observe.stop(), observe.output()).toBe(1);
      } finally {
        observe.kill();
        await up.close();
      }
      const files = written(reportsDir);
      expectPrivate(files, answered);
      expectPrivate(observe.output(), answered);
      const summary = JSON.parse(readFileSync(join(reportsDir, 'summary.json'), 'utf8')) as Summary;
      const clauses = summary.server.map((f) => f.clause);
      for (const clause of [
        'conv.types.datetime',
        'conv.types.date',
        'auth.401.body',
        'errors.validation.message_object',
        'errors.missing_attr.message_string',
        'conv.pagination.link_follow',
        'conv.format.json_response',
        'tokens.list.no_token_value',
      ])
        expect(clauses, clause).toContain(clause);
      const kinds = summary.client.map((f) => f.clause);
      for (const kind of ['unknown-parameter', 'wrong-type', 'wrong-format', 'token-in-query', 'unread-body-field'])
        expect(kinds, kind).toContain(kind);
      expect(summary.client.flatMap((f) => f.parameters)).toEqual(
        expect.arrayContaining(['colour', 'canary_colour', 'private_token', 'from']),
      );
      for (const placeholder of [
        '<email>',
        '<name>',
        '<username>',
        '<text>',
        '<ip>',
        '<datetime without milliseconds, with an offset instead of Z>',
        '<text of 16 chars',
      ])
        expect(files, placeholder).toContain(placeholder);
      const datetime = summary.server.find((f) => f.clause === 'conv.types.datetime')!;
      expect(datetime.actual).toBe('<datetime without milliseconds, with an offset instead of Z>');
      expect(observe.output()).toMatch(/FAIL: \d+ server finding/);
    },
  );

  it('in front of the reference: no canary anywhere; findings on the client side', { timeout: 120_000 }, async () => {
    const ref = await startReferenceServer({ adminToken: ADMIN });
    const reportsDir = tempFolder('cfk-observe-canary-ref-');
    const o = await startObserve({ upstream: ref.url, reportsDir, judgeEverything: true });
    let answered: string[] = [];
    try {
      answered = await sendCanaries(o.url, ADMIN);
    } finally {
      await ref.close();
    }
    const { summary } = await o.stop();
    expect(answered.length, 'the impersonation token answered').toBeGreaterThan(0);
    expectPrivate(written(reportsDir), answered);
    expect(summary.server).toEqual([]);
    const kinds = summary.client.map((f) => f.clause);
    for (const kind of ['unknown-parameter', 'wrong-format', 'token-in-query', 'unread-body-field']) expect(kinds, kind).toContain(kind);
  });

  it('with --show-values: the personal canaries appear, the credentials still do not', { timeout: 120_000 }, async () => {
    const up = await startCanaryUpstream();
    const ref = await startReferenceServer({ adminToken: ADMIN });
    const texts: string[] = [];
    const answered: string[] = [];
    try {
      for (const [upstream, token] of [
        [up.url, C.headerToken],
        [ref.url, ADMIN],
      ] as const) {
        const reportsDir = tempFolder('cfk-observe-canary-shown-');
        const o = await startObserve({ upstream, reportsDir, showValues: true, judgeEverything: true });
        answered.push(...(await sendCanaries(o.url, token)));
        await o.stop();
        texts.push(written(reportsDir));
      }
    } finally {
      await up.close();
      await ref.close();
    }
    const all = texts.join('\n');
    for (const v of [...credentials, ...answered]) expect(all, `${v} is written`).not.toContain(v);
    for (const v of [P.email, P.name, P.username, P.ip, P.datetime, P.unknown, P.badDate, P.search])
      expect(all, `${v} is shown`).toContain(v);
  });
});
