/**
 * Broadcast messages through `@gitbeaker/rest`: the admin creates, edits and removes; anyone,
 * even a client without a token, reads one or walks the list page by page; regular users and
 * anonymous clients are refused with 403 and 401.
 *
 *   npx vitest run src/ecosystem/gitbeaker/broadcast-messages.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';

let w: World;
let jane: WorldUser;

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
});
afterAll(() => w?.close());

const HOUR = 3_600_000;

describe('broadcast messages', () => {
  it('creates a message whose every attribute reads back, to a client without a token too', async () => {
    const startsAt = '2031-02-03T04:05:06.000Z';
    const endsAt = '2031-02-04T04:05:06.000Z';
    const made = await w.admin.BroadcastMessages.create({
      message: 'Maintenance tonight',
      startsAt,
      endsAt,
      color: '#112233',
      font: '#FFEEDD',
      targetPath: '*/gitbeaker-suite',
      broadcastType: 'notification',
    });
    const expected = {
      id: made.id,
      message: 'Maintenance tonight',
      color: '#112233',
      font: '#FFEEDD',
      target_path: '*/gitbeaker-suite',
      broadcast_type: 'notification',
    };
    expect(made).toMatchObject(expected);
    expect([Date.parse(made.starts_at), Date.parse(made.ends_at)]).toEqual([Date.parse(startsAt), Date.parse(endsAt)]);
    const shown = await w.anonymous.BroadcastMessages.show(made.id);
    expect(shown).toMatchObject(expected);
    expect(typeof shown.active).toBe('boolean');
  });

  it('defaults to a banner that ends one hour after it starts', async () => {
    const made = await w.admin.BroadcastMessages.create({ message: 'Defaults' });
    expect(made.broadcast_type).toBe('banner');
    expect(Date.parse(made.ends_at) - Date.parse(made.starts_at)).toBeGreaterThanOrEqual(HOUR - 1000);
    expect(Date.parse(made.ends_at) - Date.parse(made.starts_at)).toBeLessThanOrEqual(HOUR + 1000);
  });

  it('walks every message exactly once through the client pagination, totals agreeing', async () => {
    for (let i = 0; i < 7; i++) await w.admin.BroadcastMessages.create({ message: `walk ${i}` });
    const one = await w.anonymous.BroadcastMessages.all({ perPage: 100, page: 1, showExpanded: true });
    const walked = await w.anonymous.BroadcastMessages.all({ perPage: 3, showExpanded: true });
    const ids = walked.data.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(one.data.map((m) => m.id).sort());
    expect(walked.paginationInfo).toMatchObject({ total: ids.length, totalPages: Math.ceil(ids.length / 3), perPage: 3, next: null });
    expect(one.paginationInfo.total).toBe(ids.length);
  });

  it('edits a message and the new values read back', async () => {
    const made = await w.admin.BroadcastMessages.create({ message: 'Before' });
    const edited = await w.admin.BroadcastMessages.edit(made.id, { message: 'After', color: '#ABCDEF', endsAt: '2032-01-01T00:00:00Z' });
    expect(edited).toMatchObject({ id: made.id, message: 'After', color: '#ABCDEF' });
    const shown = await w.admin.BroadcastMessages.show(made.id);
    expect(shown).toMatchObject({ message: 'After', color: '#ABCDEF' });
    expect(Date.parse(shown.ends_at)).toBe(Date.parse('2032-01-01T00:00:00Z'));
  });

  it('removes a message, after which reading it is a 404', async () => {
    const made = await w.admin.BroadcastMessages.create({ message: 'Short-lived' });
    await w.admin.BroadcastMessages.remove(made.id);
    expect((await failure(w.anonymous.BroadcastMessages.show(made.id))).status).toBe(404);
    expect((await w.admin.BroadcastMessages.all({ perPage: 100 })).map((m) => m.id)).not.toContain(made.id);
  });

  it('refuses changes to a regular user with 403 and to a client without a token with 401', async () => {
    const made = await w.admin.BroadcastMessages.create({ message: 'Guarded' });
    expect((await failure(jane.api.BroadcastMessages.create({ message: 'x' }))).status).toBe(403);
    expect((await failure(jane.api.BroadcastMessages.edit(made.id, { message: 'x' }))).status).toBe(403);
    expect((await failure(jane.api.BroadcastMessages.remove(made.id))).status).toBe(403);
    expect((await failure(w.anonymous.BroadcastMessages.create({ message: 'x' }))).status).toBe(401);
    expect((await w.admin.BroadcastMessages.show(made.id)).message).toBe('Guarded');
  });

  it('names the missing message attribute in a 400', async () => {
    const missing = await failure(w.admin.BroadcastMessages.create({ color: '#000000' }));
    expect(missing.status).toBe(400);
    expect(missing.description).toContain('message');
  });
});
