/**
 * What a failed test records for the reporters: the requirement, expected and actual (redacted),
 * the exchange the failing check judged (else the test's last), a curl command replaying exactly
 * that request, the clause a response check found broken, and a property's counterexample.
 *
 *   meta.failure = failureRecord(error, (s) => secrets.redact(s));
 */
import { ConformanceFailure, judgedOf } from './checks.ts';
import { PropertyFailure } from './property.ts';
import { toCurl } from './curl.ts';
import { exchangeOf, lastExchange, type RecordedExchange } from './recorder.ts';
import type { FailureRecord } from './result-meta.ts';
import { operationOf } from '../spec/operation-of.ts';

/** What a failure shows: the exchange given, else the one its check judged, else the test's last. */
export function failureRecord(error: unknown, redact: (s: string) => string, exchange?: RecordedExchange): FailureRecord {
  const e = error as Error & { expected?: unknown; actual?: unknown };
  const x = exchange ?? (e instanceof ConformanceFailure ? exchangeOf(judgedOf(e)) : undefined) ?? lastExchange();
  const record: FailureRecord = {
    requirement: redact(e instanceof ConformanceFailure ? e.requirement : firstLine(e?.message ?? String(error))),
  };
  if (e instanceof ConformanceFailure) {
    if (e.violates) record.violates = e.violates;
    if (e.fields) record.fields = e.fields;
    if (e.resource) record.resource = e.resource;
    if (e.race) record.race = true;
    if (e.expected !== undefined) record.expected = redact(e.expected);
    if (e.actual !== undefined) record.actual = redact(e.actual);
  } else if (e && ('expected' in e || 'actual' in e)) {
    record.expected = redact(stringify(e.expected));
    record.actual = redact(stringify(e.actual));
  }
  if (x) {
    const operation = operationOf(x.method, x.url);
    if (operation) record.operation = operation;
    record.exchange = summaryOf(x);
    record.reproduce = toCurl(x);
  }
  if (e instanceof PropertyFailure) {
    record.counterexample = redact(e.counterexample);
    record.reproduce = e.reproduce;
  }
  return record;
}

const summaryOf = (x: RecordedExchange) => ({
  method: x.method,
  url: x.url,
  status: x.status,
  headers: x.headers,
  bodyExcerpt: x.bodyExcerpt,
});
const firstLine = (s: string) => s.split('\n')[0] ?? s;
const stringify = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));
