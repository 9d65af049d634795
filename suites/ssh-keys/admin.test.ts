/**
 * SSH keys of a given user (/users/:id_or_username/keys): listing by id and by username, the
 * administrator adding and deleting keys, and both refused (403) to a non-admin. The response
 * body of the admin add is not shown in the spec: effects are checked through the list.
 */
import { beforeAll, describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createUser,
  requireThat,
  sameSshKey,
  session,
  sshPublicKey,
  type CreatedUser,
} from '../../src/kit/index.ts';
import { addOwnKey, addUserKey, findKey } from './fixtures.ts';

describe.concurrent('/users/:id/keys', () => {
  let carol: CreatedUser;
  beforeAll(async () => {
    carol = await createUser(session());
  });

  clauseTest('keys.list_user.by_id', "GET /users/:id/keys and /users/:username/keys both list the user's keys", async ({ s }) => {
    const { res: made, key } = await addOwnKey(carol);
    check.status(made, 201);
    for (const who of [String(carol.id), carol.username]) {
      const res = await s.admin.get(`/users/${encodeURIComponent(who)}/keys`, { query: { per_page: PER_PAGE_MAX } });
      check.status(res, 200, `GET /users/${who}/keys MUST answer 200.`);
      const items = check.arrayOf(res, 'ssh-key') as Record<string, any>[];
      requireThat(
        items.some((k) => k.id === made.json.id && sameSshKey(k.key, key.text)),
        `GET /users/${who}/keys MUST list the user's key.`,
        made.json.id,
        items.map((k) => k.id),
      );
    }
  });

  clauseTest('keys.create_user.status', 'POST /users/:id/keys by an admin with title and key answers 201', async ({ s }) => {
    check.status((await addUserKey(s, carol.id)).res, 201);
  });

  clauseTest('keys.create_user.effect', 'a key added by POST /users/:id/keys appears in GET /users/:id/keys', async ({ s }) => {
    const { res, key } = await addUserKey(s, carol.id, { title: 'effect' });
    check.status(res, 201);
    const found = await findKey(s.admin, `/users/${carol.id}/keys`, key);
    requireThat(
      found !== undefined,
      'The key added by the admin MUST be listed for the user (same type and body).',
      `${key.type} ${key.body}`,
      '(not listed)',
    );
    requireThat(found!.title === 'effect', 'The listed key MUST carry the title given.', 'effect', found!.title);
  });

  clauseTest('keys.create_user.required', 'POST /users/:id/keys without title or without key answers 400', async ({ s }) => {
    const key = await sshPublicKey();
    check.status(await s.admin.post(`/users/${carol.id}/keys`, { json: { key: key.text } }), 400, 'Without title the answer MUST be 400.');
    check.status(await s.admin.post(`/users/${carol.id}/keys`, { json: { title: 'no key' } }), 400, 'Without key the answer MUST be 400.');
  });

  clauseTest('keys.delete_user.status', 'DELETE /users/:id/keys/:key_id by an admin answers 204 and the key is gone', async ({ s }) => {
    const { res: made, key } = await addUserKey(s, carol.id);
    check.status(made, 201);
    const found = await findKey(s.admin, `/users/${carol.id}/keys`, key);
    requireThat(found !== undefined, 'The key added MUST be listed (set-up).', 'listed', '(not listed)');
    const res = await s.admin.delete(`/users/${carol.id}/keys/${found!.id}`);
    check.status(res, 204);
    requireThat(
      (await findKey(s.admin, `/users/${carol.id}/keys`, key)) === undefined,
      'A deleted key MUST no longer be listed.',
      '(not listed)',
      'still listed',
    );
  });
});
