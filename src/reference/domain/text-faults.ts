/**
 * The text and date bugs of the fault catalogue that only some inputs reveal, each a realistic
 * storage or rendering slip, written once here and switched on by the route code with ctx.has():
 * a column that cannot hold 4-byte UTF-8 (astral characters become U+FFFD), text HTML-escaped for
 * a JSON answer, a column limited in bytes where the limit is in characters, and a month-end date
 * normalised a day early.
 *
 *   withoutAstral('ok 😀');                     // 'ok \uFFFD'
 *   htmlEscaped('a < b & "c"');                  // 'a &lt; b &amp; &quot;c&quot;'
 *   cutToBytes('жж', 3);                         // 'ж'
 *   monthEndShifted('2032-02-29');               // '2032-02-28' ('2032-02-28' stays)
 */

/** Every character outside the BMP replaced, as a utf8mb3 column stores it. */
export function withoutAstral(text: string): string {
  return text.replace(/[\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
}

export function htmlEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The longest prefix of whole characters whose UTF-8 form fits in `bytes`. */
export function cutToBytes(text: string, bytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= bytes) return text;
  let used = 0;
  let out = '';
  for (const ch of text) {
    const n = Buffer.byteLength(ch, 'utf8');
    if (used + n > bytes) break;
    used += n;
    out += ch;
  }
  return out;
}

/** The last day of a month becomes the day before it; other dates stay. */
export function monthEndShifted(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  if (d !== last) return date;
  return new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10);
}
