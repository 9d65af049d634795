/**
 * The statuses a server answered that the OpenAPI document does not declare for the operation the
 * request went to: each request of a recorded run (its HAR) matched to its operation of the spec
 * (src/observe/exchange-view.ts, matchOperation), its status looked up in the operation's
 * `responses`. Requests outside the spec's operations (the fixture surface, unknown routes, the
 * 405s of other methods) and answers without a status (a transport error) are left out.
 *
 *   const found = undeclaredStatuses(openapiDocument(), harEntries(readFileSync('reports/run.har', 'utf8')));
 *   // [{ operation: 'DELETE /user/emails/:email_id', operationId: 'deleteCurrentUserEmail', status: 400, count: 2, example: '...' }]
 */
import { matchOperation } from '../observe/exchange-view.ts';
import type { OpenApiDocument } from './document.ts';
import { openapiPath } from './path-params.ts';

/** A request and its status, as a HAR entry holds them. */
export interface StatusExchange {
  method: string;
  url: string;
  status: number;
  /** The test that sent it (the kit's HAR field _test), for the report. */
  test?: string;
}

export interface UndeclaredStatus {
  /** 'METHOD /path' as the spec writes it. */
  operation: string;
  operationId: string;
  status: number;
  count: number;
  /** The first such request: method, path, and the test that sent it. */
  example: string;
}

/** The exchanges of a HAR file's text (the kit's run.har). */
export function harEntries(text: string): StatusExchange[] {
  const har = JSON.parse(text) as {
    log: { entries: { request: { method: string; url: string }; response: { status: number }; _test?: string }[] };
  };
  return har.log.entries.map((e) => ({ method: e.request.method, url: e.request.url, status: e.response.status, test: e._test }));
}

/** The statuses each operation answered, by operationId: what the traffic shows. */
export function answeredStatuses(exchanges: readonly StatusExchange[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const e of exchanges) {
    const op = e.status > 0 ? matchOperation(e.method, new URL(e.url).pathname) : undefined;
    if (op) out.set(op.row.operationId, (out.get(op.row.operationId) ?? new Set()).add(e.status));
  }
  return out;
}

/** Every (operation, status) of the traffic the document does not declare, with how often and a first example. */
export function undeclaredStatuses(doc: OpenApiDocument, exchanges: readonly StatusExchange[]): UndeclaredStatus[] {
  const found = new Map<string, UndeclaredStatus>();
  for (const e of exchanges) {
    const url = new URL(e.url);
    const op = e.status > 0 ? matchOperation(e.method, url.pathname) : undefined;
    if (!op) continue;
    const declared = doc.paths[openapiPath(op.row.path)]?.[op.row.method.toLowerCase()]?.responses as Record<string, unknown> | undefined;
    if (declared?.[String(e.status)] !== undefined) continue;
    const key = `${op.row.operationId} ${e.status}`;
    const seen = found.get(key);
    if (seen) seen.count += 1;
    else
      found.set(key, {
        operation: op.name,
        operationId: op.row.operationId,
        status: e.status,
        count: 1,
        example: `${e.method} ${url.pathname}${e.test ? ` (${e.test})` : ''}`,
      });
  }
  return [...found.values()].sort((a, b) => a.operation.localeCompare(b.operation) || a.status - b.status);
}
