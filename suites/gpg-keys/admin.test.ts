/**
 * GPG keys of a given user (/users/:id/gpg_keys, administrators only): list, show, add with the
 * armored text in `key` (as the spec's example sends it), delete, and 403 for a non-admin, the
 * user itself included, on each admin-only GPG key operation of the operation table (nothing changes).
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { addOwnGpgKey, addUserGpgKey, createdKey, sameArmor } from './fixtures.ts';

describe.concurrent('/users/:id/gpg_keys', () => {
  let carol: CreatedUser;
  beforeAll(async () => {
    carol = await createUser(session());
  });
  const base = () => `/users/${carol.id}/gpg_keys`;

  clauseTest('gpg.create_user.status', 'POST /users/:id/gpg_keys by an admin with the armored key in key answers 201', async ({ s }) => {
    check.status((await addUserGpgKey(s, carol)).res, 201);
  });

  clauseTest(
    'gpg.create_user.shape',
    'the POST /users/:id/gpg_keys response holds the created key (object or array of key objects)',
    async ({ s }) => {
      const { res, key } = await addUserGpgKey(s, carol);
      check.status(res, 201);
      check.schema(res.json, 'gpg-key.created');
      requireThat(
        sameArmor(createdKey(res.json)!.key, key.armored),
        'The created key MUST be the armored key given.',
        'the key sent',
        createdKey(res.json)!.key,
      );
    },
  );

  clauseTest('gpg.list_user.status', "GET /users/:id/gpg_keys by an admin answers 200 with the user's keys", async ({ s }) => {
    const { res: made } = await addOwnGpgKey(carol);
    check.status(made, 201);
    const res = await s.admin.get(base(), { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const items = check.arrayOf(res, 'gpg-key') as { id: number }[];
    const id = createdKey(made.json)!.id;
    requireThat(
      items.some((k) => k.id === id),
      "The list MUST hold the user's key.",
      id,
      items.map((k) => k.id),
    );
  });

  clauseTest('gpg.get_user.status', 'GET /users/:id/gpg_keys/:key_id by an admin answers 200 with that key', async ({ s }) => {
    const { res: made, key } = await addOwnGpgKey(carol);
    check.status(made, 201);
    const id = createdKey(made.json)!.id;
    const res = await s.admin.get(`${base()}/${id}`);
    check.status(res, 200);
    check.schema(res.json, 'gpg-key');
    requireThat(res.json.id === id && sameArmor(res.json.key, key.armored), 'GET MUST answer the key asked for.', id, res.json.id);
  });

  clauseTest('gpg.delete_user.status', 'DELETE /users/:id/gpg_keys/:key_id by an admin answers 204 and the key is gone', async ({ s }) => {
    const { res: made } = await addUserGpgKey(s, carol);
    check.status(made, 201);
    const id = createdKey(made.json)!.id;
    check.status(await s.admin.delete(`${base()}/${id}`), 204);
    check.status(await s.admin.get(`${base()}/${id}`), 404, 'A deleted key MUST no longer be readable (404).');
  });
});
