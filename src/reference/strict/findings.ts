/**
 * The findings store of strict mode: one entry per kind of finding (kind, operation, parameter)
 * with the first request that showed it, a count, and a reproducer (a curl command with every
 * token shown as [redacted]). ref.findings() returns its entries; report.ts writes them at close.
 *
 *   const store = new FindingsStore();
 *   store.record({ kind: 'per-page-over-max', parameter: 'per_page', detail: '…' },
 *     { method: 'GET', url: 'http://127.0.0.1:1/api/v4/users?per_page=500', operationId: 'listUsers', authHeader: 'PRIVATE-TOKEN' });
 *   store.list()[0].reproducer   // "curl -X GET 'http://127.0.0.1:1/api/v4/users?per_page=500' -H 'PRIVATE-TOKEN: [redacted]'"
 */
import type { FindingKind, Judgement } from './judge.ts';

export interface ShownRequest {
  method: string;
  /** The full URL as the client sent it (tokens in the query are redacted here). */
  url: string;
  operationId: string;
  /** The header that carried a token, if any (its value is never kept). */
  authHeader?: string;
  contentType?: string;
  /** The parsed body (JSON or form), if any. */
  body?: unknown;
}

export interface Finding extends Judgement {
  operationId: string;
  /** How many requests showed it. */
  count: number;
  /** The first request that showed it, tokens redacted. */
  request: { method: string; url: string };
  /** A curl command that sends that request again, the token shown as [redacted]. */
  reproducer: string;
}

export const REDACTED = '[redacted]';
const TOKEN_IN_QUERY = /([?&](?:private_token|access_token|job_token)=)[^&#]*/gi;
const TOKEN_FIELDS = new Set(['private_token', 'access_token', 'job_token', 'password', 'token']);

/** The URL with every token of its query string replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function redactBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, TOKEN_FIELDS.has(k) ? REDACTED : v]));
}

/** The curl command of a request, tokens redacted. */
export function reproducer(request: ShownRequest): string {
  const parts = ['curl', '-X', request.method, quote(redactUrl(request.url))];
  if (request.authHeader) parts.push('-H', quote(`${request.authHeader}: ${REDACTED}`));
  if (request.body !== undefined && request.body !== null && typeof request.body === 'object') {
    parts.push('-H', quote('Content-Type: application/json'), '--data', quote(JSON.stringify(redactBody(request.body))));
  }
  return parts.join(' ');
}

export class FindingsStore {
  private readonly byKey = new Map<string, Finding>();
  /** Requests judged, by operationId (with or without findings): what the client exercised. */
  private readonly judgedBy = new Map<string, number>();
  /** Counts one request routed to `operationId` and judged. */
  judged(operationId: string): void {
    this.judgedBy.set(operationId, (this.judgedBy.get(operationId) ?? 0) + 1);
  }
  /** How many requests of each operation were judged, in the order first seen. */
  requests(): Record<string, number> {
    return Object.fromEntries(this.judgedBy);
  }

  record(judgement: Judgement, request: ShownRequest): void {
    const key = `${judgement.kind} ${request.operationId} ${judgement.parameter}`;
    const seen = this.byKey.get(key);
    if (seen) {
      seen.count++;
      return;
    }
    this.byKey.set(key, {
      ...judgement,
      operationId: request.operationId,
      count: 1,
      request: { method: request.method, url: redactUrl(request.url) },
      reproducer: reproducer(request),
    });
  }

  /** Every finding, in the order first seen. */
  list(): Finding[] {
    return [...this.byKey.values()].map((f) => ({ ...f, request: { ...f.request } }));
  }

  kinds(): FindingKind[] {
    return [...new Set(this.list().map((f) => f.kind))];
  }

  clear(): void {
    this.byKey.clear();
    this.judgedBy.clear();
  }
}
