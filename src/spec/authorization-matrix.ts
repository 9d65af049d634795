/**
 * The authorization matrix, derived from the operation table (operations/*.ts: `auth`,
 * `permission`, `refusedClause`, the tag and the path): for every operation and every kind of
 * caller the spec distinguishes, the answer the spec requires and the clause that states it, or
 * why the matrix asserts nothing there. Pure data: the suites under suites/auth/ send one request
 * per `answer` cell, the reporters draw the table (src/report/authorization-table.ts).
 *
 *   const cells = authorizationMatrix();
 *   cells.find((c) => c.operation === 'POST /users' && c.caller === 'anonymous')
 *   // { operation: 'POST /users', key: 'POST /users', caller: 'anonymous', expect: { kind: 'answer', status: 401, clause: 'auth.missing.401' } }
 *
 * How each column reads the spec:
 * - anonymous: no credentials. Authentication #1 (401) wherever the operation needs a token; the
 *   broadcast writes cite rule 6 (broadcast.auth.guest_401), epics and dependencies their own
 *   "always need authentication" clauses; the public broadcast reads answer 200 (checked with their
 *   bodies by suites/broadcast-messages/read.test.ts: `elsewhere`); the two reads whose
 *   need of a token the spec leaves open (keys and status of a user) are "not shown".
 * - user: the run's regular user: on /user/... routes it acts on its own items (allowed); on an
 *   admin-only route it is refused with 403, citing the endpoint section's own refusal clause
 *   (`refusedClause`: keys.admin.non_admin, users.create.non_admin, broadcast.auth.user_403...; the four
 *   state moves are refused from the state each applies to by suites/users/states.test.ts); it is
 *   a member of no kit project or group, so on a private group's epics it gets 404 on the GETs
 *   (rule 7); elsewhere on project or group routes the spec names no status for a non-member.
 * - other-item: a regular user addressing ANOTHER user's item by id through its own /user/... route
 *   (ownership isolation): 404, citing `*.delete_own.missing` for a DELETE ("for a nonexistent key")
 *   and errors.not_found.resource for a GET (suites/auth/ownership.test.ts says why).
 * - below-role / with-role: a project member under and at the role the spec names: clusters need
 *   maintainer (rule 8; developer refused with 403, clusters.auth.developer_403, applied to every
 *   cluster operation as rule 8 covers them all; a maintainer lists and adds, clusters.auth.maintainer_ok),
 *   the dependency list needs the security dashboard (rule 9: a guest refused with 403). The spec
 *   names no role for variables or epics: "not shown".
 * - admin: allowed everywhere; its answers are checked by the resource suites (`allowed`).
 * - sudo: the administrator with Sudo naming the regular user: the request runs as that user, so an
 *   admin-only route refuses it with 403 (auth.admin_only.403, the general rule of Authentication #8);
 *   on other routes it is the regular user's cell again (`same-as`).
 * - read-user-token: a token with the read_user scope alone: the spec names the scope but not what it
 *   allows (only sudo's scope rule is stated, checked by suites/auth/sudo.test.ts): "not shown".
 */
import { OPERATIONS, operationKey } from './operations/index.ts';
import type { Operation } from './operation.ts';
import { specPath } from './paths.ts';

export type Caller = 'anonymous' | 'user' | 'other-item' | 'below-role' | 'with-role' | 'admin' | 'sudo' | 'read-user-token';

/** The columns, in the table's order, with what each caller is. */
export const CALLERS: readonly { id: Caller; label: string; phrase: string; description: string }[] = [
  { id: 'anonymous', label: 'anonymous', phrase: 'without credentials', description: 'no credentials' },
  {
    id: 'user',
    label: 'user',
    phrase: 'by a regular user',
    description:
      "a regular user: its own items on /user routes, another user's account on /users/:id routes, no member of the kit's groups",
  },
  {
    id: 'other-item',
    label: "other's item",
    phrase: "by a regular user on another user's item",
    description: "a regular user addressing another user's item by id through its own route",
  },
  {
    id: 'below-role',
    label: 'below role',
    phrase: 'by a member below the role',
    description: 'a project member below the role the spec names (developer for clusters, guest for dependencies)',
  },
  {
    id: 'with-role',
    label: 'with role',
    phrase: 'by a member with the role',
    description: 'a project member with the role the spec names (maintainer for clusters)',
  },
  { id: 'admin', label: 'admin', phrase: 'by an administrator', description: 'an administrator' },
  {
    id: 'sudo',
    label: 'admin + Sudo',
    phrase: 'by an administrator with Sudo as a regular user',
    description: 'an administrator with Sudo naming the regular user',
  },
  {
    id: 'read-user-token',
    label: 'read_user token',
    phrase: 'with a read_user token',
    description: 'a token with the read_user scope only',
  },
];

/** A project member's role, where a column stands for one. */
export type Role = 'guest' | 'developer' | 'maintainer';

export type Expectation =
  /** The matrix sends one request and requires this status; after a refused write, nothing changed. */
  | { kind: 'answer'; status: 200 | 201 | 204 | 401 | 403 | 404; clause: string; role?: Role; also?: 404[] }
  /** The answer the spec requires, checked by another suite (`where`) in a richer setting: the cell's verdict is its clause's. */
  | { kind: 'elsewhere'; status: 200 | 403; clause: string; where: string }
  /** The caller may call it; the resource suites check its answers (by `clause`, where one states it). */
  | { kind: 'allowed'; clause?: string }
  /** The spec says nothing for this pair: nothing is asserted. */
  | { kind: 'not-shown'; why: string }
  /** The caller kind does not exist for this operation (no item id of another user, no project role...). */
  | { kind: 'not-applicable' }
  /** The answer is the one of another column (Sudo as the regular user is the regular user). */
  | { kind: 'same-as'; caller: Caller };

export interface Cell {
  /** The operation as the spec writes it ('DELETE /user/keys/:key_id'): what failures name. */
  operation: string;
  /** The operation table's key ('DELETE /user/keys/:key_id(int)'). */
  key: string;
  caller: Caller;
  expect: Expectation;
}

const NOT_APPLICABLE: Expectation = { kind: 'not-applicable' };

/** The capability an operation belongs to (optional on a target), by its tag. */
export const CAPABILITY_OF_TAG: Readonly<Record<string, string>> = { clusters: 'clusters', epics: 'epics', dependencies: 'deps' };

/** An operation on an item of the caller's own, addressed by id: /user/<family>/:id. */
export function isOwnerScoped(o: Pick<Operation, 'path' | 'auth'>): boolean {
  return o.auth === 'authenticated' && /^\/user\/[a-z_]+\/:\w+\(int\)$/.test(o.path);
}

/** The owner-scoped operations' 404 clause: a DELETE's `*.delete_own.missing`, a GET's general not-found rule. */
const OWN_MISSING: Readonly<Record<string, string>> = {
  'ssh-keys': 'keys.delete_own.missing',
  'gpg-keys': 'gpg.delete_own.missing',
  emails: 'emails.delete_own.missing',
};

function anonymous(o: Operation): Expectation {
  if (o.auth === 'public') {
    if (o.tag === 'broadcast-messages')
      return { kind: 'elsewhere', status: 200, clause: 'broadcast.get.public', where: 'suites/broadcast-messages/read.test.ts' };
    return { kind: 'not-shown', why: 'whether this endpoint needs authentication is left open by the spec' };
  }
  const clause =
    o.tag === 'broadcast-messages'
      ? 'broadcast.auth.guest_401'
      : o.tag === 'epics'
        ? 'epics.auth.unauthenticated'
        : o.tag === 'dependencies'
          ? 'deps.auth.unauthenticated'
          : 'auth.missing.401';
  return { kind: 'answer', status: 401, clause };
}

function user(o: Operation): Expectation {
  if (o.auth === 'admin') {
    if (!o.refusedClause) throw new Error(`authorization matrix: ${operationKey(o)} is admin-only without a refusedClause`);
    // The state moves' table refuses each move to a regular user from the state the move applies to.
    if (o.refusedClause === 'users.transitions.non_admin')
      return { kind: 'elsewhere', status: 403, clause: o.refusedClause, where: 'suites/users/states.test.ts' };
    return { kind: 'answer', status: 403, clause: o.refusedClause };
  }
  if (o.tag === 'epics') {
    return o.method === 'GET'
      ? { kind: 'answer', status: 404, clause: 'epics.auth.private_non_member' }
      : { kind: 'not-shown', why: "rule 7 names a non-member's GET only" };
  }
  if (o.permission || o.tag === 'variables') return { kind: 'not-shown', why: 'the spec names no status for a non-member of the project' };
  return { kind: 'allowed' };
}

function otherItem(o: Operation): Expectation {
  if (!isOwnerScoped(o)) return NOT_APPLICABLE;
  const clause = o.method === 'DELETE' ? OWN_MISSING[o.tag] : 'errors.not_found.resource';
  if (!clause) throw new Error(`authorization matrix: no missing-item clause for ${operationKey(o)}`);
  return { kind: 'answer', status: 404, clause };
}

function belowRole(o: Operation): Expectation {
  if (o.permission === 'maintainer') return { kind: 'answer', status: 403, clause: 'clusters.auth.developer_403', role: 'developer' };
  // 403 per the clause; the spec leaves 403 against 404 open (not-shown.md): either refuses.
  if (o.permission === 'security-dashboard')
    return { kind: 'answer', status: 403, also: [404], clause: 'deps.auth.security_dashboard', role: 'guest' };
  if (o.tag === 'variables' || o.tag === 'epics') return { kind: 'not-shown', why: `the spec names no member role for ${o.tag}` };
  return NOT_APPLICABLE;
}

function withRole(o: Operation): Expectation {
  if (o.permission === 'maintainer') {
    if (o.method === 'GET' && o.list) return { kind: 'answer', status: 200, clause: 'clusters.auth.maintainer_ok', role: 'maintainer' };
    if (o.method === 'POST') return { kind: 'answer', status: 201, clause: 'clusters.auth.maintainer_ok', role: 'maintainer' };
    return { kind: 'allowed' };
  }
  if (o.permission === 'security-dashboard')
    return { kind: 'not-shown', why: 'the spec does not say which role may read the security dashboard' };
  if (o.tag === 'variables' || o.tag === 'epics') return { kind: 'not-shown', why: `the spec names no member role for ${o.tag}` };
  return NOT_APPLICABLE;
}

function sudo(o: Operation): Expectation {
  if (o.auth === 'admin') return { kind: 'answer', status: 403, clause: 'auth.admin_only.403' };
  return { kind: 'same-as', caller: 'user' };
}

const READ_USER: Expectation = { kind: 'not-shown', why: 'the spec does not say what a read_user token may do' };

/** Every cell of one operation, in the columns' order. */
export function cellsOf(o: Operation): Cell[] {
  const expectations: Record<Caller, Expectation> = {
    anonymous: anonymous(o),
    user: user(o),
    'other-item': otherItem(o),
    'below-role': belowRole(o),
    'with-role': withRole(o),
    admin: { kind: 'allowed' },
    sudo: sudo(o),
    'read-user-token': READ_USER,
  };
  const operation = `${o.method} ${specPath(o.path)}`;
  return CALLERS.map(({ id }) => ({ operation, key: operationKey(o), caller: id, expect: expectations[id] }));
}

/** The whole matrix: every operation of the table (in its order) × every caller. */
export function authorizationMatrix(operations: readonly Operation[] = OPERATIONS): Cell[] {
  return operations.flatMap(cellsOf);
}

/** The cells the suites send a request for (kind 'answer'), optionally of one caller. */
export function answerCells(
  caller?: Caller,
  operations: readonly Operation[] = OPERATIONS,
): (Cell & { expect: Extract<Expectation, { kind: 'answer' }> })[] {
  return authorizationMatrix(operations).filter(
    (c): c is Cell & { expect: Extract<Expectation, { kind: 'answer' }> } =>
      c.expect.kind === 'answer' && (caller === undefined || c.caller === caller),
  );
}

/** A cell's test title: operation and caller, so that a failure names both. */
export function cellTitle(c: Pick<Cell, 'operation' | 'caller'> & { expect: { status: number; role?: Role } }): string {
  const phrase = c.expect.role ? `by a ${c.expect.role} member` : CALLERS.find((k) => k.id === c.caller)!.phrase;
  return `${c.operation} ${phrase} answers ${c.expect.status}`;
}
