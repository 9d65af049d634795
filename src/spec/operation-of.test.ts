/**
 * operationOf names the spec operation of a request from its method and URL, whatever the
 * server's root, query or parameter values.
 *
 *   npx vitest run src/spec/operation-of.test.ts
 */
import { expect, it } from 'vitest';
import { operationOf } from './operation-of.ts';

it.each([
  ['GET', 'http://h/api/v4/users/3/gpg_keys?page=2', 'GET /users/:id/gpg_keys'],
  ['GET', 'https://h/gitlab/api/v4/users/3/gpg_keys/9', 'GET /users/:id/gpg_keys/:key_id'],
  ['DELETE', 'http://h/api/v4/broadcast_messages/5', 'DELETE /broadcast_messages/:id'],
  ['POST', 'http://h/api/v4/projects/g%2Fp/variables', 'POST /projects/:id/variables'],
  ['PATCH', 'http://h/api/v4/broadcast_messages', undefined],
  ['GET', 'http://h/api/v4/no/such/route', undefined],
  ['GET', 'http://h/other', undefined],
])('%s %s is %s', (method, url, operation) => {
  expect(operationOf(method, url)).toBe(operation);
});
