/**
 * Applies a string redactor to every string inside a JSON-like value (object keys included),
 * so a summary can be redacted before it is written without breaking JSON escaping.
 *
 *   redactDeep({ a: ['glpat-secret'] }, (s) => secrets.redact(s))  // { a: ['[redacted]'] }
 */
export function redactDeep<T>(value: T, redact: (s: string) => string): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[redact(k)] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}
