/** Unit tests of the response checks applied to every exchange. */
import { describe, expect, test } from 'vitest';
import type { ApiResponse } from './client.ts';
import { CHECKS, CITED } from './check-registry.ts';
import { findClause } from '../spec/clauses.ts';
import { runResponseChecks } from './response-checks.ts';

const API = 'http://h/api/v4';
function res(json: unknown, o: Partial<ApiResponse> = {}): ApiResponse {
  const text = json === undefined ? '' : JSON.stringify(json);
  return {
    method: 'GET',
    url: `${API}/x`,
    requestHeaders: {},
    status: 200,
    headers: { 'content-type': 'application/json' },
    text,
    json,
    durationMs: 1,
    ...o,
  };
}
const clauses = (r: ApiResponse) => runResponseChecks(r, API).map((v) => v.clause);

describe('response checks', () => {
  test('a conforming body passes', () => {
    expect(
      clauses(
        res([
          {
            id: 1,
            created_at: '2020-01-01T12:00:00.000Z',
            expires_at: '2020-01-01',
            due_date: null,
            last_activity_on: '2020-02-29',
            parent_id: null,
          },
        ]),
      ),
    ).toEqual([]);
  });
  test.each([
    [{ created_at: '2020-01-01T12:00:00Z' }, 'conv.types.datetime'],
    [{ nested: { updated_at: '2020-01-01T12:00:00.000+00:00' } }, 'conv.types.datetime'],
    [{ due_date: '2020/01/01' }, 'conv.types.date'],
    [{ last_activity_on: '2020-01-01T00:00:00.000Z' }, 'conv.types.date'],
    [{ id: '7' }, CITED],
    [[{ group_id: 1.5 }], CITED],
    [{ id: null }, CITED],
    [{ parent_id: '3' }, CITED],
  ])('%j breaks %s', (body, clause) => {
    expect(clauses(res(body))).toContain(clause);
  });
  test('each field rule reports its first bad field, depth first, in the order of the checks', () => {
    const body = [
      { id: 1, child: { created_at: '2020-01-01T12:00:00Z', due_date: 'soon' }, updated_at: 'x', project_id: 'p', start_date: '2020/1/1' },
    ];
    const found = runResponseChecks(res(body), API);
    expect(found.map((v) => [v.clause, v.actual])).toEqual([
      ['conv.types.datetime', '2020-01-01T12:00:00Z'],
      ['conv.types.date', 'soon'],
      [CITED, '"p"'],
    ]);
    expect(found[0]!.requirement).toContain('/0/child/created_at');
    expect(found[2]!.requirement).toContain('/0/project_id');
  });
  test('a JSON body needs the JSON content type; an empty or unshown-status body does not', () => {
    expect(clauses(res({ id: 1 }, { headers: { 'content-type': 'text/plain' } }))).toEqual(['conv.format.json_response']);
    expect(clauses(res(undefined, { status: 204, headers: {} }))).toEqual([]);
    expect(clauses(res(undefined, { status: 405, text: '<html>', headers: { 'content-type': 'text/html' } }))).toEqual([]);
  });
  test('a 5xx is always a violation, of the clause of the test that met it; URLs outside the API are left alone', () => {
    expect(clauses(res({ message: 'boom' }, { status: 500 }))).toEqual([CITED]);
    expect(clauses(res({ id: 'x' }, { url: 'http://h/uploads/a.png' }))).toEqual([]);
  });
  test('error statuses are checked for JSON, not for field formats', () => {
    expect(clauses(res({ message: 'x', created_at: 'bad' }, { status: 400 }))).toEqual([]);
  });
  test('a known GET is checked against its named view; unknown paths are not', () => {
    const key = { id: 1, title: 't', key: 'ssh-ed25519 AAAA', created_at: '2020-01-01T12:00:00.000Z' };
    expect(clauses(res([key], { url: `${API}/user/keys` }))).toEqual([]);
    expect(clauses(res([{ ...key, title: 7 }], { url: `${API}/users/3/keys?per_page=2` }))).toEqual(['keys.field.shape']);
    expect(clauses(res(key, { url: `${API}/user/keys` }))).toEqual(['keys.field.shape']);
    expect(
      clauses(
        res(
          {
            id: 1,
            name: 'n',
            active: true,
            revoked: false,
            scopes: ['api'],
            impersonation: true,
            created_at: '2020-01-01T12:00:00.000Z',
            expires_at: null,
            token: 'x',
          },
          { url: `${API}/users/3/impersonation_tokens/9` },
        ),
      ),
    ).toEqual(['tokens.field.shape']);
    expect(clauses(res({ anything: true }, { url: `${API}/somewhere/else` }))).toEqual([]);
  });
  test('a finding names the fields it is about, so a baseline entry can excuse those alone', () => {
    const key = { id: 1, title: 't', key: 'ssh-ed25519 AAAA', created_at: '2020-01-01T12:00:00.000Z' };
    const [missing] = runResponseChecks(res([{ id: 1, key: key.key, created_at: key.created_at }], { url: `${API}/user/keys` }), API);
    expect([missing!.clause, missing!.fields]).toEqual(['keys.field.shape', ['title']]);
    const [twice] = runResponseChecks(res([{ ...key, title: 7, key: null }], { url: `${API}/user/keys` }), API);
    expect(twice!.fields?.sort()).toEqual(['key', 'title']);
    const [nested] = runResponseChecks(res({ child: { due_date: 'soon' } }), API);
    expect(nested!.fields).toEqual(['child.due_date']);
    const [whole] = runResponseChecks(res({ id: 1 }, { url: `${API}/user/keys` }), API);
    expect(whole!.fields).toBeUndefined(); // an object where an array was due: no field to name
  });
  test("a string id on a route with a view breaks that view's shape clause", () => {
    expect(clauses(res([{ id: '7' }], { url: `${API}/broadcast_messages` }))).toContain('broadcast.field.shape');
  });
});

describe('the check registry', () => {
  test("every clause an entry may cite is in the catalogue (or is the test's own)", () => {
    const cited = Object.entries(CHECKS).flatMap(([name, e]) => e.cites.map((c) => [name, c] as const));
    expect(cited.length).toBeGreaterThan(10);
    for (const [name, clause] of cited) {
      if (clause !== CITED) expect(findClause(clause), `${name} cites ${clause}`).toBeDefined();
    }
  });
  test('what a check answers cites one of its declared clauses', () => {
    const bad = res([{ id: '1', created_at: 'x-T', due_date: 'x', title: 1 }], { url: `${API}/user/keys`, status: 200 });
    for (const v of runResponseChecks(bad, API)) expect(CHECKS[v.check].cites).toContain(v.clause);
    expect(CHECKS.status.judge(res({}, { status: 200 }), 201)?.clause).toBe(CITED);
  });
});
