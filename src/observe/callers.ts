/**
 * Who is behind each credential, learned without keeping the credential: a caller is keyed by a
 * keyed hash (HMAC-SHA-256) of the credential's value, the key made fresh at each start and never
 * written, and the book holds what the answers it forwards say of that caller: id, username and
 * admin flag (GET /user, which most clients call first, or observe's own GET /user with
 * `--identify-callers`). A request that names another user (Sudo) is not its credential's caller.
 * The book also learns which user owns which key, GPG key and e-mail (their owner's lists and
 * creations) and which groups' epics a caller may edit (an epic it created or changed): what the
 * caller-dependent checks need (caller-checks.ts). Every map is bounded: the oldest entries go first.
 *
 *   const book = new CallerBook(randomBytes(32));
 *   const c = credentialOf(x.requestHeaders, 'per_page=2');  // { form: 'header', name: 'private-token', value }
 *   book.learnCurrentUser(book.keyOf(c!), { id: 3, username: 'ann', is_admin: false });
 *   book.callerOf(book.keyOf(c!))                               // { id: 3, username: 'ann', admin: false }
 */
import { createHmac } from 'node:crypto';
import { decodeParam } from './credentials.ts';
import { isRecord } from '../shared/is-record.ts';
import { addIn, rememberIn } from '../shared/oldest-out.ts';

export interface Caller {
  id: number;
  username: string;
  admin: boolean;
}

/** A credential as a request presents it: how to present it again (observe's own GET /user) and its value. */
export interface Credential {
  form: 'header' | 'query' | 'cookie';
  /** The header's name (lower case), the query parameter's or the cookie's name. */
  name: string;
  /** The whole header value, parameter value or cookie value, as sent. */
  sent: string;
  /** The credential itself (a bearer token without its scheme): what the key is made of. */
  value: string;
}

/** The session cookie of the platform (a browser's requests to the API carry it). */
const SESSION_COOKIE = '_gitlab_session';
/** Entries each map keeps at most (the oldest go first). */
const BOOK_LIMIT = 100_000;

function queryParam(query: string, name: string): string | undefined {
  if (query === '' || !query.includes(name)) return undefined;
  for (const pair of query.split(/[&;]/)) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq) === name) return decodeParam(pair.slice(eq + 1));
  }
  return undefined;
}

/**
 * The credential a request authenticates with, in the platform's order of precedence (a private
 * token, an OAuth bearer token, a job token, the session cookie); undefined for an anonymous one.
 */
export function credentialOf(headers: Record<string, string>, query: string): Credential | undefined {
  const header = headers['private-token'];
  if (header !== undefined && header.trim() !== '') return { form: 'header', name: 'private-token', sent: header, value: header.trim() };
  const param = queryParam(query, 'private_token');
  if (param) return { form: 'query', name: 'private_token', sent: param, value: param };
  const auth = headers.authorization;
  const bearer = auth === undefined ? undefined : /^\s*bearer\s+(\S+)\s*$/i.exec(auth);
  if (bearer) return { form: 'header', name: 'authorization', sent: auth!, value: bearer[1]! };
  const oauth = queryParam(query, 'access_token');
  if (oauth) return { form: 'query', name: 'access_token', sent: oauth, value: oauth };
  const job = headers['job-token'];
  if (job !== undefined && job.trim() !== '') return { form: 'header', name: 'job-token', sent: job, value: job.trim() };
  const cookie = headers.cookie;
  if (cookie?.includes(SESSION_COOKIE)) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
        const v = part.slice(eq + 1).trim();
        if (v !== '') return { form: 'cookie', name: SESSION_COOKIE, sent: v, value: v };
      }
    }
  }
  return undefined;
}

/** Whether the request acts as another user (Sudo, as a parameter or a header): its caller is not its credential's. */
export const actsAsAnother = (headers: Record<string, string>, query: string): boolean =>
  headers.sudo !== undefined || queryParam(query, 'sudo') !== undefined;

/** Credentials whose keys are kept (keyOf): a key costs an HMAC. */
const RECENT_KEYS = 1000;

/** A book's map, within BOOK_LIMIT. */
const remember = <K, V>(map: Map<K, V>, key: K, value: V): void => rememberIn(map, key, value, BOOK_LIMIT);

/** The families of items a user owns and addresses by id through /user/... routes. */
export type OwnedFamily = 'ssh-keys' | 'gpg-keys' | 'emails';

export class CallerBook {
  /** Credential key -> user id; null: the credential could not be identified. */
  private readonly keys = new Map<string, number | null>();
  private readonly users = new Map<number, Caller>();
  /** `family:item id` -> owner's user id. */
  private readonly owners = new Map<string, number>();
  /** `user id:group id` of callers who created or changed an epic of that group (they may edit its epics). */
  private readonly editors = new Set<string>();

  /** Credential value -> its key, for the last RECENT_KEYS credentials keyed. */
  private readonly recentKeys = new Map<string, string>();

  /** Told of each caller learnt from a GET /user answer (a judge passes it on to the others). */
  onLearn?: (key: string, caller: Caller) => void;

  constructor(private readonly hmacKey: Buffer) {}

  keyOf(c: Credential): string {
    // The same few credentials call again and again: their keys are kept (the values are in the secret set already).
    const kept = this.recentKeys.get(c.value);
    if (kept !== undefined) return kept;
    const key = createHmac('sha256', this.hmacKey).update(c.value).digest('base64url');
    rememberIn(this.recentKeys, c.value, key, RECENT_KEYS);
    return key;
  }

  callerOf(key: string): Caller | undefined {
    const id = this.keys.get(key);
    return id === undefined || id === null ? undefined : this.users.get(id);
  }

  /** Whether the book has an answer for this key: a caller, or that none could be identified. */
  settled(key: string): boolean {
    return this.keys.has(key);
  }

  /** What another judge or observe's own GET /user learned: the caller, or null (not identified). */
  settle(key: string, caller: Caller | null): void {
    if (caller === null) {
      if (!this.keys.has(key)) remember(this.keys, key, null);
      return;
    }
    this.learnUser(caller);
    remember(this.keys, key, caller.id);
  }

  private learnUser(caller: Caller): Caller {
    const had = this.users.get(caller.id);
    if (had) {
      had.username = caller.username;
      had.admin = caller.admin;
      return had;
    }
    const own = { ...caller };
    remember(this.users, caller.id, own);
    return own;
  }

  /**
   * The caller a GET /user answer shows (undefined when it is not a user object). An administrator
   * is one with is_admin true, or, where is_admin is left out, with the admin view's sign-in IPs
   * (a server that drops is_admin from the admin view still shows them).
   */
  static currentUser(body: unknown): Caller | undefined {
    if (!isRecord(body) || !Number.isInteger(body.id) || typeof body.username !== 'string') return undefined;
    const admin = body.is_admin === true || (!('is_admin' in body) && ('current_sign_in_ip' in body || 'last_sign_in_ip' in body));
    return { id: body.id as number, username: body.username, admin };
  }

  /** A GET /user answer for this credential: learned (and returned), or undefined. */
  learnCurrentUser(key: string, body: unknown): Caller | undefined {
    const caller = CallerBook.currentUser(body);
    if (!caller) return undefined;
    remember(this.keys, key, caller.id);
    const learnt = this.learnUser(caller);
    this.onLearn?.(key, { ...learnt });
    return learnt;
  }

  /** A user's admin flag changed or shown (an admin view's is_admin, a PUT /users/:id that set admin): known callers follow. */
  learnAdminFlag(id: number, admin: boolean): void {
    const had = this.users.get(id);
    if (had) had.admin = admin;
  }

  /** Every known caller, for another judge (plain data). */
  entries(): [string, Caller | null][] {
    return [...this.keys].map(([key, id]) => [key, id === null ? null : (this.users.get(id) ?? null)]);
  }

  /** An item's owner, the first one learnt: an item never changes owner (a faulty list showing it to another teaches nothing). */
  learnOwner(family: OwnedFamily, itemId: number, userId: number): void {
    const key = `${family}:${itemId}`;
    if (!this.owners.has(key)) remember(this.owners, key, userId);
  }

  ownerOf(family: OwnedFamily, itemId: number): number | undefined {
    return this.owners.get(`${family}:${itemId}`);
  }

  learnEditor(userId: number, groupId: number): void {
    addIn(this.editors, `${userId}:${groupId}`, BOOK_LIMIT);
  }

  mayEdit(userId: number, groupId: number): boolean {
    return this.editors.has(`${userId}:${groupId}`);
  }
}
