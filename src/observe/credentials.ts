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
import { REDACTED, type SecretSet } from '../shared/redact.ts';

/** A field or parameter whose value is a credential, whatever it holds. */
export const CREDENTIAL_KEY = /(^|_)(password|passwd|passphrase|token|secret|otp_attempt)(_confirmation)?$/i;
/** Cheap test before walking a body: could it hold a credential field at all? */
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

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Every credential field's value of a parsed body (nested hashes and arrays too; a masked variable's value). */
function walk(node: unknown, learn: (v: string) => void): void {
  let budget = WALK_LIMIT;
  const visit = (n: unknown, key: string | undefined): void => {
    if (budget-- <= 0) return;
    if (typeof n === 'string') {
      if (key !== undefined && CREDENTIAL_KEY.test(key)) learn(n);
    } else if (Array.isArray(n)) for (const item of n) visit(item, key);
    else if (n !== null && typeof n === 'object') {
      const record = n as Record<string, unknown>;
      if ((record.masked === true || record.masked === 'true') && typeof record.value === 'string') learn(record.value);
      for (const [k, v] of Object.entries(record)) visit(v, k);
    }
  };
  visit(node, undefined);
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
      if (eq > 0 && CREDENTIAL_KEY.test(decode(pair.slice(0, eq)).trim())) out.push(decode(pair.slice(eq + 1)));
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
  if (x.headers.cookie !== undefined) {
    learn(x.headers.cookie.trim());
    for (const v of cookieValues(x.headers.cookie, false)) learn(v);
  }
  if (x.answerHeaders['set-cookie'] !== undefined) for (const v of cookieValues(x.answerHeaders['set-cookie'], true)) learn(v);
  if (x.query !== '' && HINT.test(x.query)) for (const v of queryCredentials(x.query)) learn(v);
  if (x.body !== null && typeof x.body === 'object') walk(x.body, learn);
  if (x.answer !== null && typeof x.answer === 'object' && HINT.test(x.answerText)) walk(x.answer, learn);
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
