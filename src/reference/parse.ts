/**
 * Query strings and form bodies, read the way the real platform (Rack) reads them: `a[]=1&a[]=2`
 * is an array, `h[k]=v` a hash, `h[][k]=1&h[][v]=2&h[][k]=3` an array of hashes, a repeated
 * plain name keeps the last value, `+` is a space and `%2B` a plus. A write reads its query
 * string too (queryParams): Grape merges the query and the body into one params hash.
 *
 *   parseParams('scopes[]=api&scopes[]=read_user&q=a+b'); // { scopes: ['api','read_user'], q: 'a b' }
 *   registerBodyParsers(app);                             // form bodies parsed the same way
 *   queryParams(request);                                 // PUT /user/status?message=hi -> { message: 'hi' }
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctxOf } from './context.ts';
import { apiError } from './errors.ts';

export type Params = { [key: string]: unknown };

/** Past this many characters a query string gets 414 (answered in an early hook). */
export const MAX_QUERY_LENGTH = 8 * 1024;
export const BODY_LIMIT = 8 * 1024 * 1024;
const MAX_PARAMS = 10_000;
const MAX_DEPTH = 32;

/** Why a query string could not be read; set by the router's parser, answered by a hook. */
export const QUERY_PROBLEM = Symbol('query problem');

export class ParamsParseError extends Error {}

function decode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

function own(params: Params, key: string, init: () => unknown): unknown {
  if (!Object.prototype.hasOwnProperty.call(params, key)) params[key] = init();
  return params[key];
}

function isHash(v: unknown): v is Params {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rack's normalize_params: places one name=value pair into the nested params. */
function place(params: Params, name: string, value: unknown, depth: number): Params | unknown[] {
  if (depth >= MAX_DEPTH) throw new ParamsParseError('parameters nested too deep');
  let key: string;
  let after: string;
  if (depth === 0) {
    const start = name.indexOf('[', 1);
    key = start > 0 ? name.slice(0, start) : name;
    after = start > 0 ? name.slice(start) : '';
  } else if (name.startsWith('[]')) {
    key = '[]';
    after = name.slice(2);
  } else if (name.startsWith('[') && name.indexOf(']', 1) > 0) {
    const end = name.indexOf(']', 1);
    key = name.slice(1, end);
    after = name.slice(end + 1);
  } else {
    key = name;
    after = '';
  }
  if (key === '' || key === '__proto__') return params;

  if (after === '') {
    if (key === '[]' && depth !== 0) return [value];
    params[key] = value;
  } else if (after === '[') {
    params[name] = value;
  } else if (after === '[]') {
    const list = own(params, key, () => []);
    if (!Array.isArray(list)) throw new ParamsParseError(`expected Array for param \`${key}'`);
    list.push(value);
  } else if (after.startsWith('[]')) {
    const m = /^\[\]\[([^[\]]+)\]$/.exec(after);
    const childKey = m ? m[1] : after.slice(2);
    const list = own(params, key, () => []);
    if (!Array.isArray(list)) throw new ParamsParseError(`expected Array for param \`${key}'`);
    const last: unknown = list[list.length - 1];
    if (isHash(last) && !hasChildKey(last, childKey)) place(last, childKey, value, depth + 1);
    else list.push(place({}, childKey, value, depth + 1));
  } else {
    const hash = own(params, key, () => ({}));
    if (!isHash(hash)) throw new ParamsParseError(`expected Hash for param \`${key}'`);
    params[key] = place(hash, after, value, depth + 1);
  }
  return params;
}

/** Rack's params_hash_has_key?: does `name` (possibly nested, e.g. a[b]) already exist? */
function hasChildKey(hash: Params, name: string): boolean {
  if (/\[\]/.test(name)) return false;
  let cur: unknown = hash;
  for (const part of name.split(/[[\]]+/).filter((p) => p !== '')) {
    if (!isHash(cur) || !Object.prototype.hasOwnProperty.call(cur, part)) return false;
    cur = cur[part];
  }
  return true;
}

/** Parses `a=1&b[]=2...`; throws ParamsParseError on malformed nesting or too many pairs. */
export function parseParams(text: string): Params {
  const params: Params = {};
  if (text === '') return params;
  let count = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    count += 1;
    if (count > MAX_PARAMS) throw new ParamsParseError('too many parameters');
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? null : decode(pair.slice(eq + 1));
    place(params, name, value, 0);
  }
  return params;
}

/**
 * The router's query-string parser. It never throws: a problem is recorded under QUERY_PROBLEM
 * and answered by the early hook (414 for an over-long query, 400 for a malformed one).
 */
export function parseQueryString(text: string): Params {
  if (text.length > MAX_QUERY_LENGTH) return { [QUERY_PROBLEM]: 'too long' };
  try {
    return parseParams(text);
  } catch (e) {
    return { [QUERY_PROBLEM]: e instanceof Error ? e.message : 'malformed' };
  }
}

export function queryProblem(query: unknown): string | undefined {
  return isHash(query) ? (query as { [QUERY_PROBLEM]?: string })[QUERY_PROBLEM] : undefined;
}

/** The methods whose parameters usually travel in a body; the query string still counts. */
const WRITES = new Set(['POST', 'PUT']);
/** The one route of the fault parse.status-query-ignored. */
const STATUS_ROUTE = '/api/v4/user/status';

/**
 * The query-string parameters a handler reads, whatever the method: the platform (Grape, over
 * Rack's GET.merge(POST)) reads a write's query string as it reads its body, the body winning a
 * name given twice (params.ts input() merges them). The faults parse.write-query-ignored and
 * parse.status-query-ignored drop them on writes: every POST/PUT, or PUT /user/status alone.
 */
export function queryParams(request: FastifyRequest): Params {
  const query = (request.query ?? {}) as Params;
  if (!WRITES.has(request.method)) return query;
  const ctx = ctxOf(request);
  if (ctx.has('parse.write-query-ignored')) return {};
  if (ctx.has('parse.status-query-ignored') && request.routeOptions.url === STATUS_ROUTE) return {};
  return query;
}

/**
 * JSON (fastify's own parser, but an empty body is no body, as clients send it on DELETE) and
 * text/plain (ignored as parameters); form bodies are parsed like query strings. Other content
 * types get 415 from fastify.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if ((body as string).trim() === '') done(null, undefined);
    else json(request, body as string, done);
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseParams(body as string));
    } catch (e) {
      done(apiError('bad_request', e instanceof Error ? e.message : 'malformed form body'), undefined);
    }
  });
}
