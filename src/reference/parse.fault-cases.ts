/**
 * The proof of each fault parse.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'query.plus-literal'
 */
import { observe, multipartBody, postUser, type Case, type TestServer } from './testing.ts';
import { usernames } from './fixtures.fault-cases.ts';
import type { FaultIdOf } from './variation/declaration.ts';
import type { PARSE_VARIATIONS } from './parse.variations.ts';

/** A user's bio set by PUT /users/:id with bio in the query string alone, read back by GET. */
async function bioFromQuery(t: TestServer): Promise<unknown> {
  const jane = await t.user('jane');
  await t.req('PUT', `/users/${jane.id}`, { token: t.admin, query: 'bio=from+the+query' });
  return (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data.bio;
}

/** The status message set by PUT /user/status with message in the query string alone, and a bio set the same way. */
async function statusAndBioFromQuery(t: TestServer): Promise<unknown[]> {
  const bio = await bioFromQuery(t);
  const joe = await t.user('joe');
  await t.req('PUT', '/user/status', { token: joe.token, query: 'message=in+a+meeting&emoji=coffee' });
  const status = (await t.req('GET', '/user/status', { token: joe.token })).data;
  return [status.message, status.emoji, bio];
}

export const PARSE_FAULT_CASES = {
  'query.plus-literal': observe(
    async (t) => {
      await postUser(t, 'jdoe', { name: 'Jane Doe' });
      return usernames(t, 'search=Jane+Doe');
    },
    ['jdoe'],
    [],
  ),
  'parse.no-multipart': observe(
    async (t) => {
      const { payload, contentType } = multipartBody([
        { name: 'username', value: 'a' },
        { name: 'name', value: 'A' },
        { name: 'email', value: 'a@example.com' },
        { name: 'password', value: 'password123' },
        { name: 'avatar', value: Buffer.from('png'), filename: 'a.png', type: 'image/png' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v4/users',
        payload,
        headers: { 'content-type': contentType, 'private-token': t.admin },
      });
      return res.statusCode;
    },
    201,
    415,
  ),
  'parse.write-query-ignored': observe(bioFromQuery, 'from the query', ''),
  // Limited to its route: the bio of PUT /users/:id is still read from the query string.
  'parse.status-query-ignored': observe(
    statusAndBioFromQuery,
    ['in a meeting', 'coffee', 'from the query'],
    [null, null, 'from the query'],
  ),
} satisfies Record<FaultIdOf<typeof PARSE_VARIATIONS>, Case>;
