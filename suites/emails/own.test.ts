/**
 * E-mail addresses of the caller (/user/emails), as a fresh user acting with its own token:
 * list, show, add, delete, 404 for an address that is gone, the required email.
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the list check compares
 * alice's addresses with the set the other tests leave, which a sibling adding an address at the
 * same moment would break.
 */
import { beforeAll, describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createUser, requireThat, session, type CreatedUser } from '../../src/kit/index.ts';
import { addOwnEmail } from './fixtures.ts';

describe('/user/emails', () => {
  let alice: CreatedUser;
  /** Ids of alice's secondary addresses as this file leaves them (tests in a file run in order). */
  const mine = new Set<number>();
  const remember = (res: { json?: any }) => {
    if (typeof res.json?.id === 'number') mine.add(res.json.id);
  };
  beforeAll(async () => {
    alice = await createUser(session());
  });

  clauseTest('emails.create_own.status', 'POST /user/emails with email answers 201 with the address', async ({ s }) => {
    const { res, email } = await addOwnEmail(s, alice);
    remember(res);
    check.status(res, 201);
    check.schema(res.json, 'email');
    requireThat(res.json.email.toLowerCase() === email, 'The created e-mail MUST be the address given.', email, res.json.email);
  });

  clauseTest('emails.create_own.email_required', 'POST /user/emails without email answers 400', async () => {
    check.status(await alice.client.post('/user/emails', { json: {} }), 400);
  });

  clauseTest('emails.list_own.status', 'GET /user/emails answers 200', async () => {
    check.status(await alice.client.get('/user/emails'), 200);
  });

  clauseTest('emails.list_own.shape', "GET /user/emails lists the caller's addresses and no one else's", async ({ s }) => {
    const { res: made } = await addOwnEmail(s, alice);
    remember(made);
    check.status(made, 201);
    const bob = await createUser(s);
    const { res: theirs, email: bobs } = await addOwnEmail(s, bob);
    check.status(theirs, 201, "Another user's address MUST be added (set-up).");
    const res = await alice.client.get('/user/emails', { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200);
    const items = check.arrayOf(res, 'email') as { id: number; email: string }[];
    const ids = new Set(items.map((e) => e.id));
    for (const id of mine) requireThat(ids.has(id), 'GET /user/emails MUST list every address the caller added.', id, [...ids]);
    // The caller's primary address may be listed too (the spec does not say); nothing else may.
    const strangers = items.filter((e) => !mine.has(e.id) && e.email.toLowerCase() !== alice.email.toLowerCase());
    requireThat(strangers.length === 0, "GET /user/emails MUST list only the caller's addresses.", '(none)', strangers);
    requireThat(!items.some((e) => e.email.toLowerCase() === bobs), "Another user's address MUST NOT be listed.", '(absent)', bobs);
  });

  clauseTest('emails.get_own.status', 'GET /user/emails/:email_id answers 200 with that address', async ({ s }) => {
    const { res: made, email } = await addOwnEmail(s, alice);
    remember(made);
    check.status(made, 201);
    const res = await alice.client.get(`/user/emails/${made.json.id}`);
    check.status(res, 200);
    check.schema(res.json, 'email');
    requireThat(
      res.json.id === made.json.id && res.json.email.toLowerCase() === email,
      'GET MUST answer the address asked for.',
      { id: made.json.id, email },
      res.json,
    );
  });

  clauseTest(
    'emails.field.shape',
    'e-mail objects of the single GET, the create response and the list have id and email',
    async ({ s }) => {
      const { res: made } = await addOwnEmail(s, alice);
      remember(made);
      check.status(made, 201);
      check.schema(made.json, 'email', 'The POST /user/emails body');
      check.schema((await alice.client.get(`/user/emails/${made.json.id}`)).json, 'email', 'The GET /user/emails/:email_id body');
      check.arrayOf(await alice.client.get('/user/emails'), 'email');
    },
  );

  clauseTest('emails.delete_own.status', 'DELETE /user/emails/:email_id answers 204 and the address is gone', async ({ s }) => {
    const { res: made } = await addOwnEmail(s, alice);
    check.status(made, 201);
    const res = await alice.client.delete(`/user/emails/${made.json.id}`);
    check.status(res, 204);
    check.emptyBody(res);
    check.status(await alice.client.get(`/user/emails/${made.json.id}`), 404, 'A deleted address MUST no longer be readable (404).');
  });

  clauseTest(
    'emails.delete_own.missing',
    'DELETE /user/emails/:email_id of an address that no longer exists answers 404',
    async ({ s }) => {
      const { res: made } = await addOwnEmail(s, alice);
      check.status(made, 201);
      check.status(await alice.client.delete(`/user/emails/${made.json.id}`), 204);
      check.status(
        await alice.client.delete(`/user/emails/${made.json.id}`),
        404,
        'Deleting an address that no longer exists MUST answer 404.',
      );
    },
  );
});
