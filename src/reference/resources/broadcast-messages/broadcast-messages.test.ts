/**
 * Broadcast messages: create, read, update, delete, defaults, validation, access.
 *
 *   npx vitest run src/reference/resources/broadcast-messages/broadcast-messages.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../../testing.ts';

let t: TestServer;
beforeEach(async () => {
  t = await testServer();
});

const create = (body: Record<string, unknown>, token = t.admin) => t.req('POST', '/broadcast_messages', { token, body });

describe('POST /broadcast_messages', () => {
  it('creates with the defaults: now, now + 1 hour, #E75E40, #FFFFFF, banner, ""', async () => {
    const res = await create({ message: 'Maintenance' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.data).toEqual({
      id: 1,
      message: 'Maintenance',
      starts_at: '2024-05-01T12:00:00.000Z',
      ends_at: '2024-05-01T13:00:00.000Z',
      color: '#E75E40',
      font: '#FFFFFF',
      active: true,
      target_access_levels: [],
      target_path: '',
      broadcast_type: 'banner',
      dismissable: false,
      theme: 'indigo',
    });
  });

  it('stores the given attributes; datetimes with offsets are normalised to Z', async () => {
    const res = await create({
      message: 'x',
      starts_at: '2024-06-01T10:00:00+02:00',
      ends_at: '2024-06-02T10:00:00.5Z',
      color: '#abc',
      font: '#000000',
      target_path: '*/welcome',
      broadcast_type: 'notification',
      dismissable: true,
      theme: 'dark',
      target_access_levels: [30, 40],
    });
    expect(res.data).toMatchObject({
      starts_at: '2024-06-01T08:00:00.000Z',
      ends_at: '2024-06-02T10:00:00.500Z',
      color: '#abc',
      font: '#000000',
      target_path: '*/welcome',
      broadcast_type: 'notification',
      dismissable: true,
      theme: 'dark',
      target_access_levels: [30, 40],
      active: false,
    });
  });

  it('accepts an ends_at before starts_at (never active)', async () => {
    const res = await create({ message: 'x', starts_at: '2024-05-01T12:30:00Z', ends_at: '2024-05-01T11:00:00Z' });
    expect(res.statusCode).toBe(201);
    expect(res.data.active).toBe(false);
  });

  it('refuses a missing message with 400 naming it, an empty one with a field map', async () => {
    const missing = await create({});
    expect([missing.statusCode, missing.data]).toEqual([400, { message: 'message is missing' }]);
    const empty = await create({ message: '' });
    expect([empty.statusCode, empty.data]).toEqual([400, { message: { message: ["can't be blank"] } }]);
  });

  it('refuses bad colors, types and datetimes', async () => {
    const color = await create({ message: 'x', color: 'red', font: '#12345' });
    expect(color.data).toEqual({ message: { color: ['must be a valid color code'], font: ['must be a valid color code'] } });
    const type = await create({ message: 'x', broadcast_type: 'popup' });
    expect(type.data).toEqual({ message: 'broadcast_type does not have a valid value' });
    const when = await create({ message: 'x', starts_at: '2024-02-30T00:00:00Z' });
    expect(when.data).toEqual({ message: 'starts_at is invalid' });
  });

  it('is for administrators: anonymous 401, regular user 403', async () => {
    const jane = await t.user('jane');
    expect((await t.req('POST', '/broadcast_messages', { body: { message: 'x' } })).statusCode).toBe(401);
    const user = await create({ message: 'x' }, jane.token);
    expect([user.statusCode, user.data]).toEqual([403, { message: '403 Forbidden' }]);
    expect((await t.req('PUT', '/broadcast_messages/1', { token: jane.token, body: {} })).statusCode).toBe(403);
    expect((await t.req('DELETE', '/broadcast_messages/1')).statusCode).toBe(401);
  });
});

describe('GET /broadcast_messages', () => {
  it('is public, ordered by id descending, paginated', async () => {
    for (const m of ['a', 'b', 'c']) await create({ message: m });
    const res = await t.req('GET', '/broadcast_messages');
    expect(res.statusCode).toBe(200);
    expect(res.data.map((m: { message: string }) => m.message)).toEqual(['c', 'b', 'a']);
    expect(res.headers['x-total']).toBe('3');
  });

  it('computes active from the clock when read', async () => {
    await create({ message: 'x' });
    expect((await t.req('GET', '/broadcast_messages/1')).data.active).toBe(true);
    t.setNow('2024-05-01T13:00:00.001Z');
    expect((await t.req('GET', '/broadcast_messages/1')).data.active).toBe(false);
  });

  it('answers 404 for a missing id', async () => {
    const res = await t.req('GET', '/broadcast_messages/42');
    expect([res.statusCode, res.data]).toEqual([404, { message: '404 Broadcast Message Not Found' }]);
  });
});

describe('PUT and DELETE /broadcast_messages/:id', () => {
  it('changes only the given attributes', async () => {
    await create({ message: 'x', color: '#111111', broadcast_type: 'notification' });
    const res = await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'y' } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ message: 'y', color: '#111111', broadcast_type: 'notification', ends_at: '2024-05-01T13:00:00.000Z' });
    const empty = await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('deletes with 204, then 404', async () => {
    await create({ message: 'x' });
    const res = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin });
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect((await t.req('GET', '/broadcast_messages/1')).statusCode).toBe(404);
    expect((await t.req('DELETE', '/broadcast_messages/1', { token: t.admin })).statusCode).toBe(404);
    expect((await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'z' } })).statusCode).toBe(404);
  });
});
