/**
 * The strict judge: what a request does that its operation (a row of the operation table) does not
 * ask for. Pure: request facts and the row in, findings out; the request is still answered as the
 * platform would (the platform ignores what it does not know, so a client bug hides there).
 *
 *   judgeRequest({ method: 'GET', url: '/api/v4/user/activities?from=2024-01-01T00:00:00Z',
 *                  query: { from: '2024-01-01T00:00:00Z' }, body: undefined }, operationById('listUserActivities'))
 *   // [{ kind: 'wrong-format', parameter: 'from', detail: 'expected a date (YYYY-MM-DD), got "2024-…"' }]
 */
import type { ClientFindingKind } from '../../spec/client-findings.ts';
import { PER_PAGE_MAX } from '../../spec/limits.ts';
import type { Operation, Schema } from '../../spec/operation.ts';
import { listParameters, pathEchoes } from './platform-readings.ts';

/** The kinds of finding, listed once in the spec layer (baselines name them too). */
export type FindingKind = ClientFindingKind;

export interface Judgement {
  kind: FindingKind;
  /** The parameter or body field concerned. */
  parameter: string;
  detail: string;
}

export interface RequestFacts {
  method: string;
  /** The query string as parsed by the server (names to values; nested objects for hashes). */
  query: Record<string, unknown>;
  /** The parsed body: an object for JSON and form bodies, else undefined. */
  body: unknown;
  /** The path parameters as routed (`{ id: '3', key: 'K' }`), when known. */
  params?: Record<string, string>;
}

/** Tokens a client may put in the query string: known to the platform, but a finding of their own (they end up in logs). */
const TOKEN_PARAMS = new Set(['private_token', 'access_token', 'job_token']);
/** Parameters every operation knows (impersonation by an administrator). */
const ALWAYS_KNOWN = new Set(['sudo']);
/** Pagination parameters, known on a list. */
const PAGINATION = new Set(['page', 'per_page', 'pagination', 'order_by', 'sort', 'id_after', 'id_before', 'cursor']);

/** The schema of a file field: any value. */
const FILE: Schema = { description: 'file' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const INTEGER = /^-?\d+$/;
const BOOLEAN = /^(true|false|1|0|yes|no|t|f|on|off)$/i;

const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** What is wrong with one value against its schema (query strings arrive as text, JSON bodies typed), or undefined. */
export function valueProblem(value: unknown, schema: Schema): Pick<Judgement, 'kind' | 'detail'> | undefined {
  const type = schema.type;
  if (type === undefined) return undefined;
  if (type === 'array') {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const p = valueProblem(item, (schema.items as Schema | undefined) ?? {});
      if (p) return p;
    }
    return undefined;
  }
  if (type === 'object') {
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? undefined
      : { kind: 'wrong-type', detail: `expected a hash, got ${show(value)}` };
  }
  if (Array.isArray(value) || (value !== null && typeof value === 'object'))
    return { kind: 'wrong-type', detail: `expected a ${String(type)}, got ${show(value)}` };
  if (type === 'integer' && !(typeof value === 'number' ? Number.isInteger(value) : INTEGER.test(String(value))))
    return { kind: 'wrong-type', detail: `expected an integer, got ${show(value)}` };
  if (type === 'boolean' && typeof value !== 'boolean' && !BOOLEAN.test(String(value)))
    return { kind: 'wrong-type', detail: `expected a boolean, got ${show(value)}` };
  if (type === 'string') {
    const text = String(value);
    if (Array.isArray(schema.enum) && !schema.enum.includes(text))
      return { kind: 'wrong-type', detail: `expected one of ${(schema.enum as string[]).join(', ')}, got ${show(value)}` };
    if (schema.format === 'date' && !DATE.test(text))
      return { kind: 'wrong-format', detail: `expected a date (YYYY-MM-DD), got ${show(value)}` };
    if (schema.format === 'date-time' && !DATETIME.test(text))
      return { kind: 'wrong-format', detail: `expected an ISO 8601 datetime, got ${show(value)}` };
  }
  return undefined;
}

/** Judges named values against the schemas that may read them; `unknownKind` for the names none reads. */
function judgeFields(
  values: Record<string, unknown>,
  schemas: Record<string, Schema>,
  known: (name: string) => boolean,
  unknownKind: FindingKind,
): Judgement[] {
  const out: Judgement[] = [];
  for (const [name, value] of Object.entries(values)) {
    const bare = name.endsWith('[]') ? name.slice(0, -2) : name;
    const schema = schemas[bare];
    if (!schema) {
      if (!known(bare)) out.push({ kind: unknownKind, parameter: bare, detail: `not a parameter of this operation` });
      continue;
    }
    if (schema.deprecated === true) out.push({ kind: 'deprecated-parameter', parameter: bare, detail: 'the spec marks it deprecated' });
    const problem = valueProblem(value, schema);
    if (problem) out.push({ parameter: bare, ...problem });
  }
  return out;
}

/** The schemas with the operation's list parameters read as the platform reads them (platform-readings.ts): a list of names, or one comma-separated string. */
function asPlatformReads(schemas: Record<string, Schema>, operationId: string): Record<string, Schema> {
  const out = { ...schemas };
  for (const name of listParameters(operationId))
    if (out[name]) out[name] = { ...out[name], type: 'array', items: { type: 'string' } } as Schema;
  return out;
}

/**
 * Takes the operation's path echoes (platform-readings.ts) out of `values`: one equal to the
 * path's value is what the client means; another one is `kind`, as the platform never applies it.
 */
function withoutPathEchoes(values: Record<string, unknown>, facts: RequestFacts, operationId: string, kind: FindingKind): Judgement[] {
  const out: Judgement[] = [];
  for (const name of pathEchoes(operationId)) {
    if (!(name in values)) continue;
    const path = facts.params?.[name];
    const value = values[name];
    delete values[name];
    if (path !== undefined && String(value) === path) continue;
    out.push({
      kind,
      parameter: name,
      detail:
        path === undefined
          ? `the platform reads ${name} from the path, never from here (got ${show(value)})`
          : `the platform reads ${name} from the path (${show(path)}) and does not apply this one (${show(value)}): nothing is renamed`,
    });
  }
  return out;
}

/** The findings of one request against its operation row. */
export function judgeRequest(facts: RequestFacts, row: Operation): Judgement[] {
  const out: Judgement[] = [];
  // A file field (multipart) is read as a file: known, its value not judged.
  const bodyFields: Record<string, Schema> = asPlatformReads(
    row.body ? { ...row.body.fields, ...Object.fromEntries(Object.keys(row.body.files ?? {}).map((f) => [f, FILE])) } : {},
    row.operationId,
  );
  const rowQuery = asPlatformReads(row.query ?? {}, row.operationId);
  const writes = facts.method === 'POST' || facts.method === 'PUT';
  // A write's query string is read as its body (the platform merges them): its fields are known there too.
  const querySchemas: Record<string, Schema> = { ...(writes ? bodyFields : {}), ...rowQuery };
  const query = { ...facts.query };
  out.push(...withoutPathEchoes(query, facts, row.operationId, 'unknown-parameter'));
  for (const name of Object.keys(query)) {
    if (TOKEN_PARAMS.has(name)) {
      out.push({ kind: 'token-in-query', parameter: name, detail: 'send the token in the PRIVATE-TOKEN or Authorization header' });
      delete query[name];
    }
  }
  if (row.list && query.per_page !== undefined) {
    const n = Number(query.per_page);
    if (INTEGER.test(String(query.per_page)) && n > PER_PAGE_MAX)
      out.push({ kind: 'per-page-over-max', parameter: 'per_page', detail: `${n} is over the maximum ${PER_PAGE_MAX}` });
    else if (!INTEGER.test(String(query.per_page)))
      out.push({ kind: 'wrong-type', parameter: 'per_page', detail: `expected an integer, got ${show(query.per_page)}` });
  }
  const known = (name: string) => ALWAYS_KNOWN.has(name) || (row.list === true && PAGINATION.has(name));
  out.push(...judgeFields(query, querySchemas, known, 'unknown-parameter'));
  if (facts.body !== null && typeof facts.body === 'object' && !Array.isArray(facts.body)) {
    // The platform reads body and query as one set of parameters: a query parameter sent in the body is read too.
    const bodySchemas = { ...rowQuery, ...bodyFields };
    const body = { ...(facts.body as Record<string, unknown>) };
    out.push(...withoutPathEchoes(body, facts, row.operationId, 'unread-body-field'));
    out.push(...judgeFields(body, bodySchemas, (n) => ALWAYS_KNOWN.has(n), 'unread-body-field'));
  }
  return out;
}
