/**
 * What a value of the installation is, for a report that must not copy it: the placeholder that
 * keeps its type (`<email>`, `<name>`, `<username>`, `<ip>`, `<url>`, `<text>`), chosen by its
 * field's name or by its look; nothing for a value that is structure (a number, a boolean, a value
 * the spec enumerates: a state, a variable type, a scope); and the shape of a value a format
 * finding is about (`<datetime without milliseconds>`, `<text of 23 chars>`), never the value.
 *
 *   placeholderFor('email', 'ann@example.org')       // '<email>'
 *   placeholderFor('state', 'active')                // undefined: kept as it is
 *   placeholderFor('from', 'next tuesday', true)     // '<text of 12 chars>'
 *   shapeOf('2024-01-01T12:00:00+02:00')             // '<datetime without milliseconds, with an offset instead of Z>'
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../kit/schemas.ts';
import { OPERATIONS } from '../spec/operations/index.ts';

/** An e-mail address anywhere in a text. */
export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** An IPv4 address anywhere in a text (not inside a longer dotted number). */
export const IPV4 = new RegExp(`(?<![\\w.])(?:${OCTET}\\.){3}${OCTET}(?!\\.?\\d)`, 'g');
const H = '[0-9A-Fa-f]{1,4}';
/** An IPv6 address: eight groups, or groups around one '::' (at least one group: a bare '::' is not one). */
export const IPV6 = new RegExp(`(?<![\\w:])(?:(?:${H}:){7}${H}|(?:${H}(?::${H})*)?::(?:${H}(?::${H})*)?)(?![\\w:])`, 'g');

const EMAIL_KEY = /e-?mail/i;
const USERNAME_KEY = /(^|_)(username|user_name|login)$/i;
const NAME_KEY = /(^|_)name$/i;
const IP_KEY = /(^|_)ip(_address)?$/i;
const URL_KEY = /(^|_)(url|uri|website)$/i;

const NUMBER = /^-?\d+(\.\d+)?$/;
const BOOLEAN = /^(true|false|null)$/i;
const DATETIME = /^(\d{4}-\d{2}-\d{2})([T ])(\d{2}:\d{2})(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const WHOLE_EMAIL = new RegExp(`^(?:${EMAIL.source})$`);
const WHOLE_IP = new RegExp(`^(?:${IPV4.source}|${IPV6.source})$`);
const isEmail = (value: string) => WHOLE_EMAIL.test(value);
const isIp = (value: string) => value.length > 2 && WHOLE_IP.test(value);

/** The placeholder a field's name asks for whatever its value looks like, if its name says it is personal. */
function personalKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (EMAIL_KEY.test(key)) return '<email>';
  if (USERNAME_KEY.test(key)) return '<username>';
  if (IP_KEY.test(key)) return '<ip>';
  if (NAME_KEY.test(key)) return '<name>';
  return undefined;
}

let enums: Set<string> | undefined;

/** Every value the spec enumerates (the operation table's parameters and the views' schemas): structure, not data. */
function enumerated(): Set<string> {
  if (enums) return enums;
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (node !== null && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        if (k === 'enum' && Array.isArray(v)) {
          for (const e of v) if (typeof e === 'string') found.add(e);
        } else if (k === 'const' && typeof v === 'string') found.add(v);
        else walk(v);
      }
  };
  walk(OPERATIONS.map((o) => [o.query, o.body]));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
    );
  for (const file of files(SCHEMAS_DIR)) walk(JSON.parse(readFileSync(file, 'utf8')));
  enums = found;
  return found;
}

/** The shape of a value a finding is about its format: what is wrong with it, never what it says. */
export function shapeOf(value: string): string {
  if (isEmail(value)) return '<email>';
  if (isIp(value)) return '<ip>';
  const dt = DATETIME.exec(value);
  if (dt) {
    const notes: string[] = [];
    if (dt[2] === ' ') notes.push('with a space instead of T');
    if (!dt[4]) notes.push('without seconds');
    if (!dt[5]) notes.push('without milliseconds');
    else if (dt[5].length !== 4) notes.push(`with ${dt[5].length - 1} digits of fraction`);
    if (!dt[6]) notes.push('without a time zone');
    else if (dt[6] !== 'Z') notes.push('with an offset instead of Z');
    return notes.length ? `<datetime ${notes.join(', ')}>` : '<datetime>';
  }
  if (DATE.test(value)) return '<date>';
  if (NUMBER.test(value)) return '<number>';
  const notes: string[] = [];
  if (/\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(value)) notes.push('date-like');
  if (/\d{1,2}:\d{2}/.test(value)) notes.push('a time');
  if (/\.\d{3}/.test(value)) notes.push('milliseconds');
  const chars = [...value].length;
  return `<text of ${chars} char${chars === 1 ? '' : 's'}${notes.length ? `, with ${notes.join(', ')}` : ''}>`;
}

/**
 * The placeholder for a value of the installation under the field `key`, or undefined for a value
 * kept as it is (structure: empty, a number, a boolean, a value the spec enumerates). A field the
 * name says is personal always gets its kind; a date or datetime its shape; `format` (a finding
 * about the value's format) the shape of any other text; when in doubt, `<text>`.
 */
export function placeholderFor(key: string | undefined, value: string, format = false): string | undefined {
  if (value === '') return undefined;
  const personal = personalKey(key);
  if (personal) return personal;
  if (isEmail(value)) return '<email>';
  if (isIp(value)) return '<ip>';
  if (NUMBER.test(value) || BOOLEAN.test(value)) return undefined;
  if (DATETIME.test(value) || DATE.test(value)) return shapeOf(value);
  if (enumerated().has(value)) return undefined;
  if (format) return shapeOf(value);
  if (/^https?:\/\//i.test(value) || (key !== undefined && URL_KEY.test(key))) return '<url>';
  return '<text>';
}

/** An address right after '://' (or '://[') is a URL's host, the installation's own: not a user's. */
const isHost = (text: string, at: number) => text.endsWith('://', at) || text.endsWith('://[', at);

/** Every e-mail and IP address of a text replaced by its placeholder (names and texts no pattern finds); URL hosts stay. */
export function maskPatterns(text: string): string {
  return text
    .replace(EMAIL, '<email>')
    .replace(IPV6, (m: string, at: number, all: string) => (m.length > 2 && !isHost(all, at) ? '<ip>' : m))
    .replace(IPV4, (m: string, at: number, all: string) => (isHost(all, at) ? m : '<ip>'));
}
