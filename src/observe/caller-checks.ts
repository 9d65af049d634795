/**
 * The checks whose answer depends on who calls, applied once observe knows the caller
 * (callers.ts): the admin and the normal views of users (list, single, current), the operations
 * only an administrator may call and the items only their owner may address by id (a normal caller
 * answered 2xx there, or a caller shown another user's key or e-mail, is a security finding: it
 * names the caller by id and username, never by credential), and the epic view of a caller who may
 * edit (an administrator, or a caller seen creating or changing an epic of that group). Where the
 * caller is not known, only what holds for every caller is checked, and the exchange counts as
 * judged without the caller.
 *
 *   const { findings, needsCaller } = judgeByCaller(res, op, { id: 3, username: 'ann', admin: false }, book);
 *   // findings: [{ check: 'callerView', clause: 'users.get.non_admin_hidden', fields: ['email'], ... }]
 */
import type { ApiResponse } from '../kit/exchange.ts';
import { fieldProblems, presentFields, type UserFieldGroup } from '../kit/user-view-fields.ts';
import { answerCells } from '../spec/authorization-matrix.ts';
import { EPIC_FIXED_FIELDS } from '../spec/epic-fields.ts';
import { specPath } from '../spec/paths.ts';
import type { Caller, CallerBook, OwnedFamily } from './callers.ts';
import type { MatchedOperation } from './exchange-view.ts';
import { schemaMismatch, type ServerFinding } from './judge-answer.ts';
import { isRecord } from '../shared/is-record.ts';

const itemsOf = (json: unknown): Record<string, unknown>[] => (Array.isArray(json) ? json : [json]).filter(isRecord);

/** The endpoint section's own clause refusing a regular user each admin-only operation (the authorization matrix's `user` column). */
const REFUSED: ReadonlyMap<string, string> = new Map(
  answerCells('user')
    .filter((c) => c.expect.status === 403)
    .map((c) => [c.operation, c.expect.clause]),
);
/** The clause of another user's item addressed by id through one's own route (the matrix's `other-item` column). */
const OTHERS_ITEM: ReadonlyMap<string, string> = new Map(answerCells('other-item').map((c) => [c.operation, c.expect.clause]));
/** The caller's own lists, with the clause saying they hold the caller's items only. */
const OWN_LISTS: Readonly<Record<string, string>> = {
  'GET /user/keys': 'keys.list_own.shape',
  'GET /user/gpg_keys': 'gpg.list_own.shape',
  'GET /user/emails': 'emails.list_own.shape',
};
/** The operation's family of owned items (its tag), if it has one. */
const OWNED: ReadonlySet<string> = new Set<OwnedFamily>(['ssh-keys', 'gpg-keys', 'emails']);
const familyOf = (op: MatchedOperation): OwnedFamily | undefined => (OWNED.has(op.row.tag) ? (op.row.tag as OwnedFamily) : undefined);

/** The fixed/inherited date fields an epic shows a caller who may edit it (epics.field.fixed_visible). */
const FIXED_FIELDS: readonly string[] = EPIC_FIXED_FIELDS;
const EPIC_VIEWS = new Set([
  'GET /groups/:id/epics',
  'GET /groups/:id/epics/:epic_iid',
  'POST /groups/:id/epics',
  'PUT /groups/:id/epics/:epic_iid',
]);

/** One view rule: the groups of fields required, the groups forbidden, the schema, and the clause of each. */
interface ViewRule {
  require?: [UserFieldGroup, string][];
  forbid?: [UserFieldGroup, string][];
  schema?: [string, string];
  /** What `forbid` keeps from a regular user is other users' data: showing it is a security finding. */
  othersData?: boolean;
}

const USER_VIEWS: Readonly<Record<string, { any?: ViewRule; admin: ViewRule; normal: ViewRule }>> = {
  'GET /users': {
    any: { require: [['public', 'users.list.public_fields']] },
    admin: {
      require: [
        ['admin_account', 'users.list.admin_fields_account'],
        ['admin_settings', 'users.list.admin_fields_settings'],
      ],
    },
    normal: {
      forbid: [['admin_only', 'users.list.non_admin_hidden']],
      schema: ['user.basic', 'users.list.non_admin_hidden'],
      othersData: true,
    },
  },
  'GET /users/:id': {
    admin: {
      require: [
        ['admin_account', 'users.get.admin_fields'],
        ['admin_settings', 'users.get.admin_fields'],
      ],
      schema: ['user.admin', 'users.get.admin_fields'],
    },
    normal: {
      require: [['normal', 'users.get.normal_fields']],
      forbid: [['admin_only', 'users.get.non_admin_hidden']],
      schema: ['user.public', 'users.get.non_admin_hidden'],
      othersData: true,
    },
  },
  'GET /user': {
    any: {
      require: [
        ['current_profile', 'users.current.profile_fields'],
        ['current_account', 'users.current.account_fields'],
      ],
    },
    admin: { require: [['current_admin', 'users.current.admin_fields']], schema: ['user.current-admin', 'users.current.admin_fields'] },
    normal: {
      forbid: [['current_admin_only', 'users.current.non_admin_hidden']],
      schema: ['user.current', 'users.current.non_admin_hidden'],
    },
  },
};

/** The caller's own creations: they teach the book who owns the item. */
const OWN_CREATES = new Set(['POST /user/keys', 'POST /user/gpg_keys', 'POST /user/emails']);

/** Whether observe needs this exchange's caller: to judge it (needsCaller) or to learn from it (an item's owner). */
export const callerMatters = (op: MatchedOperation): boolean => needsCaller(op) || OWN_CREATES.has(op.name);

/** Whether the answer of this operation depends on who calls (else the caller adds nothing to its judging). */
export function needsCaller(op: MatchedOperation): boolean {
  return op.name in USER_VIEWS || op.row.auth === 'admin' || OTHERS_ITEM.has(op.name) || op.name in OWN_LISTS || EPIC_VIEWS.has(op.name);
}

function applyRule(
  rule: ViewRule | undefined,
  items: Record<string, unknown>[],
  op: MatchedOperation,
  who: string,
  caller?: Caller,
): ServerFinding[] {
  if (!rule) return [];
  const out: ServerFinding[] = [];
  for (const [group, clause] of rule.require ?? []) {
    for (const item of items) {
      const problems = fieldProblems(item, group);
      if (!problems.length) continue;
      out.push({
        check: 'callerView',
        clause,
        requirement: `${op.name} answered to ${who} MUST carry ${problems.map((p) => `${p.field} (${p.kinds.join(' or ')})`).join(', ')}.`,
        expected: problems.map((p) => `${p.field}: ${p.kinds.join(' or ')}`).join('; '),
        actual: problems
          .map((p) => (p.problem === 'missing' ? `no ${p.field}` : `${p.field}: ${JSON.stringify(item[p.field])}`))
          .join('; '),
        fields: problems.map((p) => p.field),
      });
      break;
    }
  }
  for (const [group, clause] of rule.forbid ?? []) {
    for (const item of items) {
      const shown = presentFields(item, group);
      if (!shown.length) continue;
      const finding: ServerFinding = {
        check: 'callerHidden',
        clause,
        requirement: `${op.name} answered to ${who} MUST NOT carry ${shown.join(', ')}.`,
        expected: `none of ${shown.join(', ')}`,
        actual: shown.join(', '),
        fields: shown,
      };
      out.push(rule.othersData && caller ? security(caller, finding) : finding);
      break;
    }
  }
  if (rule.schema) {
    const [schema, clause] = rule.schema;
    const mismatch = schemaMismatch(schema, items);
    if (mismatch)
      out.push({
        check: 'callerSchema',
        clause,
        requirement: `${op.name} answered to ${who} MUST match the ${schema} schema.`,
        expected: `a valid ${schema}`,
        ...mismatch,
      });
  }
  return out;
}

function security(caller: Caller, finding: Omit<ServerFinding, 'security'>): ServerFinding {
  return { ...finding, security: { id: caller.id, username: caller.username } };
}

function itemId(op: MatchedOperation): number | undefined {
  const raw = op.params.key_id ?? op.params.email_id;
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Every caller-dependent finding of one answer. `caller`: undefined when not known (then only
 * what holds for every caller is checked). `ownerId`: the user the credential was known to be
 * before this answer (a GET /user answer names its caller, so it is judged against what was known).
 */
export function judgeByCaller(
  res: ApiResponse,
  op: MatchedOperation,
  caller: Caller | undefined,
  book: CallerBook,
  ownerId?: number,
): ServerFinding[] {
  const ok = res.status >= 200 && res.status <= 299;
  if (!ok) return [];
  const out: ServerFinding[] = [];
  const items = res.json === undefined ? [] : itemsOf(res.json);
  const views = USER_VIEWS[op.name];
  if (views && res.status === 200 && items.length) {
    out.push(...applyRule(views.any, items, op, 'any caller'));
    if (caller)
      out.push(
        ...applyRule(caller.admin ? views.admin : views.normal, items, op, caller.admin ? 'an administrator' : 'a regular user', caller),
      );
    if (ownerId !== undefined && op.name === 'GET /user' && isRecord(res.json) && Number.isInteger(res.json.id) && res.json.id !== ownerId)
      out.push({
        check: 'currentUser',
        clause: 'users.current.status',
        requirement: "GET /user MUST answer the caller's own account.",
        expected: `user ${ownerId}`,
        actual: `user ${String(res.json.id)}`,
      });
  }
  if (!caller) return out;
  // The general rule (Authentication #8) is the clause; the endpoint section's own refusal is named beside it.
  const refused = REFUSED.get(op.name) ?? op.row.refusedClause;
  if (op.row.auth === 'admin' && !caller.admin)
    out.push(
      security(caller, {
        check: 'adminOnly',
        clause: 'auth.admin_only.403',
        requirement: `${op.name} is for administrators: a regular user MUST be refused with 403${refused ? ` (also ${refused})` : ''}.`,
        expected: '403',
        actual: String(res.status),
      }),
    );
  const family = familyOf(op);
  const id = itemId(op);
  const othersClause = OTHERS_ITEM.get(op.name);
  if (othersClause && family && id !== undefined) {
    const owner = book.ownerOf(family, id);
    if (owner !== undefined && owner !== caller.id)
      out.push(
        security(caller, {
          check: 'ownItem',
          clause: othersClause,
          requirement: `${op.name} MUST reach the caller's own items only: another user's item is not found (404).`,
          expected: '404',
          actual: `${res.status} for an item of user ${owner}`,
        }),
      );
  }
  const ownClause = OWN_LISTS[op.name];
  if (ownClause && family && res.status === 200) {
    const foreign = items.find((i) => Number.isInteger(i.id) && (book.ownerOf(family, i.id as number) ?? caller.id) !== caller.id);
    if (foreign)
      out.push(
        security(caller, {
          check: 'ownItem',
          clause: ownClause,
          requirement: `${op.name} MUST list the caller's own items only.`,
          expected: `items of user ${caller.id}`,
          actual: `item ${String(foreign.id)} of user ${book.ownerOf(family, foreign.id as number)}`,
        }),
      );
  }
  if (EPIC_VIEWS.has(op.name)) {
    const editable = items.find(
      (i) =>
        Number.isInteger(i.group_id) &&
        (caller.admin || book.mayEdit(caller.id, i.group_id as number)) &&
        FIXED_FIELDS.some((f) => !(f in i)),
    );
    if (editable)
      out.push({
        check: 'callerView',
        clause: 'epics.field.fixed_visible',
        requirement: `${op.name} answered to a caller who may edit the epic MUST carry ${FIXED_FIELDS.join(', ')}.`,
        expected: FIXED_FIELDS.join(', '),
        actual: `missing ${FIXED_FIELDS.filter((f) => !(f in editable)).join(', ')}`,
        fields: FIXED_FIELDS.filter((f) => !(f in editable)),
      });
  }
  return out;
}

const truthy = (v: unknown): boolean | undefined =>
  v === true || v === 'true' || v === '1' || v === 1 ? true : v === false || v === 'false' || v === '0' || v === 0 ? false : undefined;

/**
 * What one answer teaches the book, after it is judged: the owner of keys and e-mails listed or
 * created, the groups whose epics a caller created or changed, the admin flag of users an admin
 * view shows or a PUT /users/:id set. (GET /user is learned before judging, by the observation.)
 */
export function learnFromAnswer(
  res: ApiResponse,
  op: MatchedOperation,
  caller: Caller | undefined,
  book: CallerBook,
  sent: Record<string, unknown> | undefined,
): void {
  if (res.status < 200 || res.status > 299) return;
  // A PUT /users/:id that set admin: whatever its body (the spec does not show it).
  if (op.name === 'PUT /users/:id' && /^\d+$/.test(op.params.id ?? '')) {
    const admin = truthy(sent?.admin);
    if (admin !== undefined) book.learnAdminFlag(Number(op.params.id), admin);
  }
  if (res.json === undefined) return;
  const items = itemsOf(res.json);
  const family = familyOf(op);
  if (family && (op.row.method === 'GET' || op.row.method === 'POST') && !('key_id' in op.params) && !('email_id' in op.params)) {
    const path = specPath(op.row.path);
    const owner = path.startsWith('/user/')
      ? caller?.id
      : /^\d+$/.test(op.params.id ?? op.params.id_or_username ?? '')
        ? Number(op.params.id ?? op.params.id_or_username)
        : undefined;
    if (owner !== undefined) for (const i of items) if (Number.isInteger(i.id)) book.learnOwner(family, i.id as number, owner);
  }
  if (caller && (op.name === 'POST /groups/:id/epics' || op.name === 'PUT /groups/:id/epics/:epic_iid'))
    for (const i of items) if (Number.isInteger(i.group_id)) book.learnEditor(caller.id, i.group_id as number);
  if (op.name === 'GET /users' || op.name === 'GET /users/:id' || op.name === 'PUT /users/:id')
    for (const i of items) if (Number.isInteger(i.id) && typeof i.is_admin === 'boolean') book.learnAdminFlag(i.id as number, i.is_admin);
}
