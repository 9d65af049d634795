/**
 * The client side of one exchange: the request as the server reads it (query string and body
 * merged as the platform merges them) and the strict judge's findings on it (src/reference/strict:
 * unknown parameter, wrong type or format, token in the query, per_page over the maximum...).
 *
 *   const sent = requestParams(exchange, op);   // { params: { message: 'x' }, readable: true, query, body }
 *   judgeClient(exchange.method, sent, op)      // [{ kind: 'unknown-parameter', parameter: 'colour', detail }]
 *
 * A credential joined to the query with `;` (`?per_page=2;private_token=T`) is a token in the query
 * too: many Rack versions split parameters on `;` as on `&`, and the token is in the URL (and its
 * logs) either way. The rest is read as the reference reads it, `&` alone separating parameters.
 */
import { parseQueryString } from '../reference/parse.ts';
import { judgeRequest, type Judgement } from '../reference/strict/judge.ts';
import { bodyText, type MatchedOperation } from './exchange-view.ts';
import type { ObservedExchange } from './proxy.ts';
import { isRecord } from '../shared/is-record.ts';

export interface SentParams {
  query: Record<string, unknown>;
  /** The parsed body (JSON or form), undefined when there is none or it is not one of those. */
  body: unknown;
  /** Query and body as one set of parameters, the body winning (what the server reads). */
  params: Record<string, unknown>;
  /** False when the body could not be read whole (cut at the capture limit, multipart, undecodable): nothing is said of what is missing. */
  readable: boolean;
}

export function requestParams(x: ObservedExchange, op: MatchedOperation): SentParams {
  const query = op.query ? (parseQueryString(op.query) as Record<string, unknown>) : {};
  let body: unknown;
  let readable = !x.requestCut;
  if (x.requestBody.length > 0 && readable) {
    const type = (x.requestHeaders['content-type'] ?? '').toLowerCase();
    const text = bodyText(x.requestBody, x.requestHeaders['content-encoding']);
    if (text === undefined) readable = false;
    else if (type.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        readable = false;
      }
    } else if (type.includes('application/x-www-form-urlencoded')) body = parseQueryString(text);
    else if (text.trim() !== '') readable = false;
  }
  return { query, body, params: { ...query, ...(isRecord(body) ? body : {}) }, readable };
}

/** Credentials the strict judge finds in the query string (judge.ts TOKEN_PARAMS). */
const TOKEN_PARAMS = new Set(['private_token', 'access_token', 'job_token']);

/** Token parameters a `;` joins to another parameter (`per_page=2;private_token=T`): names, each once. */
function semicolonTokens(query: string): string[] {
  if (!query.includes(';')) return [];
  const names = new Set<string>();
  for (const pair of query.split('&'))
    for (const part of pair.split(';').slice(1)) {
      const eq = part.indexOf('=');
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      if (TOKEN_PARAMS.has(name)) names.add(name);
    }
  return [...names];
}

export function judgeClient(method: string, sent: SentParams, op: MatchedOperation): Judgement[] {
  const found = judgeRequest({ method, query: sent.query, body: sent.body, params: op.params }, op.row).filter(
    // A body the proxy could not read whole says nothing of its fields.
    (j) => sent.readable || j.kind !== 'unread-body-field',
  );
  for (const name of semicolonTokens(op.query))
    if (!found.some((j) => j.kind === 'token-in-query' && j.parameter === name))
      found.push({
        kind: 'token-in-query',
        parameter: name,
        detail: 'send the token in the PRIVATE-TOKEN or Authorization header (joined with ";", which many Rack versions read as "&")',
      });
  return found;
}
