/**
 * GPG keys of the caller (/user/gpg_keys), as a fresh user acting with its own token: list,
 * show, add, delete, 404 for a key that is gone, the required key, and broken keys from
 * create-invalid.json (400, never a 5xx).
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the list check compares
 * alice's keys with the set the other tests leave, which a sibling adding a key at the same moment
 * would break.
 */
import { beforeAll, describe } from 'vitest';
import {
  PER_PAGE_MAX,
  brokenGpgKey,
  check,
  clauseTest,
  createUser,
  gpgPublicKey,
  requireThat,
  session,
  type CreatedUser,
  type GpgKeyBreakage,
} from '../../src/kit/index.ts';
import { addOwnGpgKey, createdKey, sameArmor } from './fixtures.ts';
import table from './create-invalid.json' with { type: 'json' };

const invalid = table.cases as { description: string; breakage: GpgKeyBreakage }[];

describe('/user/gpg_keys', () => {
  let alice: CreatedUser;
  /** Ids of alice's keys as this file leaves them (tests in a file run in order). */
  const mine = new Set<number>();
  const remember = (res: { json?: unknown }) => {
    const id = createdKey(res.json)?.id;
    if (typeof id === 'number') mine.add(id);
  };
  beforeAll(async () => {
    alice = await createUser(session());
  });

  clauseTest('gpg.create_own.status', 'POST /user/gpg_keys with an armored public key answers 201', async () => {
    const { res } = await addOwnGpgKey(alice);
    remember(res);
    check.status(res, 201);
  });

  clauseTest(
    'gpg.create_own.shape',
    'the POST /user/gpg_keys response holds the created key (object or array of key objects)',
    async () => {
      const { res, key } = await addOwnGpgKey(alice);
      remember(res);
      check.status(res, 201);
      check.schema(res.json, 'gpg-key.created');
      const made = createdKey(res.json)!;
      requireThat(
        sameArmor(made.key, key.armored),
        'The created key MUST be the armored key given.',
        key.armored.slice(0, 80),
        String(made.key).slice(0, 80),
      );
    },
  );

  clauseTest('gpg.create_own.key_required', 'POST /user/gpg_keys without key answers 400', async () => {
    check.status(await alice.client.post('/user/gpg_keys', { json: {} }), 400);
  });

  clauseTest('errors.validation.status', 'POST /user/gpg_keys with a broken key answers 400 (table create-invalid.json)', async () => {
    const key = await gpgPublicKey({ name: alice.name, email: alice.email });
    for (const c of invalid) {
      const res = await alice.client.post('/user/gpg_keys', { json: { key: brokenGpgKey(c.breakage, key) } });
      remember(res);
      check.status(res, 400, `A key with ${c.description} MUST be refused with 400.`);
    }
  });

  clauseTest('gpg.list_own.status', 'GET /user/gpg_keys answers 200', async () => {
    check.status(await alice.client.get('/user/gpg_keys'), 200);
  });

  clauseTest('gpg.list_own.shape', "GET /user/gpg_keys lists exactly the caller's keys", async ({ s }) => {
    const { res: made } = await addOwnGpgKey(alice);
    remember(made);
    check.status(made, 201);
    const bob = await createUser(s);
    check.status((await addOwnGpgKey(bob)).res, 201, "Another user's key MUST be added (set-up).");
    const res = await alice.client.get('/user/gpg_keys', { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const ids = (check.arrayOf(res, 'gpg-key') as { id: number }[]).map((k) => k.id).sort((a, b) => a - b);
    requireThat(
      JSON.stringify(ids) === JSON.stringify([...mine].sort((a, b) => a - b)),
      "GET /user/gpg_keys MUST list the caller's keys, and only them.",
      [...mine],
      ids,
    );
  });

  clauseTest('gpg.get_own.status', 'GET /user/gpg_keys/:key_id answers 200 with that key', async () => {
    const { res: made, key } = await addOwnGpgKey(alice);
    remember(made);
    check.status(made, 201);
    const id = createdKey(made.json)!.id;
    const res = await alice.client.get(`/user/gpg_keys/${id}`);
    check.status(res, 200);
    check.schema(res.json, 'gpg-key');
    requireThat(res.json.id === id && sameArmor(res.json.key, key.armored), 'GET MUST answer the key asked for.', id, res.json.id);
  });

  clauseTest(
    'gpg.field.shape',
    'GPG key objects of the single GET, the list and the create response have id, key and created_at',
    async () => {
      const { res: made } = await addOwnGpgKey(alice);
      remember(made);
      check.status(made, 201);
      check.schema(createdKey(made.json), 'gpg-key', 'The created key');
      check.schema(
        (await alice.client.get(`/user/gpg_keys/${createdKey(made.json)!.id}`)).json,
        'gpg-key',
        'The GET /user/gpg_keys/:key_id body',
      );
      const list = check.arrayOf(await alice.client.get('/user/gpg_keys'), 'gpg-key');
      requireThat(list.length > 0, 'The list MUST hold the keys added.', 'at least one key', 0);
    },
  );

  clauseTest('gpg.delete_own.status', 'DELETE /user/gpg_keys/:key_id answers 204 and the key is gone', async () => {
    const { res: made } = await addOwnGpgKey(alice);
    check.status(made, 201);
    const id = createdKey(made.json)!.id;
    const res = await alice.client.delete(`/user/gpg_keys/${id}`);
    check.status(res, 204);
    check.emptyBody(res);
    check.status(await alice.client.get(`/user/gpg_keys/${id}`), 404, 'A deleted key MUST no longer be readable (404).');
  });

  clauseTest('gpg.delete_own.missing', 'DELETE /user/gpg_keys/:key_id of a key that no longer exists answers 404', async () => {
    const { res: made } = await addOwnGpgKey(alice);
    check.status(made, 201);
    const id = createdKey(made.json)!.id;
    check.status(await alice.client.delete(`/user/gpg_keys/${id}`), 204);
    check.status(await alice.client.delete(`/user/gpg_keys/${id}`), 404, 'Deleting a key that no longer exists MUST answer 404.');
  });
});
