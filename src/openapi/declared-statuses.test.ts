/**
 * undeclaredStatuses finds the statuses an operation answered that the document does not declare,
 * and only those: requests outside the spec's operations, and declared statuses, are no finding.
 *
 *   npx vitest run src/openapi/declared-statuses.test.ts
 */
import { expect, it } from 'vitest';
import { answeredStatuses, harEntries, undeclaredStatuses, type StatusExchange } from './declared-statuses.ts';
import { openapiDocument } from './document.ts';

const at = (method: string, path: string, status: number): StatusExchange => ({ method, url: `http://h/api/v4${path}?page=1`, status });

it('reports an answered status the operation does not declare, once with a count, and nothing else', () => {
  const doc = openapiDocument();
  const exchanges = [
    at('DELETE', '/user/emails/3', 204),
    at('DELETE', '/user/emails/3', 400), // declared: the primary address
    at('GET', '/user', 200),
    at('GET', '/user', 418),
    at('GET', '/user', 418),
    at('PATCH', '/user', 405), // no operation of the spec
    at('POST', '/projects', 201), // the fixture surface
    at('GET', '/user', 0), // no answer
  ];
  expect(undeclaredStatuses(doc, exchanges)).toEqual([
    { operation: 'GET /user', operationId: 'getCurrentUser', status: 418, count: 2, example: 'GET /api/v4/user' },
  ]);
  expect(answeredStatuses(exchanges).get('deleteCurrentUserEmail')).toEqual(new Set([204, 400]));
  delete (doc.paths['/user/emails/{email_id}']!.delete!.responses as Record<string, unknown>)['400'];
  expect(undeclaredStatuses(doc, exchanges).map((u) => `${u.operationId} ${u.status}`)).toEqual([
    'deleteCurrentUserEmail 400',
    'getCurrentUser 418',
  ]);
});

it("reads the kit's HAR", () => {
  const har = { log: { entries: [{ request: { method: 'GET', url: 'http://h/api/v4/user' }, response: { status: 200 }, _test: 't' }] } };
  expect(harEntries(JSON.stringify(har))).toEqual([{ method: 'GET', url: 'http://h/api/v4/user', status: 200, test: 't' }]);
});
