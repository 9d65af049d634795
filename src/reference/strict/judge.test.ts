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

  it('reads epic labels as the platform does: a comma-separated string, a JSON array or labels[] alike; an object is still wrong', () => {
    const create = operationById('createGroupEpic');
    const update = operationById('updateGroupEpic');
    expect(judgeRequest({ method: 'POST', query: {}, body: { title: 't', labels: ['a', 'b'] } }, create)).toEqual([]);
    expect(judgeRequest({ method: 'POST', query: {}, body: { title: 't', labels: 'a,b' } }, create)).toEqual([]);
    expect(judgeRequest({ method: 'PUT', query: {}, body: { labels: ['a'] } }, update)).toEqual([]);
    expect(get('listGroupEpics', { 'labels[]': ['a', 'b'] })).toEqual([]);
    expect(get('listGroupEpics', { labels: 'a,b' })).toEqual([]);
    expect(kinds(judgeRequest({ method: 'POST', query: {}, body: { title: 't', labels: [{ name: 'a' }] } }, create))).toEqual([
      'wrong-type:labels',
    ]);
    // Elsewhere an array where the spec asks a string is still a finding.
    expect(kinds(judgeRequest({ method: 'POST', query: {}, body: { title: ['t'] } }, create))).toEqual(['wrong-type:title']);
  });

  it("reads a variable's key in the body of its PUT as the platform does: the path's key is no finding, another one is", () => {
    const update = operationById('updateProjectVariable');
    const put = (body: Record<string, unknown>, query: Record<string, unknown> = {}) =>
      judgeRequest({ method: 'PUT', query, body, params: { id: '3', key: 'DEPLOY_ENV' } }, update);
    expect(put({ key: 'DEPLOY_ENV', value: 'v', protected: false })).toEqual([]);
    expect(put({ value: 'v' }, { key: 'DEPLOY_ENV' })).toEqual([]);
    const renamed = put({ key: 'OTHER', value: 'v' });
    expect(renamed).toEqual([
      {
        kind: 'unread-body-field',
        parameter: 'key',
        detail: 'the platform reads key from the path ("DEPLOY_ENV") and does not apply this one ("OTHER"): nothing is renamed',
      },
    ]);
    expect(kinds(put({ value: 'v' }, { key: 'OTHER' }))).toEqual(['unknown-parameter:key']);
    // Without the path known, a body key is a finding, as before.
    expect(kinds(judgeRequest({ method: 'PUT', query: {}, body: { key: 'DEPLOY_ENV', value: 'v' } }, update))).toEqual([
      'unread-body-field:key',
    ]);
    // Other operations have no such echo.
    const epic = judgeRequest({ method: 'PUT', query: {}, body: { key: 'x' }, params: { key: 'x' } }, operationById('updateGroupEpic'));
    expect(kinds(epic)).toEqual(['unread-body-field:key']);
  });
});
