/**
 * An observed exchange as the kit's checks read it: its operation of the spec (row, name, path
 * parameters), and the exchange as an ApiResponse (the shape every check of the registry takes),
 * the body decoded (gzip, deflate, br) and parsed when it is JSON.
 *
 *   const op = matchOperation('GET', '/api/v4/users/3/keys?page=2');
 *   // { row, name: 'GET /users/:id/keys', params: { id: '3' }, path: '/users/3/keys', apiRoot: '/api/v4', query: 'page=2' }
 *   const res = asApiResponse(exchange, 'http://127.0.0.1:4010');
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ApiResponse } from '../kit/exchange.ts';
import type { Operation } from '../spec/operation.ts';
import { OPERATIONS } from '../spec/operations/index.ts';
import { pathParameters, pathPattern, specPath } from '../spec/paths.ts';
import type { ObservedExchange } from './proxy.ts';

export interface MatchedOperation {
  row: Operation;
  /** 'METHOD /path' as the spec writes it (what baselines and reports name). */
  name: string;
  params: Record<string, string>;
  /** The path under the API root, without the query. */
  path: string;
  /** The relative URL root and /api/v4 ('/gitlab/api/v4' under a URL root, else '/api/v4'). */
  apiRoot: string;
  /** The query string, without '?'. */
  query: string;
}

const ROUTES = OPERATIONS.map((row) => ({
  row,
  pattern: pathPattern(row.path),
  params: pathParameters(row.path),
  name: `${row.method} ${specPath(row.path)}`,
}));

const API = '/api/v4';

/** Where a request target stands: under the API (its path below /api/v4, its query), elsewhere, or not readable. */
type TargetPlace = { path: string; query: string; apiRoot: string } | 'not-api' | 'unparsable';

/** Percent-encoding that decodes to UTF-8 (what the platform reads); '%zz' or '%E9' alone do not. */
function decodable(text: string): boolean {
  if (!text.includes('%')) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A target is the API's when `/api/v4` is its path's first segment after the installation's relative
 * URL root (`root`, '' or '/gitlab'): `/group/mocks/-/tree/main/api/v4/users` is a repository page,
 * not the API. An absolute-form target (`http://host/api/v4/...`) is read by its path.
 */
export function apiTarget(target: string, root = ''): TargetPlace {
  const local = target.charCodeAt(0) === 47 /* / */ ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const q = local.indexOf('?');
  const fullPath = q < 0 ? local : local.slice(0, q);
  const apiRoot = `${root}${API}`;
  if (!fullPath.startsWith(apiRoot) || (fullPath.length > apiRoot.length && fullPath[apiRoot.length] !== '/')) return 'not-api';
  const query = q < 0 ? '' : local.slice(q + 1);
  if (!decodable(fullPath) || !decodable(query)) return 'unparsable';
  return { path: fullPath.slice(apiRoot.length), query, apiRoot };
}

/**
 * The spec operation a request goes to, or undefined (a route outside the spec, a target outside the
 * API or not readable: apiTarget says which). `root`: the installation's relative URL root ('' or '/gitlab').
 */
export function matchOperation(method: string, target: string, root = ''): MatchedOperation | undefined {
  const place = apiTarget(target, root);
  if (typeof place === 'string') return undefined;
  const { path, query, apiRoot } = place;
  let fallback: MatchedOperation | undefined;
  for (const r of ROUTES) {
    if (r.row.method !== method || !r.pattern.test(path)) continue;
    const segments = path.split('/');
    const template = r.row.path.split('/');
    const params: Record<string, string> = {};
    let ints = true;
    for (const p of r.params) {
      const i = template.findIndex((s) => s.startsWith(`:${p.name}`));
      let value = segments[i] ?? '';
      try {
        value = decodeURIComponent(value);
      } catch {
        // kept as sent
      }
      params[p.name] = value;
      if (p.integer && !/^\d+$/.test(value)) ints = false;
    }
    const found = {
      row: r.row,
      name: r.name,
      params,
      path,
      apiRoot,
      query,
    };
    if (ints) return found;
    fallback ??= found;
  }
  return fallback;
}

/** The body as text, decoded when the answer says it is compressed; undefined when it cannot be decoded. */
export function bodyText(body: Buffer, encoding: string | undefined): string | undefined {
  try {
    switch ((encoding ?? '').trim().toLowerCase()) {
      case '':
      case 'identity':
        return body.toString('utf8');
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body).toString('utf8');
      case 'deflate':
        return inflateSync(body).toString('utf8');
      case 'br':
        return brotliDecompressSync(body).toString('utf8');
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}

/** The exchange as the kit's checks read a response; `origin` is the URL the request is shown with. */
export function asApiResponse(x: ObservedExchange, origin: string): ApiResponse {
  const text = bodyText(x.body, x.headers['content-encoding']) ?? '';
  let json: unknown;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return {
    method: x.method,
    url: `${origin}${x.target}`,
    requestHeaders: x.requestHeaders,
    requestBody: x.requestBody.length ? (bodyText(x.requestBody, x.requestHeaders['content-encoding']) ?? undefined) : undefined,
    status: x.status,
    headers: x.headers,
    text,
    json,
    durationMs: x.durationMs,
    ...(x.error !== undefined ? { error: x.error } : {}),
  };
}
