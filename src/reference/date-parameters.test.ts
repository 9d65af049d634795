/**
 * Date parameters read as the platform reads them, in every resource that takes one: an
 * impersonation token's expires_at (`type: Date`), a member's expires_at (`type: DateTime` stored
 * in a date column) and an epic's start_date_fixed / due_date_fixed (strings the model casts to
 * dates) take YYYY-MM-DD or a full ISO 8601 datetime, which keeps the calendar date it was written
 * with; anything else stays 400 "<name> is invalid".
 *
 *   npx vitest run src/reference/date-parameters.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from './testing.ts';

let t: TestServer;
let jane: TestUser;
beforeEach(async () => {
  t = await testServer();
  jane = await t.user('jane');
});

const LONG_FORMS = ['2024-12-26T00:00:00Z', '2024-12-26T10:00:00+02:00', '2024-12-26T23:30:00-05:00', '2024-12-26T00:00:00.000+14:00'];

describe('date parameters (both profiles)', () => {
  it('an impersonation token keeps the calendar date of a datetime expires_at; garbage is 400', async () => {
    for (const expires_at of LONG_FORMS) {
      const res = await t.req('POST', `/users/${jane.id}/impersonation_tokens`, {
        token: t.admin,
        body: { name: 'ci', scopes: ['api'], expires_at },
      });
      expect([res.statusCode, res.data.expires_at], expires_at).toEqual([201, '2024-12-26']);
    }
    for (const expires_at of ['26/12/2024', '2024-12-26T25:00:00Z', 'tomorrow']) {
      const res = await t.req('POST', `/users/${jane.id}/impersonation_tokens`, {
        token: t.admin,
        body: { name: 'ci', scopes: ['api'], expires_at },
      });
      expect([res.statusCode, res.data], expires_at).toEqual([400, { message: 'expires_at is invalid' }]);
    }
  });

  it("a member's expires_at takes a date or a datetime and shows the date", async () => {
    const group = (await t.req('POST', '/groups', { token: t.admin, body: { name: 'G', path: 'g' } })).data.id;
    const bob = await t.user('bob');
    const added = await t.req('POST', `/groups/${group}/members`, {
      token: t.admin,
      body: { user_id: jane.id, access_level: 30, expires_at: '2024-12-26T10:00:00+02:00' },
    });
    expect([added.statusCode, added.data.expires_at]).toEqual([201, '2024-12-26']);
    const plain = await t.req('POST', `/groups/${group}/members`, {
      token: t.admin,
      body: { user_id: bob.id, access_level: 30, expires_at: '2024-12-27' },
    });
    expect(plain.data.expires_at).toBe('2024-12-27');
    const bad = await t.req('POST', `/groups/${group}/members`, {
      token: t.admin,
      body: { user_id: jane.id, access_level: 30, expires_at: 'later' },
    });
    expect([bad.statusCode, bad.data]).toEqual([400, { message: 'expires_at is invalid' }]);
  });

  it("an epic's fixed dates take a datetime as its calendar date, on create and update", async () => {
    const group = (await t.req('POST', '/groups', { token: t.admin, body: { name: 'G', path: 'g' } })).data.id;
    const made = await t.req('POST', `/groups/${group}/epics`, {
      token: t.admin,
      body: {
        title: 'e',
        start_date_is_fixed: true,
        start_date_fixed: '2024-12-26T23:30:00-05:00',
        due_date_is_fixed: true,
        due_date_fixed: '2025-01-31',
      },
    });
    expect([made.statusCode, made.data.start_date_fixed, made.data.start_date, made.data.due_date]).toEqual([
      201,
      '2024-12-26',
      '2024-12-26',
      '2025-01-31',
    ]);
    const moved = await t.req('PUT', `/groups/${group}/epics/${made.data.iid}`, {
      token: t.admin,
      body: { due_date_fixed: '2025-02-28T00:00:00Z' },
    });
    expect([moved.statusCode, moved.data.due_date_fixed]).toEqual([200, '2025-02-28']);
    const bad = await t.req('POST', `/groups/${group}/epics`, { token: t.admin, body: { title: 'e', due_date_fixed: '28.02.2025' } });
    expect([bad.statusCode, bad.data]).toEqual([400, { message: 'due_date_fixed is invalid' }]);
  });
});
