/**
 * Credentials an exchange shows, in every form, learned before anything of it is kept (then every
 * text observe keeps or writes has them as [redacted]): the PRIVATE-TOKEN, JOB-TOKEN and
 * Authorization headers (a bearer token; a basic pair's password and the pair itself), cookie
 * values sent and set, credential parameters of the query string whether `&` or `;` separates
 * them (many Rack versions read `;` as `&`), credential fields of a JSON or form body at any depth
 * (password, token, private_token, any `*_token`, `*_secret`, a masked variable's value), and the
 * same fields of the answer (an impersonation token shown at creation, a token in a list).
 *
 *   learnCredentials({ headers, query: 'per_page=2;private_token=T', body, answerHeaders, answer, answerText }, secrets);
 *   redactCredentialText('-H \'PRIVATE-TOKEN: abc\'')   // "-H 'PRIVATE-TOKEN: [redacted]'"
 */
import { KeyClasses, KeyShapes } from '../kit/key-shapes.ts';
import { REDACTED, type SecretSet } from '../shared/redact.ts';

/** A field or parameter whose value is a credential, whatever it holds. */
export const CREDENTIAL_KEY = /(^|_)(password|passwd|passphrase|token|secret|otp_attempt)(_confirmation)?$/i;
/** A hint in an answer's text that it may hold a credential field: its values are learned only then. */
const HINT = /token|passw|secret|passphrase|otp_attempt|masked/i;
/** Nodes of one body walked for credentials, at most (a credential sits near the top of what carries it). */
const WALK_LIMIT = 20_000;

export interface CredentialFacts {
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The raw query string, without '?'. */
  query: string;
  /** The parsed request body (JSON or form), if any. */
  body: unknown;
  /** Answer headers, names in lower case. */
  answerHeaders: Record<string, string>;
  /** The parsed answer (JSON), if any, and its text. */
  answer: unknown;
  answerText: string;
}

/** A query parameter's name or value as the server reads it ('+' a space), or as sent when it does not decode. */
export function decodeParam(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

const CREDENTIAL = 1;
const MASKED = 2;
/** What a key is to the walk: a credential's name, `masked` (a variable's flag), or neither; by key name and object shape. */
const CREDENTIAL_KEYS = new KeyClasses((key) => (CREDENTIAL_KEY.test(key) ? CREDENTIAL : 0) | (key === 'masked' ? MASKED : 0));

/**
 * Every credential field's value of a parsed body, in the order met (nested hashes and arrays too; a
 * masked variable's value), at most WALK_LIMIT nodes walked: the values, learned by the caller.
 */
class CredentialWalk {
  readonly values: string[] = [];
  private readonly shapes = new KeyShapes(CREDENTIAL_KEYS);
  private budget = WALK_LIMIT;

  /** A node (counted by the caller) under a credential's key or not (an array's items stand under the array's key). */
  visit(n: unknown, credential: boolean, depth: number): void {
    if (typeof n === 'string') {
      if (credential) this.values.push(n);
    } else if (Array.isArray(n)) {
      for (let i = 0; i < n.length; i++) if (this.count()) this.visit(n[i], credential, depth + 1);
    } else if (n !== null && typeof n === 'object') {
      const record = n as Record<string, unknown>;
      const keys = Object.keys(record);
      const shape = this.shapes.at(depth, keys);
      if (shape.union & MASKED && (record.masked === true || record.masked === 'true') && typeof record.value === 'string')
        this.values.push(record.value);
      const values = Object.values(record);
      for (let i = 0; i < keys.length; i++) {
        const v = values[i];
        if (!this.count()) return;
        if (typeof v === 'string') {
          if (shape.masks[i]! & CREDENTIAL) this.values.push(v);
        } else if (v !== null && typeof v === 'object') this.visit(v, (shape.masks[i]! & CREDENTIAL) !== 0, depth + 1);
      }
    }
  }

  /** One more node walked: false once the limit is reached. */
  count(): boolean {
    return this.budget-- > 0;
  }
}

function credentialValues(root: object): string[] {
  const walk = new CredentialWalk();
  if (walk.count()) walk.visit(root, false, 0);
  return walk.values;
}

/** Cookie values of a Cookie header ('a=1; b=2') or of Set-Cookie headers joined with ', '. */
function cookieValues(header: string, set: boolean): string[] {
  const parts = set ? header.split(/,\s*(?=[^;,=\s]+=)/).map((c) => c.split(';')[0]!) : header.split(';');
  return parts.map((p) => p.slice(p.indexOf('=') + 1).trim()).filter((v) => v !== '');
}

/** The credential parameters of a raw query string, read with `&` alone and with `&` or `;` as separators. */
function queryCredentials(query: string): string[] {
  const out: string[] = [];
  for (const separators of [/&/, /[&;]/]) {
    for (const pair of query.split(separators)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && CREDENTIAL_KEY.test(decodeParam(pair.slice(0, eq)).trim())) out.push(decodeParam(pair.slice(eq + 1)));
    }
  }
  return out;
}

/** A credential placeholder a recording already carries (the kit's HAR numbers them). */
const PLACEHOLDER = /^\[redacted(-\d+)?\]$/;

export function learnCredentials(x: CredentialFacts, secrets: SecretSet): void {
  // A recording's placeholders ([redacted], [redacted-3]) are not credentials: learnt, a shorter one would cut a longer one short.
  const learn = (v: string) => PLACEHOLDER.test(v) || secrets.add(v);
  for (const name of ['private-token', 'job-token']) {
    const v = x.headers[name];
    if (v !== undefined) learn(v.trim());
  }
  const auth = x.headers.authorization;
  if (auth !== undefined) {
    const m = /^\s*(\S+)\s+(.+?)\s*$/.exec(auth);
    learn(m ? m[2]! : auth.trim());
    if (m && /^basic$/i.test(m[1]!)) {
      const pair = Buffer.from(m[2]!, 'base64').toString('utf8');
      learn(pair);
      if (pair.includes(':')) learn(pair.slice(pair.indexOf(':') + 1));
    }
  }
  // Each cookie's value, not the whole header: a text showing the header shows each value, and a browser's
  // header (kilobytes) would fill the bounded set of learnt credentials with copies of the same values.
  if (x.headers.cookie !== undefined) for (const v of cookieValues(x.headers.cookie, false)) learn(v);
  if (x.answerHeaders['set-cookie'] !== undefined) for (const v of cookieValues(x.answerHeaders['set-cookie'], true)) learn(v);
  if (x.query !== '' && HINT.test(x.query)) for (const v of queryCredentials(x.query)) learn(v);
  if (x.body !== null && typeof x.body === 'object') for (const v of credentialValues(x.body)) learn(v);
  if (x.answer !== null && typeof x.answer === 'object') {
    // The answer's credentials count only when its text shows a hint of one; walking the parsed answer
    // costs less than reading the whole text, so the text is read only when the walk found some.
    const values = credentialValues(x.answer);
    if (values.length > 0 && HINT.test(x.answerText)) for (const v of values) learn(v);
  }
}

const HEADER_VALUE = /\b(private-token|job-token|authorization|cookie|set-cookie)(\s*:)(?!\s*\[redacted\])\s*[^'"\\\n]+/gi;
const FIELD_VALUE = /((\\*)"([A-Za-z_]*)\2"\s*:\s*\2")((?:[^"\\]|\\[^"])*)(?=\2")/g;

/**
 * A text about to be written with any credential header's value and any credential field's value
 * (in JSON, escaped or not) as [redacted]: the last pass, whatever the text is.
 */
export function redactCredentialText(text: string): string {
  return text
    .replace(HEADER_VALUE, `$1$2 ${REDACTED}`)
    .replace(FIELD_VALUE, (all, head: string, _q: string, key: string) => (CREDENTIAL_KEY.test(key) ? `${head}${REDACTED}` : all));
}
