/**
 * GET /user_counts: the caller's counters. The reference holds no merge requests or issues, so
 * every count is 0; the fields beyond merge_requests are the platform's.
 *
 *   GET /api/v4/user_counts -> 200 {"merge_requests":0,"assigned_issues":0,"assigned_merge_requests":0,
 *                                   "review_requested_merge_requests":0,"todos":0}
 */
import type { Router } from '../../router.ts';

export function userCountsView() {
  return {
    merge_requests: 0,
    assigned_issues: 0,
    assigned_merge_requests: 0,
    review_requested_merge_requests: 0,
    todos: 0,
  };
}

export function registerUserCounts(r: Router): void {
  r.op('getUserCounts', () => userCountsView());
}
