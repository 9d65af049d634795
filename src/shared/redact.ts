/**
 * Redaction: every secret the kit knows (admin token, impersonation tokens, passwords, cluster
 * tokens) is replaced by [redacted] in anything the kit writes or prints.
 *
 *   const secrets = new SecretSet(['glpat-abc']);
 *   secrets.redact('Private-Token: glpat-abc')  // 'Private-Token: [redacted]'
 */
export const REDACTED = '[redacted]';

/** Header names whose values are always secret, whatever they hold. */
const SECRET_HEADERS = new Set(['private-token', 'authorization', 'cookie', 'set-cookie', 'job-token']);
/** Query parameters whose values are always secret (separated by `&`, or by `;` as many Rack versions read it). */
const SECRET_QUERY = ['private_token', 'access_token', 'job_token', 'password'];

/** Secrets are found by their first KEY characters (every secret is at least that long). */
const KEY = 6;
const QUERY_VALUES = SECRET_QUERY.map((name) => new RegExp(`([?&;]${name}=)[^&;#\\s'"]*`, 'g'));

/** The weight of the character leaving the rolling hash: 31 ** 5, exact in 32 bits. */
const POW = 31 ** (KEY - 1);

/** A hash of the KEY characters of `text` from `at` (no string made: redact scans every position). */
function keyHash(text: string, at: number): number {
  let h = 0;
  for (let i = at; i < at + KEY; i += 1) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

export class SecretSet {
  private readonly values = new Set<string>();
  /** Hash of the first KEY characters -> the forms (raw and URL-encoded) starting so, longest first. */
  private readonly index = new Map<number, string[]>();
  /** sink: told of each new secret (the run's secrets file, for the leak scan at the end). */
  constructor(
    initial: Iterable<string | undefined> = [],
    private readonly sink?: (secret: string) => void,
  ) {
    for (const v of initial) this.add(v);
  }
  add(value: string | undefined | null): void {
    // Very short values would redact ordinary text; tokens and passwords are longer.
    if (typeof value !== 'string' || value.length < KEY || this.values.has(value)) return;
    this.values.add(value);
    for (const form of new Set([value, encodeURIComponent(value)])) {
      const key = keyHash(form, 0);
      const list = this.index.get(key) ?? [];
      list.push(form);
      list.sort((a, b) => b.length - a.length);
      this.index.set(key, list);
    }
    this.sink?.(value);
  }
  list(): string[] {
    return [...this.values];
  }
  /** Replaces every known secret (raw or URL-encoded) and credential query values: one pass over the text, whatever the number of secrets. */
  redact(text: string): string {
    let out = '';
    let from = 0;
    if (this.index.size > 0) {
      // A rolling hash: the next position's key hash from this one's, in constant time.
      let h = text.length >= KEY ? keyHash(text, 0) : 0;
      for (let i = 0; i + KEY <= text.length;) {
        const candidates = this.index.get(h);
        const hit = candidates === undefined ? undefined : longestAt(text, i, candidates);
        if (hit) {
          out += text.slice(from, i) + REDACTED;
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
    for (const re of QUERY_VALUES) out = out.replace(re, `$1${REDACTED}`);
    return out;
  }
  redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) continue;
      const value = Array.isArray(v) ? v.join(', ') : String(v);
      out[k] = SECRET_HEADERS.has(k.toLowerCase()) ? REDACTED : this.redact(value);
    }
    return out;
  }
}

/** The first (longest) of the candidates found at `at` (a shared hash does not mean a shared start: each is compared). */
function longestAt(text: string, at: number, candidates: readonly string[]): string | undefined {
  for (const c of candidates) if (text.startsWith(c, at)) return c;
  return undefined;
}
