/**
 * Shared pieces of the round-trip and rejection properties: field comparisons that name the
 * field at fault (texts exactly, datetimes as instants, lists as sets) and a fixture made once per
 * file (the server's today, for dates that must lie in its near future, is the run's
 * s.target.serverDate).
 *
 *   sameText(res.json, 'title', sent.title, 'The created epic');
 *   sameInstant(res.json, 'starts_at', sent.starts_at.instant, 'The created message');
 *   sameSet(res.json, 'labels', sent.labels, 'The created epic');
 *   const world = once(async (s) => ({ group: await createGroup(s) }));
 */
import { requireThat, type Session } from '../../src/kit/index.ts';

const show = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** What a text became: a short account of the first difference (lengths, the first differing character). */
export function textDifference(sent: string, got: unknown): string {
  if (typeof got !== 'string') return `not a string: ${show(got)}`;
  const a = Array.from(sent),
    b = Array.from(got);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const cp = (c?: string) =>
    c === undefined ? 'end of text' : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} "${c}"`;
  return `${b.length} characters (sent ${a.length}); first difference at character ${i}: sent ${cp(a[i])}, got ${cp(b[i])}`;
}

/** The field holds exactly the text sent (no escaping, no cut, no change of any character). */
export function sameText(body: Record<string, unknown> | undefined, field: string, sent: string, what: string): void {
  const got = body?.[field];
  if (got === sent) return; // the message below costs a pass over texts of up to a million characters
  requireThat(
    false,
    `${what} MUST return ${field} exactly as sent.`,
    sent.length > 300 ? `${sent.slice(0, 120)}… (${Array.from(sent).length} characters)` : sent,
    textDifference(sent, got) + (typeof got === 'string' && got.length <= 300 ? `: ${got}` : ''),
  );
}

/** The field equals the value sent (booleans, enums, dates). */
export function sameValue(body: Record<string, unknown> | undefined, field: string, sent: unknown, what: string): void {
  const got = body?.[field];
  requireThat(got === sent, `${what} MUST return ${field} as sent.`, sent, got ?? '(absent)');
}

/** The datetime field names the same instant as the one sent (any ISO form). */
export function sameInstant(body: Record<string, unknown> | undefined, field: string, instant: string, what: string): void {
  const got = body?.[field];
  const ok = typeof got === 'string' && Date.parse(got) === Date.parse(instant);
  requireThat(ok, `${what} MUST return ${field} as the instant sent.`, instant, got ?? '(absent)');
}

/** The list field holds the same items as sent, in any order. */
export function sameSet(body: Record<string, unknown> | undefined, field: string, sent: readonly string[], what: string): void {
  const got = body?.[field];
  const ok =
    Array.isArray(got) && got.length === sent.length && [...got].map(String).sort().join('\u0000') === [...sent].sort().join('\u0000');
  requireThat(
    ok,
    `${what} MUST return ${field} with the items sent (in any order).`,
    [...sent].sort(),
    Array.isArray(got) ? [...got].sort() : (got ?? '(absent)'),
  );
}

/** A fixture made once per file, on first use. */
export function once<T>(make: (s: Session) => Promise<T>): (s: Session) => Promise<T> {
  let made: Promise<T> | undefined;
  return (s) => (made ??= make(s));
}
