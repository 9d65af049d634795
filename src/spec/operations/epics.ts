/**
 * Operations of the spec on group epics (premium): list, read, create, update (close and
 * reopen with state_event), delete, and a todo for the current user
 * (spec: Endpoints > Epics; States and transitions > Epic). Results include subgroups' epics.
 *
 *   EPIC_OPERATIONS.find((o) => o.operationId === 'createEpicTodo')!.extraStatuses // [304]
 */
import { EPIC_DESCRIPTION_MAX_LENGTH, EPIC_LIST_PER_PAGE_DEFAULT } from '../limits.ts';
import { boolean, datetime, integer, oneOf, string, type Operation, type Schema } from '../operation.ts';

const RULES =
  'Authentication is always required. A private group of which the caller is not a member gives 404; when the epics feature is unavailable, 403.';

const DESCRIPTION = string({
  maxLength: EPIC_DESCRIPTION_MAX_LENGTH,
  // Digits grouped by hand: toLocaleString starts ICU, about 15 ms of CPU in every worker that loads the spec (issue 21 bench).
  description: `at most ${String(EPIC_DESCRIPTION_MAX_LENGTH).replace(/\B(?=(\d{3})+$)/g, ',')} characters`,
});
const DATES: Record<string, Schema> = {
  start_date_is_fixed: boolean(),
  start_date_fixed: string({ description: 'date YYYY-MM-DD' }),
  due_date_is_fixed: boolean(),
  due_date_fixed: string({ description: 'date YYYY-MM-DD' }),
};
const LABELS = string({ description: 'label names, comma separated' });

const FILTERS: Record<string, Schema> = {
  author_id: integer(),
  labels: string({ description: "comma separated; names from the epic's group or a parent group" }),
  with_labels_details: boolean({ default: false }),
  order_by: oneOf(['created_at', 'updated_at'], { default: 'created_at' }),
  sort: oneOf(['asc', 'desc'], { default: 'desc' }),
  search: string({ description: 'matches title and description' }),
  state: oneOf(['opened', 'closed', 'all'], { default: 'all' }),
  created_after: datetime({ description: 'on or after' }),
  created_before: datetime({ description: 'on or before' }),
  updated_after: datetime({ description: 'on or after' }),
  updated_before: datetime({ description: 'on or before' }),
  include_ancestor_groups: boolean({ default: false }),
  include_descendant_groups: boolean({ default: true }),
};

const epics = '/groups/:id/epics';
const one = `${epics}/:epic_iid(int)`;

export const EPIC_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: epics,
    operationId: 'listGroupEpics',
    tag: 'epics',
    summary: 'List the epics of a group',
    description: `${RULES} ${EPIC_LIST_PER_PAGE_DEFAULT} results per page by default.`,
    auth: 'authenticated',
    query: FILTERS,
    list: true,
    success: { status: 200, view: 'epic.list-item', clause: 'epics.list.shape', clauseView: 'epic' },
  },
  {
    method: 'GET',
    path: one,
    operationId: 'getGroupEpic',
    tag: 'epics',
    summary: 'Get one epic of a group',
    description: RULES,
    auth: 'authenticated',
    // The single view adds subscribed (its own clause, epics.field.subscribed_single): the shape clause judges the epic fields.
    success: { status: 200, view: 'epic.detail', clause: 'epics.field.core', clauseView: 'epic' },
  },
  {
    method: 'POST',
    path: epics,
    operationId: 'createGroupEpic',
    tag: 'epics',
    summary: 'Create an epic in a group',
    description: RULES,
    auth: 'authenticated',
    body: {
      fields: {
        title: string(),
        labels: LABELS,
        description: DESCRIPTION,
        ...DATES,
        parent_id: { type: ['integer', 'string'], description: 'the parent epic' },
      },
      required: ['title'],
    },
    sample: { title: '{name}' },
    success: { status: 201, view: 'epic', clause: 'epics.field.core' },
  },
  {
    method: 'PUT',
    path: one,
    operationId: 'updateGroupEpic',
    tag: 'epics',
    summary: 'Update, close or reopen an epic',
    description: RULES,
    auth: 'authenticated',
    body: {
      fields: {
        title: string(),
        description: DESCRIPTION,
        labels: LABELS,
        ...DATES,
        state_event: oneOf(['close', 'reopen']),
      },
      // The platform refuses an update without any of them: 400 "... are missing, at least one parameter must be provided".
      atLeastOne: ['title', 'description', 'labels', ...Object.keys(DATES), 'state_event'],
    },
    sample: { title: '{name}' },
    success: { status: 200, view: 'epic', clause: 'epics.field.core' },
  },
  {
    method: 'DELETE',
    path: one,
    operationId: 'deleteGroupEpic',
    tag: 'epics',
    summary: 'Delete an epic',
    description: RULES,
    auth: 'authenticated',
    success: { status: 204 },
  },
  {
    method: 'POST',
    path: `${one}/todo`,
    operationId: 'createEpicTodo',
    tag: 'epics',
    summary: 'Create a todo on an epic for the current user',
    description: `${RULES} 304 when the user already has a todo on that epic.`,
    auth: 'authenticated',
    success: { status: 201, view: 'todo', clause: 'todos.create.shape' },
    extraStatuses: [304],
  },
];
