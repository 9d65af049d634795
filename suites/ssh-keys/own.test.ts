/**
 * SSH keys of the caller (/user/keys), as a fresh user acting with its own token: list, show,
 * add (with expires_at too), delete, 404 for a key that is gone. Keys are compared by type and
 * body (servers rewrite the comment).
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the list check compares
 * alice's keys with the set the other tests leave, which a sibling adding a key at the same moment
 * would break.
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createUser, requireThat, sameSshKey, session, type CreatedUser } from '../../src/kit/index.ts';
import { addOwnKey, addUserKey, expiresIn30Days } from './fixtures.ts';

describe('/user/keys', () => {
  let alice: CreatedUser;
  /** Ids of alice's keys as this file leaves them (tests in a file run in order). */
  const mine = new Set<number>();
  /** Notes a key the server created, whatever status it answered, before any check. */
  const remember = (res: { json?: any }) => {
    if (typeof res.json?.id === 'number') mine.add(res.json.id);
  };
  beforeAll(async () => {
    alice = await createUser(session());
  });

  clauseTest('keys.create_own.status', 'POST /user/keys with title and key answers 201 with the key', async () => {
    const { res, key } = await addOwnKey(alice, { title: 'laptop' });
    remember(res);
    check.status(res, 201);
    check.schema(res.json, 'ssh-key');
    requireThat(res.json.title === 'laptop', 'The created key MUST carry the title given.', 'laptop', res.json.title);
    requireThat(
      sameSshKey(res.json.key, key.text),
      'The created key MUST be the key given (same type and base64 body).',
      `${key.type} ${key.body}`,
      res.json.key,
    );
  });

  clauseTest('keys.create_own.expires_at', 'POST /user/keys with expires_at as YYYY-MM-DDTHH:MM:SSZ answers 201', async () => {
    const { res } = await addOwnKey(alice, { expires_at: expiresIn30Days() });
    remember(res);
    check.status(res, 201);
  });

  clauseTest('keys.list_own.status', 'GET /user/keys answers 200', async () => {
    check.status(await alice.client.get('/user/keys'), 200);
  });

  clauseTest('keys.list_own.shape', "GET /user/keys lists exactly the caller's keys", async ({ s }) => {
    const { res: made, key } = await addOwnKey(alice, {}, 'ecdsa');
    remember(made);
    check.status(made, 201);
    const bob = await createUser(s);
    check.status((await addOwnKey(bob)).res, 201, "Another user's key MUST be added (set-up).");
    const res = await alice.client.get('/user/keys', { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const items = check.arrayOf(res, 'ssh-key') as Record<string, any>[];
    const ids = items.map((k) => k.id).sort((a, b) => a - b);
    requireThat(
      JSON.stringify(ids) === JSON.stringify([...mine].sort((a, b) => a - b)),
      "GET /user/keys MUST list the caller's keys, and only them.",
      [...mine],
      ids,
    );
    requireThat(
      items.some((k) => sameSshKey(k.key, key.text)),
      'The listed key MUST be the one added (type and body).',
      key.text,
      items.map((k) => k.key),
    );
  });

  clauseTest('keys.get_own.status', 'GET /user/keys/:key_id answers 200 with that key', async () => {
    const { res: made, key } = await addOwnKey(alice, { title: 'to read' }, 'rsa');
    remember(made);
    check.status(made, 201);
    const res = await alice.client.get(`/user/keys/${made.json.id}`);
    check.status(res, 200);
    check.schema(res.json, 'ssh-key');
    requireThat(
      res.json.id === made.json.id && res.json.title === 'to read',
      'GET MUST answer the key asked for.',
      { id: made.json.id, title: 'to read' },
      { id: res.json.id, title: res.json.title },
    );
    requireThat(
      sameSshKey(res.json.key, key.text),
      'GET MUST show the key as added (type and body).',
      `${key.type} ${key.body}`,
      res.json.key,
    );
  });

  clauseTest('keys.field.shape', 'key objects of every endpoint have id, title, key and created_at', async ({ s }) => {
    const { res: made } = await addOwnKey(alice);
    remember(made);
    check.status(made, 201);
    check.schema(made.json, 'ssh-key', 'The POST /user/keys body');
    check.schema((await alice.client.get(`/user/keys/${made.json.id}`)).json, 'ssh-key', 'The GET /user/keys/:key_id body');
    check.arrayOf(await alice.client.get('/user/keys'), 'ssh-key');
    check.status((await addUserKey(s, alice.id)).res, 201);
    const theirs = await s.admin.get(`/users/${alice.id}/keys`);
    check.status(theirs, 200);
    const items = check.arrayOf(theirs, 'ssh-key') as Record<string, any>[];
    for (const k of items) mine.add(k.id);
    requireThat(items.length > 0, 'GET /users/:id/keys MUST list the keys the user has.', 'at least one key', 0);
  });

  clauseTest('keys.delete_own.status', 'DELETE /user/keys/:key_id answers 204 and the key is gone', async () => {
    const { res: made } = await addOwnKey(alice);
    check.status(made, 201);
    const res = await alice.client.delete(`/user/keys/${made.json.id}`);
    check.status(res, 204);
    check.emptyBody(res);
    check.status(await alice.client.get(`/user/keys/${made.json.id}`), 404, 'A deleted key MUST no longer be readable (404).');
  });

  clauseTest('keys.delete_own.missing', 'DELETE /user/keys/:key_id of a key that no longer exists answers 404', async () => {
    const { res: made } = await addOwnKey(alice);
    check.status(made, 201);
    check.status(await alice.client.delete(`/user/keys/${made.json.id}`), 204);
    check.status(await alice.client.delete(`/user/keys/${made.json.id}`), 404, 'Deleting a key that no longer exists MUST answer 404.');
  });
});
