/**
 * A finding's texts and reproducer without the installation's personal data, made when the finding
 * is first noted (inside the judge: snapshots that cross threads are already private). The string
 * values of its exchange (query, path, request body, answer JSON leaves) are collected once, each
 * with the placeholder its field's name or look asks for (value-kinds.ts); their occurrences in a
 * text are replaced (raw, JSON-escaped or URL-encoded, whole or cut short by an excerpt), an
 * excerpt of the answer body is shown masked, query strings keep their parameter names but not their values,
 * and any e-mail or IP address left is replaced by its pattern. The reproducer is built from the
 * placeholders. With `showValues` the values stay (credentials never do).
 *
 *   const p = new PrivateExchange({ target: '/api/v4/users?search=ann', pathParams: {}, body, answer, answerText }, secrets, false);
 *   p.text('expected a date (YYYY-MM-DD), got "ann@example.org"', true)   // 'expected a date (YYYY-MM-DD), got "<email>"'
 *   p.request(shown)    // the ShownRequest with ?search=<text> and --data values as placeholders
 */
import type { ShownRequest } from '../reference/strict/findings.ts';
import { REDACTED, type SecretSet } from '../shared/redact.ts';
import { CREDENTIAL_KEY } from './credentials.ts';
import { maskPatterns, placeholderFor, shapeOf } from './value-kinds.ts';

export interface ExchangeValues {
  /** The request target (path and query) as sent. */
  target: string;
  pathParams: Record<string, string>;
  /** The parsed request body (JSON or form), if any. */
  body: unknown;
  /** The parsed answer (JSON), if any, and its text. */
  answer: unknown;
  answerText: string;
  /**
   * Paths a text may name as structure ('/projects/:id/clusters/user', '/users/3/keys'): shown as
   * they are, personal path parameters masked (a value 'user' elsewhere must not wreck them).
   */
  paths?: string[];
}

interface Candidate {
  key: string | undefined;
  value: string;
}

/** Leaves of one answer collected, at most (a finding's texts cite the first ones). */
const LEAF_LIMIT = 20_000;
/** An excerpt of the answer body is recognised from this many characters on. */
const EXCERPT_MIN = 12;
/** Values shorter than this are replaced only quoted, whole, or as a parameter's value (a name "a" must not wreck the text). */
const SHORT = 4;

/** A JSON Schema format error ('must be a datetime with milliseconds and Z, like …, got "…"'): the value quoted at its end. */
const FORMAT_GOT = /(must be (?:a datetime|a date|format "[^"]*")[^"]*?, got )"((?:[^"\\]|\\.)*)"/g;
const unquote = (s: string) => {
  try {
    return JSON.parse(`"${s}"`) as string;
  } catch {
    return s;
  }
};
const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};
/** The field a query or form parameter's name sets: `a[b][]` sets b, `a[]` sets a. */
const fieldOf = (name: string) => /\[([^[\]]+)\](?:\[\])?$/.exec(name)?.[1] ?? name.replace(/\[\]$/, '');

/** The string leaves of a parsed body, each with the name of the field that holds it. */
function leaves(node: unknown, out: Candidate[], key?: string): void {
  if (out.length >= LEAF_LIMIT) return;
  if (typeof node === 'string') out.push({ key, value: node });
  else if (Array.isArray(node)) for (const n of node) leaves(n, out, key);
  else if (node !== null && typeof node === 'object') for (const [k, v] of Object.entries(node)) leaves(v, out, k);
}

/** A parsed body with every credential field [redacted] and, unless `show`, every other string value its placeholder. */
function maskBody(node: unknown, show: boolean, key?: string): unknown {
  if (typeof node === 'string')
    return key !== undefined && CREDENTIAL_KEY.test(key) ? REDACTED : show ? node : (placeholderFor(key, node) ?? node);
  if (Array.isArray(node)) return node.map((n) => maskBody(n, show, key));
  if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, maskBody(v, show, k)]));
  return node;
}

/** A query string with credential values [redacted] and, unless `show`, other values their placeholders (separators kept as sent). */
export function maskQuery(query: string, show: boolean): string {
  return query.replace(/([^&;=]+)=([^&;#]*)/g, (all, rawName: string, rawValue: string) => {
    const field = fieldOf(decode(rawName));
    if (CREDENTIAL_KEY.test(field)) return `${rawName}=${REDACTED}`;
    if (show) return all;
    const p = placeholderFor(field, decode(rawValue));
    return p === undefined ? all : `${rawName}=${p}`;
  });
}

export class PrivateExchange {
  private candidates?: Candidate[];
  private readonly forms = new Map<boolean, [string, string][]>();

  constructor(
    private readonly x: ExchangeValues,
    private readonly secrets: SecretSet,
    private readonly showValues: boolean,
  ) {}

  /** The values of the exchange that a text may show, longest first. */
  private collect(): Candidate[] {
    if (this.candidates) return this.candidates;
    const out: Candidate[] = [];
    const q = this.x.target.indexOf('?');
    const query = q < 0 ? '' : this.x.target.slice(q + 1);
    // Read both ways: `&` alone (the reference, Rack 3) and `&` or `;` (many Rack versions).
    for (const separator of ['&', /[&;]/])
      for (const pair of query.split(separator)) {
        const eq = pair.indexOf('=');
        if (eq > 0) out.push({ key: fieldOf(decode(pair.slice(0, eq))), value: decode(pair.slice(eq + 1)) });
      }
    for (const [key, value] of Object.entries(this.x.pathParams)) out.push({ key, value });
    leaves(this.x.body, out);
    leaves(this.x.answer, out);
    this.candidates = out.sort((a, b) => b.value.length - a.value.length);
    return this.candidates;
  }

  /** Each form a value may take in a text (raw, JSON-escaped, URL-encoded) with its placeholder, longest first. */
  private formsFor(format: boolean): [string, string][] {
    const had = this.forms.get(format);
    if (had) return had;
    const seen = new Map<string, string>();
    for (const c of this.collect()) {
      const p = c.key !== undefined && CREDENTIAL_KEY.test(c.key) ? REDACTED : placeholderFor(c.key, c.value, format);
      if (p === undefined) continue;
      const encoded = encodeURIComponent(c.value);
      for (const form of [c.value, JSON.stringify(c.value).slice(1, -1), encoded, encoded.replace(/%20/g, '+')])
        // A value under several fields takes the most telling placeholder (a name searched for is a <name>).
        if (form !== '' && (!seen.has(form) || seen.get(form) === '<text>')) seen.set(form, p);
    }
    const list = [...seen].sort((a, b) => b[0].length - a[0].length);
    this.forms.set(format, list);
    return list;
  }

  /** The answer body as a text may cite it: masked JSON, or the body's size alone. */
  private excerpt(length: number): string {
    if (this.x.answer === undefined) return `<body of ${length} chars>`;
    const masked = JSON.stringify(maskBody(this.x.answer, false)) ?? '';
    return masked.length > length ? `${masked.slice(0, length)}…` : masked;
  }

  /**
   * The text with the exchange's personal values as placeholders (`format`: a finding about a
   * value's format, shown as the value's shape) and every credential [redacted].
   */
  text(text: string, format = false): string {
    if (this.showValues) return this.secrets.redact(text);
    const kept: string[] = [];
    const hold = (s: string) => `\u0000${kept.push(s) - 1}\u0001`;
    let t = text;
    const body = this.x.answerText;
    if (body.length > 0) {
      // An excerpt of the answer body ends the text (a 401's body, a body that is not JSON): shown masked.
      const head = body.slice(0, EXCERPT_MIN);
      for (let at = t.indexOf(head); at >= 0; at = t.indexOf(head, at + 1))
        if (body.startsWith(t.slice(at))) {
          t = t.slice(0, at) + hold(this.excerpt(t.length - at));
          break;
        }
    }
    for (const path of [...new Set(this.x.paths ?? [])].sort((a, b) => b.length - a.length))
      if (path.length > 1 && t.includes(path)) t = t.split(path).join(hold(this.maskPath(path)));
    // Query strings (a Link header's URLs, a reproducer's): their names stay, their values go.
    t = t.replace(/\?([\w[\]%.-]+=[^\s<>"'#\u0000\u0001]*)/g, (_, query: string) => `?${hold(maskQuery(query, false))}`);
    // A schema's format error is about the value's format: its shape, whatever the finding.
    t = t.replace(FORMAT_GOT, (_, head: string, quoted: string) => `${head}"${hold(shapeOf(unquote(quoted)))}"`);
    const forms = this.formsFor(format);
    if (forms.length) {
      // Values cut short first: a long text cut by an excerpt goes whole, not around the shorter values it holds.
      t = replaceCutValues(t, forms, hold);
      for (const [form, p] of forms) if (t.includes(form)) t = replaceValue(t, form, p, hold);
    }
    t = maskPatterns(t);
    t = t.replace(/\u0000(\d+)\u0001/g, (_, i: string) => kept[Number(i)]!);
    return this.secrets.redact(t);
  }

  /** A path with its personal parameters' segments as placeholders. */
  private maskPath(path: string): string {
    let out = path;
    for (const [key, value] of Object.entries(this.x.pathParams)) {
      const p = placeholderFor(key, value);
      if (p !== undefined)
        out = out
          .split('/')
          .map((s) => (decode(s) === value ? p : s))
          .join('/');
    }
    return out;
  }

  /** The request a reproducer sends: credentials [redacted], and unless showValues, personal values as placeholders. */
  request(shown: ShownRequest): ShownRequest {
    const show = this.showValues;
    const q = shown.url.indexOf('?');
    const path = q < 0 ? shown.url : shown.url.slice(0, q);
    const url = `${show ? path : this.maskPath(path)}${q < 0 ? '' : `?${maskQuery(shown.url.slice(q + 1), show)}`}`;
    return { ...shown, url, ...(shown.body !== undefined ? { body: maskBody(shown.body, show) } : {}) };
  }
}

/** Every occurrence of `form` that stands alone (not inside a longer word; a short one only quoted, whole or after '='). */
function replaceValue(text: string, form: string, placeholder: string, hold: (s: string) => string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) {
    if (at < from) continue;
    const before = text[at - 1];
    const after = text[at + form.length];
    const alone =
      form.length >= SHORT
        ? !(isWord(form[0]) && isWord(before)) && !(isWord(form[form.length - 1]) && isWord(after))
        : (before === '"' && after === '"') ||
          (at === 0 && after === undefined) ||
          (before === '=' && (after === undefined || /[&;\s]/.test(after)));
    if (!alone) continue;
    out += text.slice(from, at) + hold(placeholder);
    from = at + form.length;
  }
  return out + text.slice(from);
}

/** A value cut short by an excerpt (its start, then '…') is replaced too. */
function replaceCutValues(text: string, forms: readonly [string, string][], hold: (s: string) => string): string {
  let t = text;
  const ends: number[] = [];
  for (let i = t.indexOf('…'); i >= 0; i = t.indexOf('…', i + 1)) ends.push(i);
  for (const end of ends.reverse()) {
    for (const [form, p] of forms) {
      if (form.length < SHORT) continue;
      const head = form.slice(0, 3);
      let best = -1;
      for (let at = t.lastIndexOf(head, end - 3); at >= 0 && at >= end - form.length; at = t.lastIndexOf(head, at - 1)) {
        if (!isWord(t[at - 1]) || !isWord(form[0])) if (form.startsWith(t.slice(at, end))) best = at;
        if (at === 0) break;
      }
      if (best >= 0) {
        t = t.slice(0, best) + hold(p) + t.slice(end);
        break;
      }
    }
  }
  return t;
}
