/**
 * Exchange recorder: keeps, per test, the exchanges the client made (redacted on the way in),
 * so a failure can show the last one and a curl command replaying it.
 *
 *   resetExchanges();            // at the start of a test
 *   lastExchange()?.status       // after a failure
 */
import type { ApiResponse } from './client.ts';
import type { ExchangeSummary } from './result-meta.ts';
import type { SecretSet } from './redact.ts';

export interface RecordedExchange extends ExchangeSummary {
  requestHeaders: Record<string, string>;
  requestBody?: string;
  error?: string;
}

const EXCERPT = 600;
let exchanges: RecordedExchange[] = [];
let total = 0;

export function recordExchange(res: ApiResponse, secrets: SecretSet): void {
  total += 1;
  exchanges.push({
    method: res.method,
    url: secrets.redact(res.url),
    status: res.status || null,
    headers: secrets.redactHeaders(res.headers),
    bodyExcerpt: secrets.redact(res.text.length > EXCERPT ? `${res.text.slice(0, EXCERPT)}…` : res.text),
    requestHeaders: secrets.redactHeaders(res.requestHeaders),
    requestBody: res.requestBody === undefined ? undefined
      : secrets.redact(res.requestBody.length > EXCERPT ? `${res.requestBody.slice(0, EXCERPT)}…` : res.requestBody),
    error: res.error,
  });
  if (exchanges.length > 50) exchanges.shift();
}

export function resetExchanges(): void {
  exchanges = [];
}

export function lastExchange(): RecordedExchange | undefined {
  return exchanges[exchanges.length - 1];
}

export function exchangeCount(): number {
  return total;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command replaying a recorded (already redacted) exchange. */
export function toCurl(x: RecordedExchange): string {
  const parts = ['curl'];
  if (x.method !== 'GET') parts.push('-X', x.method);
  for (const [k, v] of Object.entries(x.requestHeaders)) {
    if (k === 'accept') continue;
    const name = k === 'private-token' ? 'Private-Token' : k.replace(/(^|-)([a-z])/g, (_m, d, c) => d + c.toUpperCase());
    parts.push('-H', quote(`${name}: ${v}`));
  }
  if (x.requestBody !== undefined) parts.push('--data', quote(x.requestBody));
  parts.push(quote(x.url));
  return parts.join(' ');
}
