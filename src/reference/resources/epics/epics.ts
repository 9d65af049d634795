/**
 * Group epics (premium): list, read, create, update (state_event close|reopen), delete. Always
 * authenticated; when the server runs with epics off (REFERENCE_EPICS_DISABLED=1) every epic
 * route answers 403 before anything else. Reading needs sight of the group (else 404), writing
 * reporter or above, deleting owner (else 403).
 *
 *   POST /api/v4/groups/parent%2Fchild/epics {"title":"Q3","labels":"a,b"} -> 201 {"iid":1,"references":{"short":"&1",...}}
 *   PUT  /api/v4/groups/7/epics/1 {"state_event":"close"}                   -> 200 {"state":"closed","closed_at":"..."}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf, userOf } from '../../auth.ts';
import { ctxOf, envOf } from '../../context.ts';
import { canDeleteEpics, canEditEpics, canReadEpics, deleteEpic, EPIC_TITLE_MAX, longerThan } from '../../domain/epics.ts';
import { findOrCreateLabels, labelNames } from '../../domain/labels.ts';
import type { EpicRecord, NamespaceRecord, UserRecord } from '../../domain/records.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, type Router } from '../../router.ts';
import { EPIC_LIST, listEpics } from './epic-filters.ts';
import { epicView, type EpicPlatformOptions } from './epic-views.ts';
import type { EpicsPolicy } from './epics.policy.ts';
import { findVisibleGroup } from '../../lookups.ts';
import { EPIC_DESCRIPTION_MAX_LENGTH } from '../../../spec/limits.ts';

const labelList = () => p.array(p.string(), { commaSeparated: true });

const DATES = {
  start_date_is_fixed: p.boolean(),
  start_date_fixed: p.date(),
  due_date_is_fixed: p.boolean(),
  due_date_fixed: p.date(),
};

const CREATE = {
  title: p.string().required(),
  description: p.string(),
  labels: labelList(),
  ...DATES,
  parent_id: p.integer(),
};

const UPDATE = {
  title: p.string(),
  description: p.string(),
  labels: labelList(),
  add_labels: labelList(),
  remove_labels: labelList(),
  ...DATES,
  state_event: p.oneOf(['close', 'reopen'] as const),
  parent_id: p.integer(),
};

const UPDATE_ANY = [Object.keys(UPDATE) as (keyof typeof UPDATE)[]];

/** The epics policy of the request's server (epics.policy.ts). */
const policyOf = (request: FastifyRequest): EpicsPolicy => ctxOf(request).variations.policies.epics;

/** The group in :id, visible to the caller (404 otherwise). */
export function epicGroup(request: FastifyRequest): NamespaceRecord {
  const group = findVisibleGroup(request);
  if (!canReadEpics(ctxOf(request).store, userOf(request), group)) fail('not_found', 'Group');
  return group;
}

/**
 * The epic :epic_iid of that group (404 otherwise). `authorized`: the route authorizes on the
 * epic it looked up, so a missing one answers the policy's missingEpicStatus (403 in the platform profile).
 */
export function findEpic(request: FastifyRequest, group: NamespaceRecord, authorized = true): EpicRecord {
  const iid = intParam(request, 'epic_iid');
  const ctx = ctxOf(request);
  const epic = ctx.store.epics.find((e) => e.groupId === group.id && e.iid === iid);
  if (!epic) {
    if (authorized && policyOf(request).missingEpicStatus === 403) fail('forbidden');
    fail('not_found', 'Epic');
  }
  return epic;
}

/** The epic as the caller sees it through `from`. */
export function renderEpic(request: FastifyRequest, epic: EpicRecord, from: NamespaceRecord, single: boolean, labelDetails = false) {
  const policy = policyOf(request);
  const viewer = userOf(request);
  return epicView(epic, envOf(request), {
    from,
    single,
    labelDetails,
    viewer,
    canEdit: policy.datesShown(canEditOwnGroup(request, epic, viewer)),
    relativeAlwaysShort: !policy.relativeToReadingGroup,
    ...epicPlatformOptions(request),
    titleHtmlEscaped: policy.titleHtmlEscaped,
  });
}

/** The platform departures of the epic views, as the request's variations set them (also for a todo's target). */
export function epicPlatformOptions(request: FastifyRequest): EpicPlatformOptions {
  const policy = policyOf(request);
  return { withoutReference: !policy.sendsDeprecatedReference, inheritedAsDatetimes: policy.inheritedDatesAsDatetimes };
}

function canEditOwnGroup(request: FastifyRequest, epic: EpicRecord, user: UserRecord | null): boolean {
  const { store } = ctxOf(request);
  const group = store.namespaces.get(epic.groupId);
  return user !== null && group !== undefined && canEditEpics(store, user, group);
}

/** Title and description rules (400 field map); the description as stored (policy.storedDescription). */
function checkText(request: FastifyRequest, q: { title?: string; description?: string }): { description?: string } {
  const policy = policyOf(request);
  const errors: FieldErrors = {};
  if (q.title !== undefined) {
    if (q.title.trim() === '') errors.title = ["can't be blank"];
    else if (longerThan(q.title, EPIC_TITLE_MAX)) errors.title = [`is too long (maximum is ${EPIC_TITLE_MAX} characters)`];
  }
  let description = q.description;
  if (description !== undefined && longerThan(description, EPIC_DESCRIPTION_MAX_LENGTH)) {
    description = policy.overlongDescription(description);
    if (description === undefined) errors.description = [`is too long (maximum is ${EPIC_DESCRIPTION_MAX_LENGTH} characters)`];
  }
  if (description !== undefined) description = policy.storedDescription(description);
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);
  return { description };
}

/** due_date_fixed as stored (policy.storedDueDate). */
function storedDueDate(request: FastifyRequest, date: string | undefined): string | undefined {
  return date === undefined ? undefined : policyOf(request).storedDueDate(date);
}

function parentEpic(request: FastifyRequest, parentId: number | undefined): number | null | undefined {
  if (parentId === undefined) return undefined;
  const { store } = ctxOf(request);
  const parent = store.epics.get(parentId);
  const group = parent && store.namespaces.get(parent.groupId);
  if (!parent || !group || !canReadEpics(store, callerOf(request).user, group)) fail('not_found', 'Parent epic');
  return parent.id;
}

export function registerEpics(r: Router): void {
  const { store, clock } = r.ctx;
  const policy = r.ctx.variations.policies.epics;

  r.op('listGroupEpics', (request, reply) => {
    const q = readParams(input(request), EPIC_LIST);
    const group = epicGroup(request);
    const epics = listEpics(r.ctx, userOf(request), group, q);
    return paginate(request, reply, epics).map((e) => renderEpic(request, e, group, false, q.with_labels_details ?? false));
  });

  r.op('getGroupEpic', (request) => {
    const group = epicGroup(request);
    return renderEpic(request, findEpic(request, group), group, true);
  });

  r.op('createGroupEpic', async (request, reply) => {
    const q = readParams(input(request), CREATE);
    const group = epicGroup(request);
    const user = callerOf(request).user;
    if (!canEditEpics(store, user, group)) fail('forbidden');
    const { description } = checkText(request, q);
    const parentId = parentEpic(request, q.parent_id) ?? null;
    const iid = await policy.assignIid(store, group.id);
    const now = clock();
    const epic = store.epics.insert({
      iid,
      groupId: group.id,
      parentId,
      title: q.title,
      description: description ?? policy.missingDescription,
      state: 'opened',
      authorId: user.id,
      labelIds: findOrCreateLabels(store, group, q.labels ?? [], now),
      startDateIsFixed: q.start_date_is_fixed ?? false,
      startDateFixed: q.start_date_fixed ?? null,
      dueDateIsFixed: q.due_date_is_fixed ?? false,
      dueDateFixed: storedDueDate(request, q.due_date_fixed) ?? null,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      closedById: null,
    });
    return created(request, reply, renderEpic(request, epic, group, false));
  });

  r.op('updateGroupEpic', (request) => {
    const q = readParams(input(request), UPDATE, { atLeastOneOf: UPDATE_ANY });
    const group = epicGroup(request);
    const epic = findEpic(request, group);
    const user = callerOf(request).user;
    if (!canEditEpics(store, user, group)) fail('forbidden');
    const { description } = checkText(request, q);
    const now = clock();
    const patch: Partial<EpicRecord> = {};
    if (q.title !== undefined) patch.title = q.title;
    if (description !== undefined) patch.description = description;
    let names = q.labels ?? labelNames(store, epic.labelIds);
    if (q.add_labels) names = [...names, ...q.add_labels];
    if (q.remove_labels) names = names.filter((n) => !q.remove_labels!.map((x) => x.trim()).includes(n));
    if (q.labels || q.add_labels || q.remove_labels) patch.labelIds = findOrCreateLabels(store, group, names, now);
    if (q.start_date_is_fixed !== undefined) patch.startDateIsFixed = q.start_date_is_fixed;
    if (q.start_date_fixed !== undefined) patch.startDateFixed = q.start_date_fixed;
    if (q.due_date_is_fixed !== undefined) patch.dueDateIsFixed = q.due_date_is_fixed;
    if (q.due_date_fixed !== undefined) patch.dueDateFixed = storedDueDate(request, q.due_date_fixed)!;
    const parentId = parentEpic(request, q.parent_id);
    if (parentId !== undefined) patch.parentId = parentId === epic.id ? epic.parentId : parentId;
    if (q.state_event && policy.followsStateEvent) {
      if (q.state_event === 'close' && policy.closeApplies(epic.state))
        Object.assign(patch, { state: 'closed', closedAt: now, closedById: user.id });
      const reopens = q.state_event === 'reopen' || (q.state_event === 'close' && policy.closeOfClosedReopens);
      if (reopens && epic.state === 'closed') Object.assign(patch, { state: 'opened', closedAt: null, closedById: null });
    }
    const changed = (Object.keys(patch) as (keyof EpicRecord)[]).some((k) => JSON.stringify(patch[k]) !== JSON.stringify(epic[k]));
    const updated = changed ? store.epics.update(epic.id, { ...patch, updatedAt: now })! : epic;
    return renderEpic(request, updated, group, false);
  });

  r.op('deleteGroupEpic', (request, reply) => {
    const group = epicGroup(request);
    const epic = findEpic(request, group);
    if (!canDeleteEpics(store, callerOf(request).user, group)) fail('forbidden');
    const shown = renderEpic(request, epic, group, false);
    deleteEpic(store, epic.id);
    return noContent(request, reply, shown);
  });
}
