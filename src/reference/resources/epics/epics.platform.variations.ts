/**
 * The platform's departures for epics (kind 'platform', switched on by the platform profile): each
 * with its source in the platform, its FIDELITY row, the baseline entries it needs and the patch of
 * the epics policy (epics.policy.ts) or of a shared variation point (routeAuth) that imitates it.
 * The epics' faults and capability are in epics.variations.ts.
 *
 *   REFERENCE_PROFILE=platform npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const EPICS_PLATFORM_VARIATIONS = [
  {
    id: 'platform.epics-public-read',
    kind: 'platform',
    description: 'the epics of a public group can be listed and read without a token (a private group stays 404)',
    suites: ['suites/auth/matrix.test.ts'],
    source: 'ee/lib/api/epics.rb (newer releases authenticate non-GET requests only)',
    fidelity: 'The epics of a public group can be listed and read without a token; a private group stays 404.',
    known: [
      {
        clause: 'epics.auth.unauthenticated',
        operations: ['GET /groups/:id/epics', 'GET /groups/:id/epics/:epic_iid'],
        reason:
          'Epic GETs work without a token (ee/lib/api/epics.rb authenticates non-GET requests only); anonymous writes and the todo still answer 401.',
      },
    ],
    expires: '2027-06-30',
    routeAuth: { 'GET /groups/:id/epics': 'public', 'GET /groups/:id/epics/:epic_iid(int)': 'public' },
  },
  {
    id: 'platform.epic-without-reference',
    kind: 'platform',
    description: 'epics, and the epic a todo targets, no longer carry the deprecated reference field (references stays)',
    suites: ['suites/epics', 'suites/todos'],
    source: 'ee/lib/api/entities/epic.rb (expose :reference, if: { with_reference: true })',
    fidelity:
      'Epics, and the epic a todo targets, no longer carry the deprecated `reference` field (`references` stays): a field departure of the epic resource, one baseline entry (`"resource": "epic", "fields": ["reference"]`) for the epic views and the todo target.',
    known: [
      {
        resource: 'epic',
        fields: ['reference'],
        reason:
          'Epics, and the epic a todo targets, no longer carry the deprecated reference field (ee/lib/api/entities/epic.rb: expose :reference, if: { with_reference: true }); references stays.',
      },
    ],
    expires: '2027-06-30',
    policies: { epics: (p) => ({ ...p, sendsDeprecatedReference: false }) },
  },
  {
    id: 'platform.epic-inherited-dates-as-datetimes',
    kind: 'platform',
    description:
      'start_date_from_inherited_source, due_date_from_inherited_source and the deprecated *_from_milestones are ISO datetimes at midnight UTC ("2024-02-29T00:00:00+00:00") of the epic\'s start or due date, fixed ones included',
    suites: ['suites/epics', 'suites/properties/round-trip-epics.test.ts'],
    source: 'ee/lib/api/entities/epic.rb (*_from_inherited_source and *_from_milestones: rollupable_dates.start_date&.to_time&.iso8601)',
    fidelity:
      '`start_date_from_inherited_source`, `due_date_from_inherited_source` and the deprecated `*_from_milestones` are ISO datetimes at midnight UTC of the epic\'s start or due date, fixed ones included (`"2024-02-29T00:00:00+00:00"`), where the spec types them as dates.',
    known: [
      {
        clause: 'conv.types.date',
        fields: [
          'start_date_from_inherited_source',
          'due_date_from_inherited_source',
          'start_date_from_milestones',
          'due_date_from_milestones',
          'target.start_date_from_inherited_source',
          'target.due_date_from_inherited_source',
          'target.start_date_from_milestones',
          'target.due_date_from_milestones',
        ],
        reason:
          'Epics (work-item era) send the *_from_inherited_source and deprecated *_from_milestones dates as ISO datetimes (2024-02-29T00:00:00+00:00) whenever the epic has a start or due date, fixed ones included.',
      },
      {
        clause: 'epics.field.milestone_dates',
        fields: ['start_date_from_milestones', 'due_date_from_milestones'],
        reason:
          'The deprecated start_date_from_milestones and due_date_from_milestones of an epic with dates are ISO datetimes, not dates.',
      },
      {
        clause: 'epics.field.fixed_visible',
        fields: ['start_date_from_inherited_source', 'due_date_from_inherited_source'],
        reason:
          'The start_date_from_inherited_source and due_date_from_inherited_source of an epic with dates are ISO datetimes, not dates.',
      },
    ],
    expires: '2027-06-30',
    policies: { epics: (p) => ({ ...p, inheritedDatesAsDatetimes: true }) },
  },
  {
    id: 'platform.missing-epic-forbidden',
    kind: 'platform',
    description:
      'GET, PUT and DELETE of an epic iid the group does not hold answer 403 {"message":"403 Forbidden"} (the endpoint authorizes on the epic it did not find), where the spec says 404; the todo of a missing epic stays 404',
    suites: ['suites/epics/crud.test.ts'],
    source:
      'ee/lib/api/epics.rb and lib/api/helpers/epics_helpers.rb (authorize_can_read!, authorize_can_admin_epic!, authorize_can_destroy!: authorize!(..., epic) with epic = user_group.epics.find_by(iid:), nil when missing)',
    fidelity:
      '`GET`, `PUT` and `DELETE` of an epic iid the group does not hold (a deleted epic) answer 403 `{"message":"403 Forbidden"}`, where the spec says 404; the todo of a missing epic stays 404, and a group the caller cannot see stays 404.',
    known: [
      {
        clause: 'epics.delete.status',
        operations: ['GET /groups/:id/epics/:epic_iid'],
        reason:
          'An epic iid the group does not hold (a deleted epic) answers 403 {"message":"403 Forbidden"}, not 404: the endpoint authorizes on the epic it did not find (ee/lib/api/epics.rb, authorize_can_read!).',
      },
      {
        clause: 'errors.not_found.resource',
        operations: ['DELETE /groups/:id/epics/:epic_iid'],
        reason:
          'A second DELETE of an epic (an iid the group no longer holds) answers 403 {"message":"403 Forbidden"}, not 404: the endpoint authorizes on the epic it did not find (lib/api/helpers/epics_helpers.rb, authorize_can_destroy!).',
      },
    ],
    expires: '2027-06-30',
    policies: { epics: (p) => ({ ...p, missingEpicStatus: 403 }) },
  },
  {
    id: 'platform.epic-description-null',
    kind: 'platform',
    description:
      'an epic created without a description has description null, not "" (in every epic view and in the epic a todo targets); one given is kept',
    suites: ['suites/epics'],
    source:
      'ee/lib/api/entities/epic.rb (WorkItemAsEpic#description is work_item.description, nil when none was given); ee/spec/fixtures/api/schemas/public_api/v4/epic.json (description ["string", "null"])',
    fidelity:
      'An epic created without a description has `description` null, not `""`, in every epic view and in the epic a todo targets; a description given is kept. A field departure of the epic resource: one baseline entry (`"resource": "epic", "fields": ["description"]`) wherever a test meets it.',
    known: [
      {
        resource: 'epic',
        fields: ['description'],
        reason:
          'An epic created without a description has description null, not a string (WorkItemAsEpic#description is work_item.description; the platform\'s own epic schema types it ["string", "null"]).',
      },
    ],
    expires: '2027-06-30',
    policies: { epics: (p) => ({ ...p, missingDescription: null }) },
  },
] as const satisfies readonly Variation[];
