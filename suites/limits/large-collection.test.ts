/**
 * Limits, heavy (CONFORMANCE_HEAVY=1): a collection of more than 10,000 items. Where the target
 * has the feature flag on, X-Total, X-Total-Pages and rel="last" are left out together while the
 * other pagination headers and links stay. The collection is the impersonation tokens of a fresh
 * user (10,001 of them), removed with the user.
 */
import { describe } from 'vitest';
import { addImpersonationTokens, check, clauseTest, createUser, LARGE_COLLECTION, parseLinks, requireThat } from '../../src/kit/index.ts';

const OVER = LARGE_COLLECTION + 1;
const PARALLEL = 16;

describe.concurrent('a collection of more than 10,000 items', () => {
  clauseTest(
    'limits.large_collection.no_x_total',
    'over 10,000 items, X-Total, X-Total-Pages and rel="last" are left out together, the rest stays',
    async ({ s, skip }) => {
      if (!s.target.heavy) skip('a heavy check (10,001 items): set CONFORMANCE_HEAVY=1 to run it');
      const user = await createUser(s, {}, { token: false });
      await addImpersonationTokens(s, user.id, OVER, PARALLEL);
      const res = await s.admin.get(`/users/${user.id}/impersonation_tokens`, { query: { per_page: 2, page: 2 } });
      check.status(res, 200);
      const links = parseLinks(res);
      const omitted = [res.headers['x-total'] === undefined, res.headers['x-total-pages'] === undefined, links.last === undefined];
      if (omitted.every((o) => !o))
        skip('the target counts collections of any size (the feature flag of the over-10,000 rule is off there)');
      requireThat(
        omitted.every(Boolean),
        'Over 10,000 items, X-Total, X-Total-Pages and rel="last" MUST all be left out, not some of them.',
        'all three absent',
        `X-Total ${res.headers['x-total'] ?? 'absent'}, X-Total-Pages ${res.headers['x-total-pages'] ?? 'absent'}, rel="last" ${links.last ? 'present' : 'absent'}`,
      );
      check.header(res, 'X-Page', '2', 'X-Page MUST stay.');
      check.header(res, 'X-Per-Page', '2', 'X-Per-Page MUST stay.');
      requireThat(
        links.next !== undefined && links.first !== undefined && links.prev !== undefined,
        'rel="prev", "next" and "first" MUST stay.',
        'prev, next, first',
        Object.keys(links),
      );
    },
    { timeout: 300_000 },
  );
});
