/**
 * Properties: a GET /users filter's answer equals filtering the full list client-side. Each run
 * creates one to five users under a fresh tag (random: blocked or not, external or not, a word in
 * the name) and compares, always combined with search=<tag> so that other users never count:
 * the cited filter (active=true, blocked=true, external=true, username in random case) alone with
 * the tag, then a random combination of the others, unless one of those alone is already wrong.
 * Answers are compared as sets of usernames. The users go at the end of a passing run.
 */
import { describe } from 'vitest';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createUser,
  fc,
  forAll,
  requireThat,
  userDataArb,
  userFilterArb,
  type ClauseContext,
  type Session,
  type UserFilter,
  type UserSpec,
} from '../../src/kit/index.ts';

interface Listed {
  id: number;
  username: string;
  state: string;
  external?: boolean;
}

async function build(s: Session, tag: string, data: UserSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, u] of data.entries()) {
    const user = await createUser(
      s,
      { username: `${tag}-${i + 1}`, name: `Kit ${tag} ${u.nameWord}`, external: u.external },
      { token: false },
    );
    ids.push(user.id);
    if (u.blocked) check.status(await s.admin.post(`/users/${user.id}/block`), 201, 'Blocking a user (set-up) MUST answer 201.');
  }
  return ids;
}

function query(f: UserFilter, tag: string, count: number): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.active) q.active = 'true';
  if (f.blocked) q.blocked = 'true';
  if (f.external) q.external = 'true';
  if (f.username) {
    const name = `${tag}-${(f.username.index % count) + 1}`;
    q.username = f.username.upper ? name.toUpperCase() : name;
  }
  return q;
}

function matches(u: Listed, q: Record<string, string>): boolean {
  if (q.active && u.state === 'blocked') return false;
  if (q.blocked && u.state !== 'blocked') return false;
  if (q.external && u.external !== true) return false;
  if (q.username && u.username.toLowerCase() !== q.username.toLowerCase()) return false;
  return true;
}

function property(clause: string, filter: keyof UserFilter, title: string): void {
  clauseTest(
    clause,
    title,
    async (ctx: ClauseContext) => {
      const { s } = ctx;
      const runArb = fc.record({ data: userDataArb, filter: userFilterArb.filter((f) => f[filter] !== undefined) });
      await forAll(
        ctx,
        runArb,
        async ({ data, filter: f }) => {
          const tag = s.name('uf').toLowerCase();
          const ids = await build(s, tag, data);
          const full = await s.admin.get('/users', { query: { search: tag, per_page: PER_PAGE_MAX } });
          check.status(full, 200);
          const all = full.json as Listed[];
          requireThat(
            all.length === data.length,
            `GET /users?search=${tag} MUST list the ${data.length} users named with that tag (set-up of the client-side filter).`,
            data.length,
            all.length,
          );
          const q = query(f, tag, data.length);
          const answer = async (sent: Record<string, string>) => {
            const res = await s.admin.get('/users', { query: { search: tag, per_page: PER_PAGE_MAX, ...sent } });
            check.status(res, 200);
            const want = all
              .filter((u) => matches(u, sent))
              .map((u) => u.username)
              .sort();
            const got = (res.json as Listed[]).map((u) => u.username).sort();
            return { want, got, ok: JSON.stringify(got) === JSON.stringify(want) };
          };
          const alone = await answer({ [filter]: q[filter]! });
          requireThat(
            alone.ok,
            `GET /users?search=${tag}&${filter}=${q[filter]} MUST list exactly the tagged users that match.`,
            alone.want,
            alone.got,
          );
          const others = Object.keys(q).filter((k) => k !== filter);
          let othersOk = true;
          for (const k of others) if (!(await answer({ [k]: q[k]! })).ok) othersOk = false;
          if (others.length > 0 && othersOk) {
            const combined = await answer(q);
            requireThat(
              combined.ok,
              `GET /users?search=${tag}&${new URLSearchParams(q)} MUST list exactly the tagged users that match every filter.`,
              combined.want,
              combined.got,
            );
          }
          for (const id of ids) await s.admin.delete(`/users/${id}`, { query: { hard_delete: 'true' } });
        },
        { sideBySide: true, scale: 0.3 },
      );
    },
    { timeout: 180_000 },
  );
}

describe.concurrent('GET /users filters (properties)', () => {
  property(
    'users.list.filter.active',
    'active',
    'with random users, active=true (with other filters) answers the tagged users filtered client-side',
  );
  property(
    'users.list.filter.blocked',
    'blocked',
    'with random users, blocked=true (with other filters) answers the tagged users filtered client-side',
  );
  property(
    'users.list.filter.external',
    'external',
    'with random users, external=true (with other filters) answers the tagged users filtered client-side',
  );
  property(
    'users.list.filter.username_case',
    'username',
    'with random users, username in any case (with other filters) answers the tagged users filtered client-side',
  );
});
