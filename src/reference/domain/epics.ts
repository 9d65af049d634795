/**
 * Epics in the domain: the per-group iid sequence, who may read, edit and delete, the composite
 * dates, the references relative to the group an epic is read through, and the groups a list
 * covers (descendants by default, ancestors on request).
 *
 *   const iid = nextEpicIid(store, group.id);            // 1, 2, 3 ... per group, never reused
 *   epicReferences(store, epic, parentGroup).relative;   // 'parent/child&3' from another group
 *   compositeDates(epic).start_date;                      // the fixed date when fixed, else inherited
 *   inheritedDatesAsDatetimes(compositeDates(epic));      // { start_date_from_inherited_source: '2024-02-29T00:00:00+00:00', ... }
 */
import type { Store } from '../store.ts';
import { ACCESS, canSeeGroup, hasAccess } from './access.ts';
import { descendants, fullPath, lineage } from './namespaces.ts';
import type { EpicRecord, NamespaceRecord, UserRecord } from './records.ts';

/** Largest description, in characters (spec: Limits). */
export const EPIC_TITLE_MAX = 255;

/** The last iid handed out per group, per store: iids are never reused, even after a delete. */
const iidSequences = new WeakMap<Store, Map<number, number>>();

export function nextEpicIid(store: Store, groupId: number): number {
  let seq = iidSequences.get(store);
  if (!seq) iidSequences.set(store, (seq = new Map()));
  const next = (seq.get(groupId) ?? 0) + 1;
  seq.set(groupId, next);
  return next;
}

/** After a reset (control/reset.ts): each group's sequence resumes at the largest iid the store holds again. */
export function resumeEpicIids(store: Store): void {
  const seq = new Map<number, number>();
  for (const e of store.epics.all()) seq.set(e.groupId, Math.max(seq.get(e.groupId) ?? 0, e.iid));
  iidSequences.set(store, seq);
}

/** The faulty way (fault epics.iid-race): the largest iid in use plus one. */
export function maxEpicIidPlusOne(store: Store, groupId: number): number {
  return store.epics.filter((e) => e.groupId === groupId).reduce((m, e) => Math.max(m, e.iid), 0) + 1;
}

/** Reading epics: whoever may see the group (administrators included). */
export function canReadEpics(store: Store, user: UserRecord | null, group: NamespaceRecord): boolean {
  return canSeeGroup(store, user, group);
}

/** Creating and editing epics: reporter or above, as on the platform (admin_epic). */
export function canEditEpics(store: Store, user: UserRecord, group: NamespaceRecord): boolean {
  return hasAccess(store, user, group, ACCESS.reporter);
}

/** Deleting epics: group owner (platform-behaviour.md). */
export function canDeleteEpics(store: Store, user: UserRecord, group: NamespaceRecord): boolean {
  return hasAccess(store, user, group, ACCESS.owner);
}

/** start_date / due_date: the fixed value when fixed, else the inherited one (none in the reference). */
export function compositeDates(epic: EpicRecord) {
  const startInherited: string | null = null;
  const dueInherited: string | null = null;
  return {
    start_date: epic.startDateIsFixed ? epic.startDateFixed : startInherited,
    due_date: epic.dueDateIsFixed ? epic.dueDateFixed : dueInherited,
    start_date_from_inherited_source: startInherited,
    due_date_from_inherited_source: dueInherited,
  };
}

/**
 * The platform's work-item era (platform.epic-inherited-dates-as-datetimes): the *_from_inherited_source
 * and *_from_milestones fields are the epic's start and due dates, fixed or not, as datetimes at midnight UTC.
 */
export function inheritedDatesAsDatetimes(dates: { start_date: string | null; due_date: string | null }) {
  const midnight = (date: string | null) => (date === null ? null : `${date}T00:00:00+00:00`);
  return { start_date_from_inherited_source: midnight(dates.start_date), due_date_from_inherited_source: midnight(dates.due_date) };
}

/**
 * short `&iid`; full `<group full path>&iid`; relative: short when read through the epic's own
 * group, full otherwise. `alwaysShort` is the fault epics.relative-always-short.
 */
export function epicReferences(store: Store, epic: EpicRecord, from: NamespaceRecord, alwaysShort = false) {
  const short = `&${epic.iid}`;
  const group = store.namespaces.get(epic.groupId);
  const full = group ? `${fullPath(store, group)}${short}` : short;
  const relative = alwaysShort || from.id === epic.groupId ? short : full;
  return { short, relative, full };
}

/** The groups a list covers: the group, its visible subgroups (default), its visible ancestors (on request). */
export function groupsInScope(
  store: Store,
  user: UserRecord | null,
  group: NamespaceRecord,
  options: { descendants: boolean; ancestors: boolean },
): Set<number> {
  const ids = new Set<number>([group.id]);
  if (options.descendants) {
    for (const g of descendants(store, group)) if (canSeeGroup(store, user, g)) ids.add(g.id);
  }
  if (options.ancestors) {
    for (const g of lineage(store, group).slice(1)) if (canSeeGroup(store, user, g)) ids.add(g.id);
  }
  return ids;
}

/** Removes the epics of a group with their todos (the group's deletion calls it). */
export function deleteEpicsOfGroup(store: Store, groupId: number): void {
  for (const epic of store.epics.filter((e) => e.groupId === groupId)) deleteEpic(store, epic.id);
  for (const label of store.labels.filter((l) => l.groupId === groupId)) store.labels.delete(label.id);
}

export function deleteEpic(store: Store, epicId: number): void {
  for (const todo of store.todos.filter((t) => t.targetType === 'Epic' && t.targetId === epicId)) {
    store.todos.delete(todo.id);
  }
  for (const child of store.epics.filter((e) => e.parentId === epicId)) {
    store.epics.update(child.id, { parentId: null });
  }
  store.epics.delete(epicId);
}

/** Characters as the platform counts them (code points), stopping early past `max`. */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

/** The first `max` characters (fault epics.description-truncated). */
export function truncate(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}
