/**
 * Epic fixtures: the capability probe (a 403 on the epic list of a group the administrator owns
 * means the target has no epics: the clauses are skipped with that reason), fresh private groups
 * whose epics belong to one test file alone, epic creation, members with a given role, and field
 * checks that name exactly the field at fault. Epics leave with their group (the group is in the
 * ledger), so they have no ledger kind of their own.
 *
 *   await epicsOrSkip(s, skip);                          // first line of every epic test
 *   const g = await createGroup(s);                      // private, tracked
 *   const e = await createEpic(s, g.id, { title: 'Q3', labels: 'a,b' });
 *   const guest = await member(s, g.id, ACCESS_LEVEL.guest);
 */
import {
  ACCESS_LEVEL,
  addMember,
  createUser,
  isApiDate,
  isApiDatetime,
  requireThat,
  type ApiResponse,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';
import { EPIC_FIXED_FIELDS } from '../../src/spec/epic-fields.ts';

export { ACCESS_LEVEL };

/** What a created epic looks like to the suites (only what the spec names). */
export interface Epic {
  id: number;
  iid: number;
  group_id: number;
  title: string;
  description: string;
  state: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  labels: unknown[];
  references: { short: string; relative: string; full: string };
  [field: string]: unknown;
}

/**
 * Why epic clauses cannot be checked on this target, or undefined when they can: the run's
 * capability probe (a 403 or 404 on GET /groups/:id/epics of a fresh group the administrator
 * owns) found epics absent, e.g. a tier without them. No request: the probe ran at the start of
 * the run, so which test asks first changes nothing in what the run sends.
 */
export async function epicsUnavailableReason(s: Session): Promise<string | undefined> {
  const epics = s.target.capabilities.find((c) => c.id === 'epics');
  if (!epics || epics.probed !== 'absent') return undefined;
  return `epics are unavailable on the target (missing capability): ${epics.detail}`;
}

/** Skips the test, with the reason, when the target has no epics. */
export async function epicsOrSkip(s: Session, skip: (reason: string) => never): Promise<void> {
  const reason = await epicsUnavailableReason(s);
  if (reason) skip(reason);
}

/** The description of the epics fixtures make. */
export const FIXTURE_DESCRIPTION = 'An epic made by the conformance kit.';

/** POST /groups/:id/epics; the response as is (the group's deletion removes the epic). */
export function postEpic(s: Session, groupId: number | string, body: Record<string, unknown>, client = s.admin): Promise<ApiResponse> {
  return client.post(`/groups/${groupId}/epics`, { json: body });
}

/**
 * A created epic, with a description unless the body says otherwise (what an epic without one
 * carries is the concern of epics.field.core alone, not of every test that needs an epic);
 * throws (fixture failure) when the server refuses it.
 */
export async function createEpic(
  s: Session,
  groupId: number | string,
  body: Record<string, unknown> = {},
  client = s.admin,
): Promise<Epic> {
  const res = await postEpic(s, groupId, { title: s.name('epic'), description: FIXTURE_DESCRIPTION, ...body }, client);
  if (res.status !== 201 || typeof res.json?.iid !== 'number') {
    throw new Error(`fixture: POST /groups/${groupId}/epics answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
  }
  return res.json as Epic;
}

/** A fresh user added to the group with that access level. */
export async function member(s: Session, groupId: number, accessLevel: number): Promise<CreatedUser> {
  const user = await createUser(s);
  await addMember(s, 'groups', groupId, user.id, accessLevel);
  return user;
}

/** A fixture made once per file, on first use (after the capability check). */
export function once<T>(make: (s: Session) => Promise<T>): (s: Session) => Promise<T> {
  let made: Promise<T> | undefined;
  return (s) => (made ??= make(s));
}

/** The instant halfway between two datetimes, ISO with Z. */
export function midpoint(a: string, b: string): string {
  return new Date((Date.parse(a) + Date.parse(b)) / 2).toISOString();
}

/** The kinds of field the spec gives epics. */
export type FieldKind = 'integer' | 'string' | 'boolean' | 'state' | 'datetime' | 'datetime?' | 'date?' | 'short-user';

const KIND_TEXT: Record<FieldKind, string> = {
  integer: 'an integer',
  string: 'a string',
  boolean: 'a boolean',
  state: 'opened or closed',
  datetime: 'a datetime (ISO 8601, milliseconds, Z)',
  'datetime?': 'a datetime or null',
  'date?': 'a date (YYYY-MM-DD) or null',
  'short-user': 'a short user',
};

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'integer':
      return Number.isInteger(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'state':
      return value === 'opened' || value === 'closed';
    case 'datetime':
      return typeof value === 'string' && isApiDatetime(value);
    case 'datetime?':
      return value === null || (typeof value === 'string' && isApiDatetime(value));
    case 'date?':
      return value === null || (typeof value === 'string' && isApiDate(value));
    case 'short-user':
      return typeof value === 'object' && value !== null;
  }
}

/**
 * Each named field is present with its kind; a short user has its six fields. A failure names the
 * field as a field of the epic (`at` prefixes it: 'references.' for the references object), so a
 * baseline entry for a field departure of the epic resource excuses it wherever it is seen.
 */
export function checkFields(body: Record<string, unknown>, fields: Record<string, FieldKind>, what = 'An epic', at = ''): void {
  for (const [name, kind] of Object.entries(fields)) {
    const scope = { fields: [`${at}${name}`], resource: 'epic' };
    requireThat(name in body, `${what} MUST have the field ${name}.`, name, Object.keys(body), scope);
    requireThat(hasKind(body[name], kind), `${what}'s ${name} MUST be ${KIND_TEXT[kind]}.`, KIND_TEXT[kind], body[name], scope);
    if (kind === 'short-user') checkShortUser(body[name] as Record<string, unknown>, `${what}'s ${name}`);
  }
}

/** Short user (spec: Resources and their fields > Short user). */
export function checkShortUser(user: Record<string, unknown>, what: string): void {
  const kinds: Record<string, (v: unknown) => boolean> = {
    id: Number.isInteger,
    name: (v) => typeof v === 'string',
    username: (v) => typeof v === 'string',
    state: (v) => typeof v === 'string',
    avatar_url: (v) => v === null || typeof v === 'string',
    web_url: (v) => typeof v === 'string',
  };
  for (const [field, ok] of Object.entries(kinds)) {
    requireThat(
      field in user && ok(user[field]),
      `${what} MUST be a short user with ${field} (${field === 'avatar_url' ? 'string or null' : field === 'id' ? 'integer' : 'string'}).`,
      field,
      user[field] ?? '(absent)',
    );
  }
}

export const CORE_FIELDS: Record<string, FieldKind> = {
  id: 'integer',
  iid: 'integer',
  group_id: 'integer',
  title: 'string',
  description: 'string',
  state: 'state',
  web_url: 'string',
  author: 'short-user',
  created_at: 'datetime',
  updated_at: 'datetime',
  closed_at: 'datetime?',
  upvotes: 'integer',
  downvotes: 'integer',
};

/** The fixed/inherited date fields only a caller who may edit sees (src/spec/epic-fields.ts). */
export const FIXED_FIELDS = EPIC_FIXED_FIELDS;

/** A description of exactly n characters. */
export const text = (n: number) => 'd'.repeat(n);
