/**
 * GET /user/activities: admin only, from filter (default six months back by the server's clock),
 * oldest first; activity recorded from API use; seeded past activity.
 *
 *   npx vitest run src/reference/resources/users/user-activities.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer, type TestUser } from '../../testing.ts';
import { addMonths } from './user-activities.ts';

let t: TestServer;
let jane: TestUser;

beforeEach(async () => {
  // START is 2024-05-01: old3 was active on 2024-04-28, old40 on 2024-03-22, ancient on 2023-09-04.
  t = await testServer({
    seedUsers: [
      { username: 'old40', lastActivityDaysAgo: 40 },
      { username: 'old3', lastActivityDaysAgo: 3 },
      { username: 'ancient', lastActivityDaysAgo: 240 },
    ],
  });
  jane = await t.user('jane');
});

const activities = async (query?: string) =>
  (await t.req('GET', '/user/activities', { token: t.admin, query })).data as {
    username: string;
    last_activity_on: string;
    last_activity_at: string;
  }[];

describe('user activities', () => {
  it('lists the last six months, oldest first, with last_activity_at repeating the date', async () => {
    await t.req('GET', '/user', { token: jane.token });
    const list = await activities();
    expect(list.map((a) => a.username)).toEqual(['old40', 'old3', 'root', 'jane']);
    expect(list[0]).toEqual({ username: 'old40', last_activity_on: '2024-03-22', last_activity_at: '2024-03-22' });
  });
  it('keeps users active on or after from', async () => {
    expect((await activities('from=2024-04-28')).map((a) => a.username)).toEqual(['old3', 'root']);
    expect((await activities('from=2023-01-01')).map((a) => a.username)).toEqual(['ancient', 'old40', 'old3', 'root']);
  });
  it('answers 400 to a from that is no date, 403 to a non-admin', async () => {
    expect((await t.req('GET', '/user/activities', { token: t.admin, query: 'from=yesterday' })).statusCode).toBe(400);
    expect((await t.req('GET', '/user/activities', { token: jane.token })).statusCode).toBe(403);
  });
  it('moves months on the calendar, clamping the day', () => {
    expect(addMonths('2024-08-31', -6)).toBe('2024-02-29');
    expect(addMonths('2024-05-01', -6)).toBe('2023-11-01');
  });
});
