/**
 * The caller-dependent checks through Observation.record: a caller learnt from GET /user, the view
 * each caller must get, security findings naming the caller (never the credential), exchanges whose
 * caller is unknown or acts as another (Sudo) judged without it, and the hold of --identify-callers.
 */
import { describe, expect, it } from 'vitest';
import { observedExchange, OTHER_USER_WITH_EMAIL } from './fixtures/exchange.ts';
import { Observation } from './observation.ts';
import type { ObservedExchange } from './proxy.ts';

const ADMIN_TOKEN = 'glpat-admin-token-1234567890';
const USER_TOKEN = 'glpat-user-token-0987654321';
const OTHER_TOKEN = 'glpat-other-token-5555555555';

function call(
  method: string,
  target: string,
  token: string | undefined,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): ObservedExchange {
  return {
    ...observedExchange(target, JSON.stringify(body)),
    method,
    status,
    requestHeaders: { ...(token ? { 'private-token': token } : {}), ...extra },
  };
}

const me = (id: number, username: string, admin: boolean) => ({
  id,
  username,
  name: username,
  state: 'active',
  email: `${username}@example.com`,
  ...(admin ? { is_admin: true, current_sign_in_ip: null, last_sign_in_ip: null } : {}),
});

/** A regular user's view of another user, with the e-mail address it must not show. */
const otherWithEmail = OTHER_USER_WITH_EMAIL;

function observation(identifyCallers = false): Observation {
  const o = new Observation('http://127.0.0.1:1', [], { identifyCallers });
  o.record(call('GET', '/api/v4/user', ADMIN_TOKEN, 200, me(1, 'root', true)));
  o.record(call('GET', '/api/v4/user', USER_TOKEN, 200, me(2, 'ann', false)));
  return o;
}

const server = (o: Observation) => o.snapshot().server;

describe('caller-dependent checks', () => {
  it("a regular user shown another user's e-mail address: users.get.non_admin_hidden naming the field", () => {
    const o = observation();
    o.record(call('GET', '/api/v4/users/5', USER_TOKEN, 200, otherWithEmail));
    const f = server(o).find((x) => x.clause === 'users.get.non_admin_hidden' && x.about === 'callerHidden');
    expect(f?.fields).toEqual(['email']);
    // Another user's data shown to a regular user: a security finding naming the caller.
    expect(f?.security).toEqual({ id: 2, username: '<username>' });
  });

  it('the same answer to an unknown caller, or to an admin acting as another (Sudo), is not judged by caller', () => {
    const o = observation();
    o.record(call('GET', '/api/v4/users/5', 'glpat-never-seen-111111', 200, otherWithEmail));
    o.record(call('GET', '/api/v4/users/5?sudo=ann', ADMIN_TOKEN, 200, otherWithEmail));
    o.record(call('GET', '/api/v4/users/5', ADMIN_TOKEN, 200, otherWithEmail, { sudo: 'ann' }));
    expect(server(o).filter((x) => x.clause.startsWith('users.get.'))).toEqual([]);
  });

  it('the admin list without is_admin: users.list.admin_fields_account', () => {
    const o = observation();
    o.record(call('GET', '/api/v4/users', ADMIN_TOKEN, 200, [otherWithEmail]));
    const f = server(o).find((x) => x.clause === 'users.list.admin_fields_account');
    expect(f?.fields).toContain('is_admin');
  });

  it('a regular user answered 2xx on an admin-only operation: a security finding naming the caller by id, never the credential', () => {
    const o = observation();
    o.record(call('POST', '/api/v4/broadcast_messages', USER_TOKEN, 201, { id: 3, message: 'm' }));
    const f = server(o).find((x) => x.about === 'adminOnly');
    expect(f).toMatchObject({ clause: 'auth.admin_only.403', security: { id: 2, username: '<username>' } });
    expect(f?.requirement).toContain('broadcast.auth.user_403');
    expect(JSON.stringify(o.snapshot())).not.toContain(USER_TOKEN);
    // The administrator's own call is no finding.
    const a = observation();
    a.record(call('POST', '/api/v4/broadcast_messages', ADMIN_TOKEN, 201, { id: 3, message: 'm' }));
    expect(server(a).filter((x) => x.about === 'adminOnly')).toEqual([]);
  });

  it("a caller given another user's key through its own route: a security finding of the route's clause", () => {
    const o = observation();
    o.record(call('GET', '/api/v4/user', OTHER_TOKEN, 200, me(7, 'cid', false)));
    o.record(call('POST', '/api/v4/user/keys', OTHER_TOKEN, 201, { id: 9, title: 't', key: 'ssh-ed25519 AAAA' }));
    o.record(call('GET', '/api/v4/user/keys/9', OTHER_TOKEN, 200, { id: 9, title: 't', key: 'ssh-ed25519 AAAA' }));
    expect(server(o).filter((x) => x.about === 'ownItem')).toEqual([]);
    o.record(call('GET', '/api/v4/user/keys/9', USER_TOKEN, 200, { id: 9, title: 't', key: 'ssh-ed25519 AAAA' }));
    expect(server(o).find((x) => x.about === 'ownItem')).toMatchObject({ clause: 'errors.not_found.resource', security: { id: 2 } });
    // Listed among one's own: the list's own clause.
    o.record(call('GET', '/api/v4/user/keys', USER_TOKEN, 200, [{ id: 9, title: 't', key: 'ssh-ed25519 AAAA' }]));
    expect(server(o).find((x) => x.clause === 'keys.list_own.shape')).toMatchObject({ about: 'ownItem', security: { id: 2 } });
    // That list taught nothing: the key is still the other user's.
    o.record(call('GET', '/api/v4/user/keys/9', USER_TOKEN, 200, { id: 9, title: 't', key: 'ssh-ed25519 AAAA' }));
    expect(server(o).find((x) => x.clause === 'errors.not_found.resource')?.count).toBe(2);
  });

  it("GET /user answering another account than the credential's: users.current.status", () => {
    const o = observation();
    o.record(call('GET', '/api/v4/user', USER_TOKEN, 200, me(2, 'ann', false)));
    expect(server(o).filter((x) => x.clause === 'users.current.status')).toEqual([]);
    o.record(call('GET', '/api/v4/user', USER_TOKEN, 200, me(7, 'cid', false)));
    expect(server(o).find((x) => x.clause === 'users.current.status')).toMatchObject({ expected: 'user 2', actual: 'user 7' });
  });

  it('a user made admin by PUT /users/:id is judged as an admin from then on', () => {
    const o = observation();
    o.record({
      ...call('PUT', '/api/v4/users/2', ADMIN_TOKEN, 200, {}),
      requestHeaders: { 'private-token': ADMIN_TOKEN, 'content-type': 'application/json' },
      requestBody: Buffer.from('{"admin":true}'),
    });
    o.record(call('POST', '/api/v4/broadcast_messages', USER_TOKEN, 201, { id: 3, message: 'm' }));
    expect(server(o).filter((x) => x.about === 'adminOnly')).toEqual([]);
  });

  it('an editor of a group (it created an epic there) gets the fixed date fields: epics.field.fixed_visible', () => {
    const o = observation();
    o.record(call('POST', '/api/v4/groups/4/epics', USER_TOKEN, 201, { id: 1, iid: 1, group_id: 4, title: 't' }));
    o.record(call('GET', '/api/v4/groups/4/epics/1', USER_TOKEN, 200, { id: 1, iid: 1, group_id: 4, title: 't' }));
    expect(server(o).find((x) => x.clause === 'epics.field.fixed_visible')?.fields).toContain('start_date_is_fixed');
    o.record(call('GET', '/api/v4/groups/8/epics/1', USER_TOKEN, 200, { id: 2, iid: 1, group_id: 8, title: 't' }));
    // Another group's epic: whether this caller may edit there is not known, so nothing is required.
    expect(server(o).find((x) => x.clause === 'epics.field.fixed_visible')?.count).toBe(1);
  });

  it('with identifyCallers an exchange of an unknown credential is held, its credential given once, and judged once settled', () => {
    const o = observation(true);
    const x = call('GET', '/api/v4/users/5', OTHER_TOKEN, 200, otherWithEmail);
    const first = o.record(x);
    expect(first).toMatchObject({ held: true, credential: { form: 'header', name: 'private-token', value: OTHER_TOKEN } });
    expect(o.record(x)).toEqual({ held: true, key: (first as { key: string }).key });
    expect(o.snapshot().counts.exchanges).toBe(2);
    o.callers.settle((first as { key: string }).key, { id: 7, username: 'cid', admin: false });
    expect(o.record(x)).toEqual({ held: false });
    expect(server(o).find((f) => f.clause === 'users.get.non_admin_hidden')).toBeDefined();
    // Not identified: judged without the caller when forced.
    const y = call('GET', '/api/v4/users/5', 'glpat-unknown-22222222', 200, otherWithEmail);
    expect(o.record(y).held).toBe(true);
    expect(o.record(y, true)).toEqual({ held: false });
  });
});
