/**
 * How values are written in responses: datetimes as ISO 8601 with milliseconds and Z
 * (`toISOString()`), dates as YYYY-MM-DD.
 *
 *   const fmt = createFormat();
 *   fmt.datetime(new Date(0));       // '1970-01-01T00:00:00.000Z'
 *   fmt.date(new Date(0));           // '1970-01-01'
 */
export interface Format {
  datetime(d: Date): string;
  datetimeOrNull(d: Date | null): string | null;
  date(d: Date): string;
}

/** `datetime` writes one datetime: ISO 8601 in UTC with milliseconds, unless a variation says otherwise (the wire policy). */
export function createFormat(datetime: (d: Date) => string = (d) => d.toISOString()): Format {
  return {
    datetime,
    datetimeOrNull: (d) => (d ? datetime(d) : null),
    date: (d) => d.toISOString().slice(0, 10),
  };
}

/** HTML of a short plain text (e.g. a user's bio), as the platform's renderer would give it. */
export function textToHtml(text: string): string {
  if (text === '') return '';
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<p dir="auto">${escaped}</p>`;
}
