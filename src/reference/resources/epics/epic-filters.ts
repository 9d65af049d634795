/**
 * The epic list's query: filters (author_id, labels, search, state, created/updated ranges whose
 * bounds are on or after / on or before), ordering (order_by created_at|updated_at, sort asc|desc)
 * and the groups covered (include_descendant_groups default true, include_ancestor_groups default
 * false).
 *
 *   const q = readParams(input(request), EPIC_LIST);
 *   const epics = listEpics(ctx, user, group, q);   // filtered and ordered, ready for paginate()
 *   // GET /groups/7/epics?labels=bug,ux&state=opened&order_by=updated_at&sort=asc
 */
import type { RefContext } from '../../context.ts';
import { groupsInScope } from '../../domain/epics.ts';
import { labelNames } from '../../domain/labels.ts';
import type { EpicRecord, NamespaceRecord, UserRecord } from '../../domain/records.ts';
import { p, type Values } from '../../params.ts';
import type { EpicRangeParam } from './epics.policy.ts';

export const EPIC_LIST = {
  author_id: p.integer(),
  labels: p.array(p.string(), { commaSeparated: true }),
  with_labels_details: p.boolean(),
  order_by: p.oneOf(['created_at', 'updated_at'] as const),
  sort: p.oneOf(['asc', 'desc'] as const),
  search: p.string(),
  state: p.oneOf(['opened', 'closed', 'all'] as const),
  created_after: p.datetime(),
  created_before: p.datetime(),
  updated_after: p.datetime(),
  updated_before: p.datetime(),
  include_ancestor_groups: p.boolean(),
  include_descendant_groups: p.boolean(),
};

export type EpicListQuery = Values<typeof EPIC_LIST>;

/** Each range filter with the time it bounds. */
const RANGES: readonly (readonly [EpicRangeParam, 'createdAt' | 'updatedAt'])[] = [
  ['created_after', 'createdAt'],
  ['created_before', 'createdAt'],
  ['updated_after', 'updatedAt'],
  ['updated_before', 'updatedAt'],
];

function matches(ctx: RefContext, epic: EpicRecord, q: EpicListQuery): boolean {
  if (q.author_id !== undefined && epic.authorId !== q.author_id) return false;
  const state = q.state ?? 'all';
  if (state !== 'all' && epic.state !== state) return false;
  const policy = ctx.variations.policies.epics;
  const wanted = (q.labels ?? []).map((l) => l.trim()).filter(Boolean);
  if (wanted.length > 0 && !policy.labelsMatch(wanted, labelNames(ctx.store, epic.labelIds))) return false;
  if (q.search) {
    const s = q.search.toLowerCase();
    if (!epic.title.toLowerCase().includes(s) && !(epic.description ?? '').toLowerCase().includes(s)) return false;
  }
  return RANGES.every(([param, field]) => {
    const bound = q[param];
    return !bound || policy.rangeBounds[param](epic[field].getTime(), bound.getTime());
  });
}

/** The epics the list shows, filtered and ordered (ties broken by id in the same direction). */
export function listEpics(ctx: RefContext, user: UserRecord | null, group: NamespaceRecord, q: EpicListQuery): EpicRecord[] {
  const scope = groupsInScope(ctx.store, user, group, {
    descendants: q.include_descendant_groups ?? true,
    ancestors: q.include_ancestor_groups ?? false,
  });
  const epics = ctx.store.epics.filter((e) => scope.has(e.groupId) && matches(ctx, e, q));
  const key = q.order_by === 'updated_at' ? (e: EpicRecord) => e.updatedAt.getTime() : (e: EpicRecord) => e.createdAt.getTime();
  const dir = ctx.variations.policies.epics.sortDirection(q.sort);
  return epics.sort((a, b) => (key(a) - key(b) || a.id - b.id) * dir);
}
