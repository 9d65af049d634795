/**
 * Views of an epic and of an epic todo. An epic is rendered for the group it is read through
 * (references.relative), for a caller who may or may not edit it (the fixed/inherited date
 * fields), as a list item or the single epic (subscribed), with label names or label objects.
 *
 *   epicView(epic, env, { from: group, canEdit: true, single: true, labelDetails: false })
 *   // { id, iid, group_id, title, ..., references: { short: '&1', relative: '&1', full: 'grp&1' }, subscribed: true }
 *   todoView(todo, env)  // { id, group: {...}, author, action_name: 'marked', target_type: 'Epic', target: {...}, ... }
 */
import type { ViewEnv } from '../../context.ts';
import { compositeDates, epicReferences, inheritedDatesAsDatetimes } from '../../domain/epics.ts';
import { labelDetails, labelNames } from '../../domain/labels.ts';
import { fullPath } from '../../domain/namespaces.ts';
import { htmlEscaped } from '../../domain/text-faults.ts';
import type { EpicRecord, NamespaceRecord, TodoRecord, UserRecord } from '../../domain/records.ts';
import { userPublicView } from '../../views/user-views.ts';

export interface EpicViewOptions {
  /** The group in the request path: references.relative is relative to it. */
  from: NamespaceRecord;
  /** The caller may edit the epic: the fixed/inherited date fields are shown. */
  canEdit: boolean;
  /** The single-epic response (adds subscribed). */
  single: boolean;
  labelDetails: boolean;
  /** The caller, for subscribed; null: an anonymous reader (the platform profile lets anyone read a public group's epics). */
  viewer: UserRecord | null;
  /** Fault epics.relative-always-short. */
  relativeAlwaysShort?: boolean;
  /** Fault text.html-escaped. */
  titleHtmlEscaped?: boolean;
  /** Platform departure platform.epic-without-reference: no deprecated reference field. */
  withoutReference?: boolean;
  /** Platform departure platform.epic-inherited-dates-as-datetimes: *_from_inherited_source and *_from_milestones as datetimes. */
  inheritedAsDatetimes?: boolean;
}

/** What the platform shows for an author whose account is gone. */
function ghostAuthor(env: ViewEnv) {
  return { id: 0, username: 'ghost', name: 'Ghost User', state: 'active', locked: false, avatar_url: null, web_url: `${env.base}/ghost` };
}

export function epicWebUrl(epic: EpicRecord, env: ViewEnv): string {
  const group = env.store.namespaces.get(epic.groupId);
  return `${env.base}/groups/${group ? fullPath(env.store, group) : ''}/-/epics/${epic.iid}`;
}

export function epicView(epic: EpicRecord, env: ViewEnv, o: EpicViewOptions) {
  const author = env.store.users.get(epic.authorId);
  const composite = compositeDates(epic);
  const dates = o.inheritedAsDatetimes ? { ...composite, ...inheritedDatesAsDatetimes(composite) } : composite;
  const references = epicReferences(env.store, epic, o.from, o.relativeAlwaysShort);
  const parent = epic.parentId === null ? undefined : env.store.epics.get(epic.parentId);
  const edit = o.canEdit
    ? {
        start_date_is_fixed: epic.startDateIsFixed,
        start_date_fixed: epic.startDateFixed,
        start_date_from_inherited_source: dates.start_date_from_inherited_source,
      }
    : {};
  const editDue = o.canEdit
    ? {
        due_date_is_fixed: epic.dueDateIsFixed,
        due_date_fixed: epic.dueDateFixed,
        due_date_from_inherited_source: dates.due_date_from_inherited_source,
      }
    : {};
  return {
    id: epic.id,
    iid: epic.iid,
    color: '#1068bf',
    text_color: '#FFFFFF',
    group_id: epic.groupId,
    parent_id: epic.parentId,
    parent_iid: parent?.iid ?? null,
    title: o.titleHtmlEscaped ? htmlEscaped(epic.title) : epic.title,
    description: epic.description,
    confidential: false,
    author: author ? userPublicView(author, env) : ghostAuthor(env),
    start_date: dates.start_date,
    ...edit,
    start_date_from_milestones: dates.start_date_from_inherited_source,
    end_date: dates.due_date,
    due_date: dates.due_date,
    ...editDue,
    due_date_from_milestones: dates.due_date_from_inherited_source,
    state: epic.state,
    web_url: epicWebUrl(epic, env),
    ...(o.withoutReference ? {} : { reference: references.relative }),
    references,
    created_at: env.fmt.datetime(epic.createdAt),
    updated_at: env.fmt.datetime(epic.updatedAt),
    closed_at: env.fmt.datetimeOrNull(epic.closedAt),
    labels: o.labelDetails ? labelDetails(env.store, epic.labelIds) : labelNames(env.store, epic.labelIds),
    upvotes: 0,
    downvotes: 0,
    ...(o.single ? { subscribed: o.viewer !== null && epic.authorId === o.viewer.id } : {}),
  };
}

/** The platform departures an epic view takes, as the request's variations set them. */
export type EpicPlatformOptions = Pick<EpicViewOptions, 'withoutReference' | 'inheritedAsDatetimes'>;

export function todoView(todo: TodoRecord, env: ViewEnv, viewer: UserRecord, canEdit: boolean, platform: EpicPlatformOptions = {}) {
  const epic = env.store.epics.get(todo.targetId);
  const group = env.store.namespaces.get(todo.groupId);
  const author = env.store.users.get(todo.authorId);
  return {
    id: todo.id,
    project: null,
    group: group
      ? {
          id: group.id,
          name: group.name,
          path: group.path,
          kind: group.kind,
          full_path: fullPath(env.store, group),
          parent_id: group.parentId,
        }
      : null,
    author: author ? userPublicView(author, env) : ghostAuthor(env),
    action_name: todo.actionName,
    target_type: todo.targetType,
    target: epic && group ? epicView(epic, env, { from: group, canEdit, single: false, labelDetails: false, viewer, ...platform }) : null,
    target_url: epic ? epicWebUrl(epic, env) : '',
    body: todo.body,
    state: todo.state,
    created_at: env.fmt.datetime(todo.createdAt),
    updated_at: env.fmt.datetime(todo.updatedAt),
  };
}
