/**
 * The declared variations of epics (epics.ts, epic-filters.ts, epic-todos.ts): each fault once,
 * with the clause it breaks and the suites that catch it, the capability its server option
 * switches on and the platform departures. What a declaration changes it carries as a patch of
 * the epics policy (epics.policy.ts), or of a shared variation point (routeAuth). The platform's
 * departures for epics are declared apart, in epics.platform.variations.ts.
 *
 *   REFERENCE_FAULTS=epics.relative-always-short npm run serve
 */
import { EPIC_DESCRIPTION_MAX_LENGTH } from '../../../spec/limits.ts';
import { maxEpicIidPlusOne, truncate } from '../../domain/epics.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { cutToBytes, monthEndShifted } from '../../domain/text-faults.ts';
import type { Store } from '../../store.ts';
import type { Variation } from '../../variation/declaration.ts';
import type { BoundMatch } from './epics.policy.ts';

/** A range bound that leaves out a time equal to it (strictly after / strictly before). */
const after: BoundMatch = (time, bound) => time > bound;
const before: BoundMatch = (time, bound) => time < bound;

/** The next iid read as max + 1 before a storage round trip, so concurrent creates share it. */
async function maxPlusOneAfterRoundTrip(store: Store, groupId: number): Promise<number> {
  const iid = maxEpicIidPlusOne(store, groupId);
  await storageRoundTrip();
  return iid;
}

export const EPICS_VARIATIONS = [
  {
    id: 'epics.relative-always-short',
    kind: 'fault',
    description: 'references.relative is the short form even when the epic is read through another group',
    clause: 'epics.field.references_cross',
    suites: ['suites/epics/hierarchy.test.ts'],
    policies: { epics: (p) => ({ ...p, relativeToReadingGroup: false }) },
  },
  {
    id: 'epics.reference-dropped',
    kind: 'fault',
    description:
      'epics (list items, GET, POST and PUT answers) and the epic a todo targets leave out the deprecated reference field; references stays',
    clause: 'epics.field.reference',
    suites: ['suites/epics/fields.test.ts'],
    policies: { epics: (p) => ({ ...p, sendsDeprecatedReference: false }) },
  },
  {
    id: 'epics.labels-filter-ignored',
    kind: 'fault',
    description: 'the labels filter of the epic list is ignored',
    clause: 'epics.filter.labels',
    suites: ['suites/epics/list-filters.test.ts'],
    policies: { epics: (p) => ({ ...p, labelsMatch: () => true }) },
  },
  {
    id: 'epics.sort-ignored',
    kind: 'fault',
    description: 'the sort parameter of the epic list is ignored (always descending)',
    clause: 'epics.order.asc',
    suites: ['suites/epics/list-filters.test.ts'],
    policies: { epics: (p) => ({ ...p, sortDirection: () => -1 }) },
  },
  {
    id: 'epics.created-after-exclusive',
    kind: 'fault',
    description: 'an epic whose created_at equals created_after is left out: the bound is strictly after instead of on or after',
    clause: 'epics.filter.created_range',
    suites: ['suites/epics/list-filters.test.ts', 'suites/properties/filters-epic-ranges.test.ts'],
    policies: { epics: (p) => ({ ...p, rangeBounds: { ...p.rangeBounds, created_after: after } }) },
  },
  {
    id: 'epics.created-before-exclusive',
    kind: 'fault',
    description: 'an epic whose created_at equals created_before is left out: the bound is strictly before instead of on or before',
    clause: 'epics.filter.created_range',
    suites: ['suites/epics/list-filters.test.ts', 'suites/properties/filters-epic-ranges.test.ts'],
    policies: { epics: (p) => ({ ...p, rangeBounds: { ...p.rangeBounds, created_before: before } }) },
  },
  {
    id: 'epics.updated-after-exclusive',
    kind: 'fault',
    description: 'an epic whose updated_at equals updated_after is left out: the bound is strictly after instead of on or after',
    clause: 'epics.filter.updated_range',
    suites: ['suites/epics/list-filters.test.ts', 'suites/properties/filters-epic-ranges.test.ts'],
    policies: { epics: (p) => ({ ...p, rangeBounds: { ...p.rangeBounds, updated_after: after } }) },
  },
  {
    id: 'epics.updated-before-exclusive',
    kind: 'fault',
    description: 'an epic whose updated_at equals updated_before is left out: the bound is strictly before instead of on or before',
    clause: 'epics.filter.updated_range',
    suites: ['suites/epics/list-filters.test.ts', 'suites/properties/filters-epic-ranges.test.ts'],
    policies: { epics: (p) => ({ ...p, rangeBounds: { ...p.rangeBounds, updated_before: before } }) },
  },
  {
    id: 'epics.iid-race',
    kind: 'fault',
    description: 'the next epic iid is read (max + 1) before a storage round trip, so concurrent creates share it',
    clause: 'epics.field.id_iid',
    suites: ['suites/epics/hierarchy.test.ts'],
    policies: { epics: (p) => ({ ...p, assignIid: maxPlusOneAfterRoundTrip }) },
  },
  {
    id: 'epics.state-event-ignored',
    kind: 'fault',
    description: 'PUT ignores state_event',
    clause: 'epics.transition.close',
    suites: ['suites/epics/transitions.test.ts'],
    policies: { epics: (p) => ({ ...p, followsStateEvent: false }) },
  },
  {
    id: 'epics.reclose-moves-closed-at',
    kind: 'fault',
    description:
      'state_event=close on an epic already closed closes it again: closed_at moves to the time of the repeated request (the close does not look at the state)',
    clause: 'epics.transition.close_closed',
    suites: ['suites/epics/repeat.test.ts'],
    policies: { epics: (p) => ({ ...p, closeApplies: () => true }) },
  },
  {
    id: 'epics.reclose-reopens',
    kind: 'fault',
    description: 'state_event=close on an epic already closed reopens it (the close event toggles the state)',
    clause: 'epics.transition.close_closed',
    suites: ['suites/epics/repeat.test.ts'],
    policies: { epics: (p) => ({ ...p, closeOfClosedReopens: true }) },
  },
  {
    id: 'epics.description-truncated',
    kind: 'fault',
    description: 'a description over 1,048,576 characters is cut to the limit and accepted',
    clause: 'epics.create.description_limit',
    suites: ['suites/epics/limits.test.ts'],
    policies: { epics: (p) => ({ ...p, overlongDescription: (d) => truncate(d, EPIC_DESCRIPTION_MAX_LENGTH) }) },
  },
  {
    id: 'epics.fixed-fields-for-all',
    kind: 'fault',
    description: 'the fixed/inherited date fields are shown to callers who cannot edit the epic',
    clause: 'epics.field.fixed_hidden',
    suites: ['suites/epics/fields.test.ts'],
    platform: {
      source:
        'ee/lib/api/entities/epic.rb (expose :start_date_is_fixed?, :start_date_fixed, :start_date_from_inherited_source and the due_date ones, with no if: condition)',
      fidelity:
        "The fixed/inherited date fields (`*_is_fixed`, `*_fixed`, `*_from_inherited_source`) are shown to every reader, also a guest who cannot edit the epic and in a todo's target, where the spec shows them only with edit permission (a fault of the mutation catalogue that the platform shares).",
      known: [
        {
          clause: 'epics.field.fixed_hidden',
          reason: 'The epic entity exposes the fixed/inherited date fields unconditionally, also to a caller without edit permission.',
        },
      ],
      expires: '2027-06-30',
    },
    policies: { epics: (p) => ({ ...p, datesShown: () => true }) },
  },
  {
    id: 'todos.repeat-201',
    kind: 'fault',
    description: 'a second todo on the same epic is created again (201) instead of 304',
    clause: 'todos.create.duplicate_304',
    suites: ['suites/todos/epic-todo.test.ts'],
    policies: { epics: (p) => ({ ...p, repeatTodoNotModified: false }) },
  },
  {
    id: 'text.html-escaped',
    kind: 'fault',
    description: 'epic titles are returned HTML-escaped (<, >, &, quotes as entities)',
    clause: 'epics.create.status',
    suites: ['suites/properties/round-trip-epics.test.ts'],
    policies: { epics: (p) => ({ ...p, titleHtmlEscaped: true }) },
  },
  {
    id: 'text.long-values-cut',
    kind: 'fault',
    description:
      'epic descriptions are stored in a column of 1,048,576 bytes: a description within the limit in characters but longer in UTF-8 bytes is cut',
    clause: 'epics.create.description_max_ok',
    suites: ['suites/properties/round-trip-epic-limits.test.ts'],
    policies: { epics: (p) => ({ ...p, storedDescription: (d) => cutToBytes(p.storedDescription(d), EPIC_DESCRIPTION_MAX_LENGTH) }) },
  },
  {
    id: 'dates.month-end-shifted',
    kind: 'fault',
    description: "an epic's due_date_fixed on the last day of a month is stored a day early",
    clause: 'epics.create.fixed_dates',
    suites: ['suites/properties/round-trip-epics.test.ts'],
    policies: { epics: (p) => ({ ...p, storedDueDate: (d) => monthEndShifted(p.storedDueDate(d)) }) },
  },
  {
    id: 'epics.disabled',
    kind: 'capability',
    description: 'epics are unavailable (a premium feature switched off): every epic route answers 403',
    option: 'epicsDisabled',
    env: 'REFERENCE_EPICS_DISABLED',
    policies: { epics: (p) => ({ ...p, available: false }) },
  },
] as const satisfies readonly Variation[];
