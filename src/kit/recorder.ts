/**
 * Exchange recorder: keeps, per test, the last exchanges the client made (redacted when one is
 * read, with every secret known by then), so a failure can show the exchange its check judged
 * (or the last one) and a curl command replaying it. The session wires it into its clients as
 * an exchange observer (recorder(secrets)). Each test keeps its own log (an AsyncLocalStorage
 * context), so tests of a file may run side by side: what a test sends is recorded, counted and
 * named as its own; what is sent outside any test (a file's beforeAll) goes to a log of its own,
 * whose count the next test to start takes as its set-up requests.
 *
 *   await inTestLog('users.get.status GET /users/:id answers 200', async () => {
 *     // ... requests ...
 *     exchangeOf(failure.judged) ?? lastExchange();   // after a failure: this test's exchanges only
 *     testRequests();                                 // what this test sent
 *   });
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ApiResponse, ExchangeObserver } from './exchange.ts';
import type { ExchangeSummary } from './result-meta.ts';
import { keyedPlaceholder, type Replacement, type SecretSet } from '../shared/redact.ts';
import type { Violation } from './response-checks.ts';

export interface RecordedExchange extends ExchangeSummary {
  requestHeaders: Record<string, string>;
  requestBody?: string;
  error?: string;
}

const EXCERPT = 600;
/** Largest body kept in a HAR entry. */
const HAR_BODY = 64 * 1024;

/** What one test (or the hooks outside any test) sent. */
interface TestLog {
  /** The test's full name (HAR entries carry it); none outside tests. */
  name?: string;
  /** Its last exchanges (50 at most). */
  exchanges: PendingExchange[];
  /** Each recorded response, and its parsed body when an object, to its exchange: a failed check names what it judged. */
  byJudged: WeakMap<object, PendingExchange>;
  /** Violations of the response checks met, with the exchange that broke them. */
  violations: { violation: Violation; exchange: PendingExchange }[];
  /** Exchanges of a replay being captured (property counterexamples), or undefined. */
  capture?: RecordedExchange[];
  /** Exchanges recorded in this log. */
  requests: number;
  /** Facts about the target the run says once in its summary (noteForRun), each once. */
  notes: Set<string>;
}

const newLog = (name?: string): TestLog => ({
  name,
  exchanges: [],
  byJudged: new WeakMap(),
  violations: [],
  requests: 0,
  notes: new Set(),
});
const tests = new AsyncLocalStorage<TestLog>();
/** The log of what is sent outside any test: a file's hooks, the CLI's own requests. */
const outside = newLog();
const current = (): TestLog => tests.getStore() ?? outside;

let harFile: string | undefined;
let harPhase: string | undefined;
/** What each secret becomes in the HAR: a keyed placeholder of its own (numbered when the HAR is assembled). */
let harSecret: Replacement | undefined;

/** Runs `fn` (a test's body) with a log of its own, named `name`. */
export function inTestLog<T>(name: string, fn: () => T): T {
  return tests.run(newLog(name), fn);
}

/** The index of the property run a request belongs to, when a property's runs go side by side (property.ts). */
const propertyRuns = new AsyncLocalStorage<number>();

/** Runs `fn` (one run of a property whose runs go side by side) as run `index`: its names and HAR entries say so. */
export function inPropertyRun<T>(index: number, fn: () => T): T {
  return propertyRuns.run(index, fn);
}

/** The side-by-side property run under way (inPropertyRun's index), undefined elsewhere. */
export function currentPropertyRun(): number | undefined {
  return propertyRuns.getStore();
}

/** The running test's full name (inTestLog's), undefined outside tests. */
export function currentTestName(): string | undefined {
  return tests.getStore()?.name;
}

/** Exchanges the running test has recorded so far. */
export function testRequests(): number {
  return current().requests;
}

/**
 * Notes a fact about the target that is no failure, for the run to say once in its summary
 * (summary.json's `notes`): the running test's meta carries it (clause-test.ts), the reporter keeps
 * each note once. Outside a test a note is not reported.
 */
export function noteForRun(note: string): void {
  current().notes.add(note);
}

/** The notes the running test made (noteForRun), in order. */
export function testNotes(): string[] {
  return [...current().notes];
}

/**
 * Exchanges recorded outside any test since the last call (a file's beforeAll), and starts counting
 * again. The response-check violations met there go too: no test's failure shows them, and a
 * worker's log outside tests would otherwise keep them (and their exchanges) for its whole life.
 */
export function takeRequestsOutsideTests(): number {
  const n = outside.requests;
  outside.requests = 0;
  outside.violations = [];
  return n;
}
/**
 * Largest request body an exchange keeps whole (far above the spec's longest limit, 1,048,576
 * characters): its curl command replays it as sent (curl.ts), not an excerpt a correct server accepts.
 */
const REPLAY_BODY = 16 * 1024 * 1024;

/**
 * Also append every exchange, redacted, to this file as one HAR entry per line (CONFORMANCE_HAR=1). Each secret
 * becomes a placeholder of its own, the HMAC of it under `key` (the run's, shared by its workers: the same
 * credential, the same placeholder); report/har.ts numbers them `[redacted-1]`... when it assembles the HAR.
 * `phase`: the entries' `_phase` where no test sends them ('main process': preflight, provisioning, cleanup).
 */
export function recordHarTo(file: string | undefined, key: string = randomBytes(16).toString('hex'), phase?: string): void {
  harFile = file;
  harSecret = keyedPlaceholder(key);
  harPhase = phase;
  if (file) mkdirSync(dirname(file), { recursive: true });
}

/** The first `max` characters of a text, with an ellipsis when it was longer. */
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

function harEntry(res: ApiResponse, secrets: SecretSet, as: Replacement): object {
  const body = (s: string) => secrets.redact(cut(s, HAR_BODY), as);
  const pairs = (h: Record<string, string>) => Object.entries(secrets.redactHeaders(h, as)).map(([name, value]) => ({ name, value }));
  const url = secrets.redact(res.url, as);
  const text = body(res.text);
  const run = currentPropertyRun();
  return {
    startedDateTime: new Date(Date.now() - res.durationMs).toISOString(),
    time: Math.round(res.durationMs),
    request: {
      method: res.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: pairs(res.requestHeaders),
      cookies: [],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(res.requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: res.requestHeaders['content-type'] ?? '',
              text: body(res.requestBody),
              ...(res.requestBody.length > HAR_BODY ? { _cut: true } : {}),
            },
          }),
      headersSize: -1,
      bodySize: res.requestBody?.length ?? 0,
    },
    response: {
      status: res.status,
      statusText: res.error ?? '',
      httpVersion: 'HTTP/1.1',
      headers: pairs(res.headers),
      cookies: [],
      // The size of what the HAR holds when it holds it whole (the redacted text), of the whole answer when cut, and
      // `_cut` (HAR allows fields starting with "_") says so: a reader (observe --har) does not judge a cut body.
      content: {
        size: Buffer.byteLength(res.text.length > HAR_BODY ? res.text : text),
        mimeType: res.headers['content-type'] ?? '',
        text,
        ...(res.text.length > HAR_BODY ? { _cut: true } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: res.text.length,
    },
    cache: {},
    timings: { send: 0, wait: Math.round(res.durationMs), receive: 0 },
    // Which test sent it (HAR allows custom fields starting with "_"), and which run of a side-by-side property.
    _test: current().name,
    ...(run === undefined ? {} : { _run: run }),
    ...(harPhase === undefined ? {} : { _phase: harPhase }),
  };
}

/**
 * An exchange as the client saw it, cut to excerpts but not yet redacted: most are never read,
 * so redaction (a scan of every header and excerpt) waits until one is, with every secret known
 * by then. Never leaves this module unredacted.
 */
interface PendingExchange {
  res: ApiResponse;
  bodyExcerpt: string;
  requestBody?: string;
  secrets: SecretSet;
  redacted?: RecordedExchange;
}

function redacted(x: PendingExchange): RecordedExchange {
  if (!x.redacted) {
    const { res, secrets } = x;
    x.redacted = {
      method: res.method,
      url: secrets.redact(res.url),
      status: res.status || null,
      headers: secrets.redactHeaders(res.headers),
      bodyExcerpt: secrets.redact(x.bodyExcerpt),
      requestHeaders: secrets.redactHeaders(res.requestHeaders),
      requestBody: x.requestBody === undefined ? undefined : secrets.redact(x.requestBody),
      error: res.error === undefined ? undefined : secrets.redact(res.error),
    };
  }
  return x.redacted;
}

export function recordExchange(res: ApiResponse, secrets: SecretSet): void {
  const log = current();
  log.requests += 1;
  const { exchanges, byJudged, capture } = log;
  if (harFile) appendFileSync(harFile, `${JSON.stringify(harEntry(res, secrets, harSecret!))}\n`);
  const pending: PendingExchange = {
    // The response excerpt is cut now: the full response is not kept alive. The request body is the
    // one the client sent (no copy), kept whole so that the reproducer sends it whole.
    res: { ...res, text: '', json: undefined, requestBody: undefined },
    bodyExcerpt: cut(res.text, EXCERPT),
    requestBody: res.requestBody === undefined ? undefined : cut(res.requestBody, REPLAY_BODY),
    secrets,
  };
  exchanges.push(pending);
  if (exchanges.length > 50) exchanges.shift();
  byJudged.set(res, pending);
  if (res.json !== null && typeof res.json === 'object') byJudged.set(res.json as object, pending);
  if (capture) capture.push(redacted(pending));
}

/** Starts keeping every exchange (redacted now) until stopCapture(). */
export function startCapture(): void {
  current().capture = [];
}

/** The exchanges since startCapture(), in order, and stops capturing. */
export function stopCapture(): RecordedExchange[] {
  const log = current();
  const out = log.capture ?? [];
  log.capture = undefined;
  return out;
}

/** recordExchange as an exchange observer. */
export function recorder(secrets: SecretSet): ExchangeObserver {
  return (res) => recordExchange(res, secrets);
}

/** Forgets what the current log recorded (its count stays). */
export function resetExchanges(): void {
  const log = current();
  log.exchanges = [];
  log.violations = [];
  log.byJudged = new WeakMap();
}

/** Notes violations of the response checks on a recorded response. */
export function recordViolations(res: ApiResponse, found: Violation[]): void {
  const log = current();
  const exchange = log.byJudged.get(res);
  if (exchange) for (const violation of found) log.violations.push({ violation, exchange });
}

/** The exchange of a response (or of its parsed body) recorded since the test began. */
export function exchangeOf(judged: object | undefined): RecordedExchange | undefined {
  const x = judged && current().byJudged.get(judged);
  return x && redacted(x);
}

/** The violations met since the test began (and forgets them). */
export function takeViolations(): { violation: Violation; exchange: RecordedExchange }[] {
  const log = current();
  const out = log.violations.map(({ violation, exchange }) => ({ violation, exchange: redacted(exchange) }));
  log.violations = [];
  return out;
}

export function lastExchange(): RecordedExchange | undefined {
  const last = current().exchanges.at(-1);
  return last && redacted(last);
}
