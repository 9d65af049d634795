/**
 * User status and counts: GET/PUT /user/status (whole replacement, speech_balloon default,
 * clearing, validation), GET /users/:id_or_username/status, GET /user_counts.
 *
 *   npx vitest run src/reference/resources/users/user-status.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';

let t: TestServer;
let jane: TestUser;

beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

const put = (body: unknown) => t.req('PUT', '/user/status', { token: jane.token, body });
const own = async () => (await t.req('GET', '/user/status', { token: jane.token })).data;

describe('user status', () => {
  it('reads as nulls before any status is set', async () => {
    expect(await own()).toEqual({ emoji: null, message: null, availability: null, message_html: null, clear_status_at: null });
  });
  it('sets emoji and message, shown by id and by username (any case, no token needed)', async () => {
    const res = await put({ emoji: 'coffee', message: 'on a <break>' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ emoji: 'coffee', message: 'on a <break>', message_html: 'on a &lt;break&gt;' });
    for (const who of [String(jane.id), 'JANE']) {
      const other = await t.req('GET', `/users/${who}/status`);
      expect([other.statusCode, other.data.emoji, other.data.message]).toEqual([200, 'coffee', 'on a <break>']);
    }
  });
  it('replaces the whole status: a message alone gets speech_balloon', async () => {
    await put({ emoji: 'coffee', message: 'a' });
    expect((await put({ message: 'b' })).data.emoji).toBe('speech_balloon');
    expect(await own()).toMatchObject({ emoji: 'speech_balloon', message: 'b' });
  });
  it('clears the status when emoji and message are both empty', async () => {
    await put({ emoji: 'coffee', message: 'a' });
    await put({ emoji: '', message: '' });
    expect(await own()).toMatchObject({ emoji: null, message: null });
  });
  it('forgets a status after clear_status_after', async () => {
    await put({ message: 'brb', clear_status_after: '30_minutes' });
    expect((await own()).message).toBe('brb');
    t.setNow(31 * 60_000);
    expect((await own()).message).toBeNull();
  });
  it('refuses a message over 100 characters and a malformed emoji with a field map', async () => {
    const long = await put({ message: 'x'.repeat(101) });
    expect([long.statusCode, Object.keys(long.data.message)]).toEqual([400, ['message']]);
    const bad = await put({ emoji: 'not an emoji' });
    expect([bad.statusCode, Object.keys(bad.data.message)]).toEqual([400, ['emoji']]);
    expect((await put({ clear_status_after: 'forever' })).statusCode).toBe(400);
  });
  it('answers 404 for an unknown user and 401 for PUT without a token', async () => {
    expect((await t.req('GET', '/users/nobody/status')).statusCode).toBe(404);
    expect((await t.req('PUT', '/user/status', { body: { message: 'x' } })).statusCode).toBe(401);
  });
});

describe('user counts', () => {
  it('answers 200 with merge_requests 0 and the platform counters', async () => {
    const res = await t.req('GET', '/user_counts', { token: jane.token });
    expect([res.statusCode, res.data.merge_requests, res.data.todos]).toEqual([200, 0, 0]);
    expect((await t.req('GET', '/user_counts')).statusCode).toBe(401);
  });
});
