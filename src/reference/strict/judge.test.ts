/**
 * The strict judge, rule by rule, on rows of the real operation table.
 *
 *   judgeRequest({ method: 'GET', query: { per_page: '500' }, body: undefined }, operationById('listUsers'))
 */
import { describe, expect, it } from 'vitest';
import { operationById } from '../../spec/operations/index.ts';
import { judgeRequest } from './judge.ts';

const get = (operationId: string, query: Record<string, unknown>) =>
  judgeRequest({ method: 'GET', query, body: undefined }, operationById(operationId));
const kinds = (js: { kind: string; parameter: string }[]) => js.map((j) => `${j.kind}:${j.parameter}`);

describe('judgeRequest', () => {
  it('finds nothing in a request that asks only what its operation reads', () => {
    expect(get('listUsers', { username: 'jane', page: '2', per_page: '100', sudo: 'jane' })).toEqual([]);
    expect(get('listUserActivities', { from: '2024-01-31' })).toEqual([]);
    expect(get('listGroupEpics', { created_after: '2024-01-31T10:00:00Z', state: 'opened', labels: 'a,b' })).toEqual([]);
  });

  it('finds an unknown query parameter, and pagination parameters only on a list', () => {
    expect(kinds(get('listUsers', { colour: 'red' }))).toEqual(['unknown-parameter:colour']);
    expect(kinds(get('getCurrentUser', { page: '1' }))).toEqual(['unknown-parameter:page']);
  });

  it('finds a datetime where a date is asked, and a date-less datetime', () => {
    expect(get('listUserActivities', { from: '2024-01-31T00:00:00Z' })).toMatchObject([{ kind: 'wrong-format', parameter: 'from' }]);
    expect(kinds(get('listGroupEpics', { created_after: 'yesterday' }))).toEqual(['wrong-format:created_after']);
  });

  it('finds values of the wrong type: integer, boolean, enum', () => {
    expect(kinds(get('listGroupEpics', { author_id: 'me', include_ancestor_groups: 'maybe', state: 'shut' }))).toEqual([
      'wrong-type:author_id',
      'wrong-type:include_ancestor_groups',
      'wrong-type:state',
    ]);
  });

  it('finds per_page over the maximum, and a token in the query (known, but its own finding)', () => {
    expect(kinds(get('listUsers', { per_page: '500' }))).toEqual(['per-page-over-max:per_page']);
    expect(kinds(get('getCurrentUser', { private_token: 'x' }))).toEqual(['token-in-query:private_token']);
    expect(kinds(get('getCurrentUser', { access_token: 'x' }))).toEqual(['token-in-query:access_token']);
  });

  it('finds a parameter the spec marks deprecated', () => {
    const row = { ...operationById('listUsers'), query: { old: { type: 'string', deprecated: true } } };
    expect(kinds(judgeRequest({ method: 'GET', query: { old: 'x' }, body: undefined }, row))).toEqual(['deprecated-parameter:old']);
  });

  it("finds a body field the route does not read, and reads a write's query string as its body", () => {
    const create = operationById('createUser');
    const body = { ...create.sample, name: 'n', username: 'u', email: 'u@example.com', password: 'p', nickname: 'x' };
    expect(kinds(judgeRequest({ method: 'POST', query: { username: 'u' }, body }, create))).toEqual(['unread-body-field:nickname']);
  });

  it('reads a query parameter sent in a body (the platform merges them) and does not judge a file field', () => {
    const update = operationById('updateProjectVariable');
    expect(judgeRequest({ method: 'PUT', query: {}, body: { value: 'v', filter: { environment_scope: '*' } } }, update)).toEqual([]);
    const avatar = { filename: 'a.png', data: 'x' };
    expect(judgeRequest({ method: 'PUT', query: {}, body: { avatar } }, operationById('updateUser'))).toEqual([]);
  });
});
