/**
 * User status through `@gitbeaker/rest`: the caller sets it with PUT /user/status
 * (Users.editStatus), reads it back from GET /user/status and anyone reads it from
 * GET /users/:id_or_username/status (Users.showStatus({ iDOrUsername })), by id or username.
 *
 *   npx vitest run src/ecosystem/gitbeaker/status.test.ts
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

describe('user status', () => {
  it('sets a status that reads back the same from the own route and by id and by username', async () => {
    const set = await jane.api.Users.editStatus({ emoji: 'coffee', message: 'On a break' });
    expect(set).toMatchObject({ emoji: 'coffee', message: 'On a break' });
    expect(typeof set.message_html).toBe('string');
    const own = await jane.api.Users.showStatus();
    const byId = await w.admin.Users.showStatus({ iDOrUsername: jane.id });
    const byName = await w.admin.Users.showStatus({ iDOrUsername: 'jane' });
    for (const read of [own, byId, byName])
      expect(read).toMatchObject({ emoji: 'coffee', message: 'On a break', message_html: set.message_html });
  });

  it('gives a message without an emoji the speech_balloon emoji', async () => {
    const set = await jane.api.Users.editStatus({ message: 'Heads down' });
    expect(set).toMatchObject({ emoji: 'speech_balloon', message: 'Heads down' });
    expect(await jane.api.Users.showStatus()).toMatchObject({ emoji: 'speech_balloon', message: 'Heads down' });
  });

  it('clears the status when emoji and message are both empty', async () => {
    await jane.api.Users.editStatus({ emoji: 'coffee', message: 'soon cleared' });
    await jane.api.Users.editStatus({ emoji: '', message: '' });
    const read = await w.admin.Users.showStatus({ iDOrUsername: jane.id });
    expect(read.message ?? '').toBe('');
    expect(read.emoji ?? '').toBe('');
  });

  it('answers 404 for the status of a user that does not exist, 401 to a client without a token on PUT', async () => {
    expect((await failure(w.admin.Users.showStatus({ iDOrUsername: 'no-such-user' }))).status).toBe(404);
    expect((await failure(w.anonymous.Users.editStatus({ message: 'x' }))).status).toBe(401);
  });
});
