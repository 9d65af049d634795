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

export class SecretSet {
  private readonly values = new Set<string>();
  /** sink: told of each new secret (the run's secrets file, for the leak scan at the end). */
  constructor(initial: Iterable<string | undefined> = [], private readonly sink?: (secret: string) => void) {
    for (const v of initial) this.add(v);
  }
  add(value: string | undefined | null): void {
    // Very short values would redact ordinary text; tokens and passwords are longer.
    if (typeof value === 'string' && value.length >= 6 && !this.values.has(value)) {
      this.values.add(value);
      this.sink?.(value);
    }
  }
  list(): string[] {
    return [...this.values];
  }
  redact(text: string): string {
    let out = text;
    // Longest first so a secret containing another is replaced whole.
    for (const v of [...this.values].sort((a, b) => b.length - a.length)) {
      if (out.includes(v)) out = out.split(v).join(REDACTED);
      const enc = encodeURIComponent(v);
      if (enc !== v && out.includes(enc)) out = out.split(enc).join(REDACTED);
    }
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
