/**
 * Redaction: every secret the kit knows (admin token, impersonation tokens, passwords, cluster
 * tokens) is replaced by [redacted] in anything the kit writes or prints. The run's HAR alone
 * gives each secret a placeholder of its own (a keyed hash in the workers' parts, numbered
 * `[redacted-1]`, `[redacted-2]`... when the HAR is assembled: report/har.ts), so that a reader
 * of the HAR (observe --har) tells the callers apart without seeing any credential.
 *
 *   const secrets = new SecretSet(['glpat-abc']);
 *   secrets.redact('Private-Token: glpat-abc')  // 'Private-Token: [redacted]'
 *   secrets.redact('?private_token=glpat-abc', keyedPlaceholder(key))  // '?private_token=[redacted:5f0c...]'
 */
import { createHmac } from 'node:crypto';
import { FormIndex, KEY, keyHash } from './secret-index.ts';

export const REDACTED = '[redacted]';

/** What a secret is replaced by: REDACTED, or a placeholder of its own (keyedPlaceholder). */
export type Replacement = (secret: string) => string;

/** A keyed placeholder as the workers write it into the HAR's parts: `[redacted:` 16 hex digits `]`. */
export const KEYED_PLACEHOLDER = /\[redacted:([0-9a-f]{16})\]/g;

/**
 * Each secret as `[redacted:<HMAC-SHA256 of it under key, 16 hex digits>]`: the same secret gives the
 * same placeholder in every worker of a run (they share the key), no placeholder tells the secret.
 */
export function keyedPlaceholder(key: string): Replacement {
  return (secret) => `[redacted:${createHmac('sha256', key).update(secret).digest('hex').slice(0, 16)}]`;
}

/** A value already replaced (REDACTED or a placeholder): left as it is. */
const PLACEHOLDER = /^\[redacted[^\]]*\]$/;

/** Header names whose values are always secret, whatever they hold. */
const SECRET_HEADERS = new Set(['private-token', 'authorization', 'cookie', 'set-cookie', 'job-token']);
/** Query parameters whose values are always secret (separated by `&`, or by `;` as many Rack versions read it). */
const SECRET_QUERY = ['private_token', 'access_token', 'job_token', 'password'];

const QUERY_VALUES = SECRET_QUERY.map((name) => new RegExp(`([?&;]${name}=)([^&;#\\s'"]*)`, 'g'));

/** The weight of the character leaving the rolling hash: 31 ** (KEY - 1), exact in 32 bits. */
const POW = 31 ** (KEY - 1);

/** The forms a secret is found in: raw and URL-encoded (one when they are the same). */
const formsOf = (value: string): Set<string> => new Set([value, encodeURIComponent(value)]);

export class SecretSet {
  /** The secrets learnt, oldest first (one seen again moves to the end); the first given are in `pinned` instead. */
  private readonly values = new Set<string>();
  private readonly pinned = new Set<string>();
  /** Each form (raw or URL-encoded) -> the secrets it is a form of (two when one's raw form is another's encoded one). */
  private readonly forms = new Map<string, string[]>();
  private readonly index = new FormIndex();
  /**
   * sink: told of each new secret (the run's secrets file, for the leak scan at the end). `limit`: the
   * most secrets kept beside the first given (never forgotten); past it the one seen least recently is
   * forgotten (observe over days: every CI job and browser session brings a credential of its own).
   */
  constructor(
    initial: Iterable<string | undefined> = [],
    private readonly sink?: (secret: string) => void,
    private readonly limit = Infinity,
  ) {
    for (const v of initial) if (this.admit(v)) this.pinned.add(v);
  }

  add(value: string | undefined | null): void {
    if (typeof value === 'string' && this.values.delete(value)) {
      this.values.add(value);
      return;
    }
    if (!this.admit(value)) return;
    this.values.add(value);
    if (this.values.size > this.limit) this.forget(this.values.values().next().value as string);
  }

  /** A secret not yet learnt: its forms indexed; false when it is none (too short) or a given one. */
  private admit(value: string | undefined | null): value is string {
    // Very short values would redact ordinary text; tokens and passwords are longer.
    if (typeof value !== 'string' || value.length < KEY || this.pinned.has(value)) return false;
    for (const form of formsOf(value)) {
      const owners = this.forms.get(form);
      if (owners) owners.push(value);
      else {
        this.forms.set(form, [value]);
        this.index.add(form);
      }
    }
    this.sink?.(value);
    return true;
  }

  private forget(value: string): void {
    this.values.delete(value);
    for (const form of formsOf(value)) {
      const owners = this.forms.get(form)?.filter((v) => v !== value) ?? [];
      if (owners.length) this.forms.set(form, owners);
      else {
        this.forms.delete(form);
        this.index.remove(form);
      }
    }
  }

  list(): string[] {
    return [...this.pinned, ...this.values];
  }
  /**
   * Replaces every known secret (raw or URL-encoded) and credential query values: one pass over the text, whatever the
   * number of secrets. `as`: what each secret becomes (default REDACTED; a credential query value it does not know is
   * given to `as` as written).
   */
  redact(text: string, as?: Replacement): string {
    let out = '';
    let from = 0;
    if (this.index.size > 0) {
      // A rolling hash: the next position's key hash from this one's, in constant time.
      let h = text.length >= KEY ? keyHash(text, 0) : 0;
      for (let i = 0; i + KEY <= text.length;) {
        const hit = this.index.has(h) ? this.index.longestAt(text, i, h) : undefined;
        if (hit) {
          out += text.slice(from, i) + (as ? as(this.forms.get(hit)![0]!) : REDACTED);
          i += hit.length;
          from = i;
          if (i + KEY <= text.length) h = keyHash(text, i);
        } else {
          h = (Math.imul(h - Math.imul(text.charCodeAt(i), POW), 31) + text.charCodeAt(i + KEY)) | 0;
          i += 1;
        }
      }
    }
    out += text.slice(from);
    // A value already replaced (a HAR's `[redacted-3]`) stays: read again, it is no secret.
    for (const re of QUERY_VALUES)
      out = out.replace(re, (all, head: string, value: string) => (PLACEHOLDER.test(value) ? all : `${head}${as ? as(value) : REDACTED}`));
    return out;
  }
  /**
   * Credential headers' values replaced whole (REDACTED, or `as` of the value: an Authorization header keeps its
   * scheme, `Bearer [redacted:...]`), every other value redacted as a text.
   */
  redactHeaders(headers: Record<string, string | string[] | undefined>, as?: Replacement): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) continue;
      const value = Array.isArray(v) ? v.join(', ') : String(v);
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? (as ? credentialHeader(k, value.trim(), as) : REDACTED) : this.redact(value, as);
    }
    return out;
  }
}

/** A credential header's value as `as` gives it: an Authorization header's scheme kept, its credential replaced. */
function credentialHeader(name: string, value: string, as: Replacement): string {
  const scheme = name.toLowerCase() === 'authorization' ? /^(\S+)\s+(\S.*)$/.exec(value) : null;
  return scheme ? `${scheme[1]} ${as(scheme[2]!)}` : as(value);
}
