/**
 * The variation point of the epic routes (epics.ts, epic-filters.ts, epic-todos.ts, index.ts): what
 * the spec decides for epics, as hooks a declared variation patches (`policies: { epics: ... }` in
 * epics.variations.ts), so the handlers name no fault. SPEC_EPICS is the spec: the list filters
 * with inclusive bounds and both sort directions, a description over the limit refused, iids from
 * the group's sequence, the fixed/inherited dates shown to editors only, 404 for a missing epic.
 *
 *   ctxOf(request).variations.policies.epics.sortDirection('asc')        // 1 on the spec
 *   policies: { epics: (p) => ({ ...p, sortDirection: () => -1 }) }       // a list always descending
 */
import { nextEpicIid } from '../../domain/epics.ts';
import type { Store } from '../../store.ts';
import type { EpicState } from '../../domain/records.ts';

/** The range filters of the epic list, each a bound on created_at or updated_at. */
export type EpicRangeParam = 'created_after' | 'created_before' | 'updated_after' | 'updated_before';

/** Whether a time (ms) is within a range filter's bound (ms). */
export type BoundMatch = (time: number, bound: number) => boolean;

export interface EpicsPolicy {
  /** The epic routes are served; false: every route of the plugin answers 403 (epics switched off). */
  readonly available: boolean;
  /** The status of an epic iid the group does not hold, on a route that authorizes on the epic. */
  readonly missingEpicStatus: 403 | 404;
  /** The fixed/inherited date fields are shown, given whether the caller may edit the epic. */
  datesShown(canEdit: boolean): boolean;
  /** references.relative is relative to the group the epic is read through (else always the short form). */
  readonly relativeToReadingGroup: boolean;
  /** Titles are sent HTML-escaped. */
  readonly titleHtmlEscaped: boolean;
  /** Epics carry the deprecated `reference` field. */
  readonly sendsDeprecatedReference: boolean;
  /** The *_from_inherited_source and *_from_milestones dates are sent as datetimes at midnight UTC. */
  readonly inheritedDatesAsDatetimes: boolean;
  /** What a description over the length limit becomes: undefined refuses it (400). */
  overlongDescription(description: string): string | undefined;
  /** A description as its column stores it. */
  storedDescription(description: string): string;
  /** due_date_fixed as its column stores it. */
  storedDueDate(date: string): string;
  /** The description of an epic created without one. */
  readonly missingDescription: '' | null;
  /** The iid of the group's next epic. */
  assignIid(store: Store, groupId: number): Promise<number>;
  /** PUT's state_event closes or reopens the epic. */
  readonly followsStateEvent: boolean;
  /** Whether state_event=close closes an epic in this state (stamping closed_at): only an opened one. */
  closeApplies(state: EpicState): boolean;
  /** state_event=close reopens an epic already closed (a toggle; the spec: a closed epic stays closed). */
  readonly closeOfClosedReopens: boolean;
  /** The labels filter: every wanted label is among the epic's. */
  labelsMatch(wanted: readonly string[], names: readonly string[]): boolean;
  /** Each range filter's bound, on or after / on or before. */
  readonly rangeBounds: Readonly<Record<EpicRangeParam, BoundMatch>>;
  /** The list's order from its sort parameter: 1 ascending, -1 descending (the default). */
  sortDirection(sort: 'asc' | 'desc' | undefined): 1 | -1;
  /** A todo asked for again while one is pending answers 304 (else a new one is created). */
  readonly repeatTodoNotModified: boolean;
}

const same = <T>(value: T): T => value;

export const SPEC_EPICS: EpicsPolicy = {
  available: true,
  missingEpicStatus: 404,
  datesShown: (canEdit) => canEdit,
  relativeToReadingGroup: true,
  titleHtmlEscaped: false,
  sendsDeprecatedReference: true,
  inheritedDatesAsDatetimes: false,
  overlongDescription: () => undefined,
  storedDescription: same,
  storedDueDate: same,
  missingDescription: '',
  assignIid: async (store, groupId) => nextEpicIid(store, groupId),
  followsStateEvent: true,
  closeApplies: (state) => state === 'opened',
  closeOfClosedReopens: false,
  labelsMatch: (wanted, names) => wanted.every((w) => names.includes(w)),
  rangeBounds: {
    created_after: (time, bound) => time >= bound,
    created_before: (time, bound) => time <= bound,
    updated_after: (time, bound) => time >= bound,
    updated_before: (time, bound) => time <= bound,
  },
  sortDirection: (sort) => (sort === 'asc' ? 1 : -1),
  repeatTodoNotModified: true,
};
