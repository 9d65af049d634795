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
/** Query parameters whose values are always secret. */
const SECRET_QUERY = ['private_token', 'access_token', 'password'];

/** Secrets are found by their first KEY characters (every secret is at least that long). */
const KEY = 6;

export class SecretSet {
  private readonly values = new Set<string>();
  /** First KEY characters -> the forms (raw and URL-encoded) starting so, longest first. */
  private readonly index = new Map<string, string[]>();
  /** sink: told of each new secret (the run's secrets file, for the leak scan at the end). */
  constructor(initial: Iterable<string | undefined> = [], private readonly sink?: (secret: string) => void) {
    for (const v of initial) this.add(v);
  }
  add(value: string | undefined | null): void {
    // Very short values would redact ordinary text; tokens and passwords are longer.
    if (typeof value !== 'string' || value.length < KEY || this.values.has(value)) return;
    this.values.add(value);
    for (const form of new Set([value, encodeURIComponent(value)])) {
      const key = form.slice(0, KEY);
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
      for (let i = 0; i + KEY <= text.length; ) {
        const candidates = this.index.get(text.slice(i, i + KEY));
        const hit = candidates?.find((c) => text.startsWith(c, i));
        if (hit) {
          out += text.slice(from, i) + REDACTED;
          i += hit.length;
          from = i;
        } else {
          i += 1;
        }
      }
    }
    out += text.slice(from);
    for (const name of SECRET_QUERY) {
      out = out.replace(new RegExp(`([?&]${name}=)[^&#\\s'"]*`, 'g'), `$1${REDACTED}`);
    }
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
