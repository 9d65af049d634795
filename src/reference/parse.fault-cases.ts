/**
 * The fault cases of how a write's parameters are read (parse.ts queryParams), for
 * src/reference/faults.test.ts: one observation, its healthy value with the fault off and its
 * broken value with the fault on.
 *
 *   const CASES = { ...CORE_CASES, ...PARSE_FAULT_CASES };
 */
import { type Case, type TestServer, observe } from './testing.ts';

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

export const PARSE_FAULT_CASES: Record<string, Case> = {
  'parse.write-query-ignored': observe(bioFromQuery, 'from the query', ''),
  // Limited to its route: the bio of PUT /users/:id is still read from the query string.
  'parse.status-query-ignored': observe(
    statusAndBioFromQuery,
    ['in a meeting', 'coffee', 'from the query'],
    [null, null, 'from the query'],
  ),
};
