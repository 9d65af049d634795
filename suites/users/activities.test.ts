/**
 * GET /user/activities (admin only) and the activity an API call records: the list's status,
 * item shape (with the deprecated last_activity_at), refusal for a non-admin, the from filter
 * (proven with a user of the test's own that just used the API), oldest-to-newest order, and
 * last_activity_on set to the current date by an API call with the user's own token.
 * Other callers may use the server at the same time: checks look for this test's user, or at
 * properties every item must have, never at the whole list's content.
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  createUser,
  isApiDate,
  PER_PAGE_MAX,
  requireThat,
  serverNow,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';

interface Activity {
  username: string;
  last_activity_on: string;
  last_activity_at: unknown;
}

const PER_PAGE = PER_PAGE_MAX;
const MAX_PAGES = 20;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Pages of GET /user/activities (admin) until `done` says so, the list ends, or MAX_PAGES. */
async function collect(s: Session, query: Record<string, string>, done: (items: Activity[]) => boolean = () => false): Promise<Activity[]> {
  const items: Activity[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const res = await s.admin.get('/user/activities', { query: { ...query, page, per_page: PER_PAGE } });
    check.status(res, 200, 'GET /user/activities by an admin MUST answer 200.');
    requireThat(Array.isArray(res.json), 'GET /user/activities MUST answer a JSON array.', 'an array', typeof res.json);
    items.push(...(res.json as Activity[]));
    if (done(items) || (res.json as unknown[]).length < PER_PAGE || res.headers['x-next-page'] === '') break;
  }
  return items;
}

/** The admin view's last_activity_on of a user, polled a while (a server may record it late). */
async function lastActivityOn(s: Session, id: number, timeoutMs = 10_000): Promise<string | null> {
  const started = Date.now();
  for (;;) {
    const res = await s.admin.get(`/users/${id}`);
    check.status(res, 200, `GET /users/${id} by an admin MUST answer 200.`);
    const day = res.json?.last_activity_on ?? null;
    if (day !== null || Date.now() - started > timeoutMs) return day;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A fresh user who just made one API call with its own token; its recorded activity date. */
async function activeUser(s: Session): Promise<{ user: CreatedUser; day: string; callDay: string }> {
  const user = await createUser(s);
  const call = await user.client.get('/user');
  check.status(call, 200, "GET /user with the user's own token MUST answer 200.");
  const day = await lastActivityOn(s, user.id);
  requireThat(
    typeof day === 'string' && isApiDate(day),
    "An API call with the user's token MUST set the user's last_activity_on (a date).",
    'a date',
    day,
  );
  return { user, day: day as string, callDay: serverNow(call).toISOString().slice(0, 10) };
}

const has = (user: CreatedUser) => (items: Activity[]) => items.some((a) => a.username === user.username);

describe.concurrent('user activities', () => {
  clauseTest('users.activities.status', 'GET /user/activities by an admin answers 200', async ({ s }) => {
    check.status(await s.admin.get('/user/activities'), 200);
  });

  clauseTest(
    'users.activities.shape',
    'GET /user/activities answers an array of objects with username, last_activity_on and last_activity_at',
    async ({ s }) => {
      const { day } = await activeUser(s);
      const res = await s.admin.get('/user/activities', { query: { from: day, per_page: PER_PAGE } });
      check.status(res, 200);
      const items = check.arrayOf(res, 'user.activity');
      requireThat(items.length > 0, 'GET /user/activities MUST list a user active on the from date.', 'at least one activity', 0);
    },
  );

  clauseTest(
    'users.activities.deprecated_at',
    'each activity still carries last_activity_at as a date beside last_activity_on',
    async ({ s }) => {
      const { user, day } = await activeUser(s);
      const items = await collect(s, { from: day }, has(user));
      requireThat(has(user)(items), 'GET /user/activities MUST list the user who just used the API.', user.username, '(absent)');
      for (const a of items) {
        requireThat(
          typeof a.last_activity_at === 'string' && isApiDate(a.last_activity_at),
          `The activity of ${a.username} MUST carry last_activity_at as a date (YYYY-MM-DD).`,
          'a date',
          a.last_activity_at,
        );
        requireThat(
          isApiDate(a.last_activity_on),
          `The activity of ${a.username} MUST carry last_activity_on as a date.`,
          'a date',
          a.last_activity_on,
        );
      }
    },
  );

  clauseTest(
    'users.activities.from',
    'from=D lists only users active on or after D: a user active on D is listed, and not with from=D+1',
    async ({ s }) => {
      const { user, day } = await activeUser(s);
      const onDay = await collect(s, { from: day }, has(user));
      requireThat(
        has(user)(onDay),
        `GET /user/activities?from=${day} MUST list a user whose last activity is ${day}.`,
        user.username,
        '(absent)',
      );
      const next = addDays(day, 1);
      const after = await collect(s, { from: next });
      for (const [from, items] of [
        [day, onDay],
        [next, after],
      ] as const) {
        for (const a of items) {
          requireThat(
            a.last_activity_on >= from,
            `GET /user/activities?from=${from} MUST list only users active on or after ${from}.`,
            `>= ${from}`,
            `${a.username}: ${a.last_activity_on}`,
          );
        }
      }
      requireThat(
        !has(user)(after),
        `GET /user/activities?from=${next} MUST leave out a user last active on ${day}.`,
        `no ${user.username}`,
        user.username,
      );
    },
  );

  clauseTest('users.activities.order', 'GET /user/activities lists activities oldest to newest', async ({ s, skip }) => {
    await activeUser(s);
    const items = await collect(s, {});
    for (let i = 1; i < items.length; i += 1) {
      const [prev, cur] = [items[i - 1]!, items[i]!];
      requireThat(
        prev.last_activity_on <= cur.last_activity_on,
        'last_activity_on MUST never decrease along GET /user/activities.',
        `${cur.username} on or after ${prev.last_activity_on}`,
        `${prev.username}: ${prev.last_activity_on}, then ${cur.username}: ${cur.last_activity_on}`,
      );
    }
    if (new Set(items.map((a) => a.last_activity_on)).size < 2) {
      skip('Every activity the target lists is on one date: the order cannot be observed (users active on different days are needed).');
    }
  });

  clauseTest(
    'users.activities.api_use',
    "an API call with a user's token sets that user's last_activity_on to the current date",
    async ({ s }) => {
      const { day, callDay } = await activeUser(s);
      // The server's own calendar day may differ from the UTC day of its Date header by its time zone.
      const allowed = [addDays(callDay, -1), callDay, addDays(callDay, 1)];
      requireThat(
        allowed.includes(day),
        "An API call MUST set the user's last_activity_on to the current date.",
        `${callDay} (the day of the call, by the server's Date header)`,
        day,
      );
    },
  );
});
