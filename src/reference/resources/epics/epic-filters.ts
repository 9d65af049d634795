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
import type { VariationId } from '../../variation/registry.ts';

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

function matches(ctx: RefContext, epic: EpicRecord, q: EpicListQuery): boolean {
  if (q.author_id !== undefined && epic.authorId !== q.author_id) return false;
  const state = q.state ?? 'all';
  if (state !== 'all' && epic.state !== state) return false;
  const wanted = (q.labels ?? []).map((l) => l.trim()).filter(Boolean);
  if (wanted.length > 0 && !ctx.has('epics.labels-filter-ignored')) {
    const names = labelNames(ctx.store, epic.labelIds);
    if (!wanted.every((w) => names.includes(w))) return false;
  }
  if (q.search) {
    const s = q.search.toLowerCase();
    if (!epic.title.toLowerCase().includes(s) && !(epic.description ?? '').toLowerCase().includes(s)) return false;
  }
  const created = epic.createdAt.getTime();
  const updated = epic.updatedAt.getTime();
  if (q.created_after && !onOrAfter(ctx, 'epics.created-after-exclusive', created, q.created_after)) return false;
  if (q.created_before && !onOrBefore(ctx, 'epics.created-before-exclusive', created, q.created_before)) return false;
  if (q.updated_after && !onOrAfter(ctx, 'epics.updated-after-exclusive', updated, q.updated_after)) return false;
  if (q.updated_before && !onOrBefore(ctx, 'epics.updated-before-exclusive', updated, q.updated_before)) return false;
  return true;
}

/** A time on or after the bound (strictly after under the bound's exclusive fault). */
function onOrAfter(ctx: RefContext, exclusive: VariationId, time: number, bound: Date): boolean {
  return ctx.has(exclusive) ? time > bound.getTime() : time >= bound.getTime();
}

/** A time on or before the bound (strictly before under the bound's exclusive fault). */
function onOrBefore(ctx: RefContext, exclusive: VariationId, time: number, bound: Date): boolean {
  return ctx.has(exclusive) ? time < bound.getTime() : time <= bound.getTime();
}

/** The epics the list shows, filtered and ordered (ties broken by id in the same direction). */
export function listEpics(ctx: RefContext, user: UserRecord | null, group: NamespaceRecord, q: EpicListQuery): EpicRecord[] {
  const scope = groupsInScope(ctx.store, user, group, {
    descendants: q.include_descendant_groups ?? true,
    ancestors: q.include_ancestor_groups ?? false,
  });
  const epics = ctx.store.epics.filter((e) => scope.has(e.groupId) && matches(ctx, e, q));
  const key = q.order_by === 'updated_at' ? (e: EpicRecord) => e.updatedAt.getTime() : (e: EpicRecord) => e.createdAt.getTime();
  const dir = q.sort === 'asc' && !ctx.has('epics.sort-ignored') ? 1 : -1;
  return epics.sort((a, b) => (key(a) - key(b) || a.id - b.id) * dir);
}
