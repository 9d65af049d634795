/**
 * Exchange recorder: keeps, per test, the exchanges the client made (redacted on the way in),
 * so a failure can show the last one and a curl command replaying it.
 *
 *   resetExchanges();            // at the start of a test
 *   lastExchange()?.status       // after a failure
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect } from 'vitest';
import type { ApiResponse } from './client.ts';
import type { ExchangeSummary } from './result-meta.ts';
import type { SecretSet } from './redact.ts';
import type { Violation } from './response-checks.ts';

export interface RecordedExchange extends ExchangeSummary {
  requestHeaders: Record<string, string>;
  requestBody?: string;
  error?: string;
}

const EXCERPT = 600;
/** Largest body kept in a HAR entry. */
const HAR_BODY = 64 * 1024;
let exchanges: RecordedExchange[] = [];
/** Violations of the response checks met during the current test, with the exchange that broke them. */
let violations: { violation: Violation; exchange: RecordedExchange }[] = [];
let total = 0;
let harFile: string | undefined;
/** Exchanges of a replay being captured in full (property counterexamples), or undefined. */
let capture: RecordedExchange[] | undefined;
/** Largest request body a captured exchange keeps, so its curl command replays it as sent. */
const CAPTURE_BODY = 64 * 1024;

/** Also append every exchange, redacted, to this file as one HAR entry per line (CONFORMANCE_HAR=1). */
export function recordHarTo(file: string | undefined): void {
  harFile = file;
  if (file) mkdirSync(dirname(file), { recursive: true });
}

function harEntry(res: ApiResponse, secrets: SecretSet): object {
  const cut = (s: string) => secrets.redact(s.length > HAR_BODY ? `${s.slice(0, HAR_BODY)}…` : s);
  const pairs = (h: Record<string, string>) => Object.entries(secrets.redactHeaders(h)).map(([name, value]) => ({ name, value }));
  const url = secrets.redact(res.url);
  return {
    startedDateTime: new Date(Date.now() - res.durationMs).toISOString(),
    time: Math.round(res.durationMs),
    request: {
      method: res.method, url, httpVersion: 'HTTP/1.1', headers: pairs(res.requestHeaders), cookies: [],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(res.requestBody === undefined ? {} : { postData: { mimeType: res.requestHeaders['content-type'] ?? '', text: cut(res.requestBody) } }),
      headersSize: -1, bodySize: res.requestBody?.length ?? 0,
    },
    response: {
      status: res.status, statusText: res.error ?? '', httpVersion: 'HTTP/1.1', headers: pairs(res.headers), cookies: [],
      content: { size: res.text.length, mimeType: res.headers['content-type'] ?? '', text: cut(res.text) },
      redirectURL: '', headersSize: -1, bodySize: res.text.length,
    },
    cache: {},
    timings: { send: 0, wait: Math.round(res.durationMs), receive: 0 },
    // Which test sent it (HAR allows custom fields starting with "_").
    _test: currentTest(),
  };
}

function currentTest(): string | undefined {
  try {
    return expect.getState().currentTestName;
  } catch {
    return undefined;
  }
}

export function recordExchange(res: ApiResponse, secrets: SecretSet): void {
  total += 1;
  if (harFile) appendFileSync(harFile, `${JSON.stringify(harEntry(res, secrets))}\n`);
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
  if (capture) {
    const body = res.requestBody === undefined ? undefined : secrets.redact(res.requestBody.length > CAPTURE_BODY ? `${res.requestBody.slice(0, CAPTURE_BODY)}…` : res.requestBody);
    capture.push({ ...exchanges[exchanges.length - 1]!, requestBody: body });
  }
}

/** Starts keeping every exchange in full (request bodies up to 64 KiB) until stopCapture(). */
export function startCapture(): void {
  capture = [];
}

/** The exchanges since startCapture(), in order, and stops capturing. */
export function stopCapture(): RecordedExchange[] {
  const out = capture ?? [];
  capture = undefined;
  return out;
}

export function resetExchanges(): void {
  exchanges = [];
  violations = [];
}

/** Notes violations of the response checks on the exchange just recorded. */
export function recordViolations(found: Violation[]): void {
  const exchange = lastExchange();
  if (exchange) for (const violation of found) violations.push({ violation, exchange });
}

/** The violations met since the test began (and forgets them). */
export function takeViolations(): { violation: Violation; exchange: RecordedExchange }[] {
  const out = violations;
  violations = [];
  return out;
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
