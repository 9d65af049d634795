/**
 * Requests in flight together, for the rules that must hold whatever the timing (a uniqueness
 * rule under a check-then-insert race): atOnce() starts every request before awaiting any, after
 * gathering places among the worker's requests in flight for as many of them as its share of the
 * run's concurrency allows (Throttle.together; CONFORMANCE_CONCURRENCY is a promise to the target
 * and is never passed: with a share of 2, the default, 3 requests go 2 together and the third as
 * soon as one answers; every worker holds 2 at least whenever the concurrency is 2 or more:
 * shared/concurrency.ts MIN_SHARE), and measures how many really overlapped. When no two did (a
 * concurrency of 1, or a rate cap, CONFORMANCE_MAX_RPS, spacing them) the run is told once that no
 * race was tried. raceRounds() (race-rounds.ts) runs a failing race check again on fresh data.
 * oneWins() judges "exactly one succeeded, the others answered S", and its failure lists every
 * answer with its request, so it says what to fix.
 *
 *   const sent = await atOnce(times(3, { client: alice.client, method: 'POST', path: '/user/keys', options: { json } }));
 *   const winner = oneWins(sent, { wins: 201, others: 400, what: 'identical POST /user/keys' });
 *   sent.peak;   // 2: at most 2 of the 3 were in flight at one moment
 */
import { ConformanceFailure } from './checks.ts';
import { defaultThrottle } from './throttle.ts';
import { noteForRun } from './recorder.ts';
import type { ApiClient, ApiResponse, RequestOptions } from './client.ts';

export interface AtOnceRequest {
  /** The client that sends it (a user's, the administrator's). */
  client: ApiClient;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  options?: RequestOptions;
  /** Who sends it, for the report ('alice'); default: the request's number. */
  who?: string;
}

export interface AtOnceAnswers {
  requests: readonly AtOnceRequest[];
  /** In the order of the requests. */
  answers: ApiResponse[];
  /** The most of them in flight at one moment (sent, not yet answered). */
  peak: number;
}

/** `n` copies of one request (n identical requests at once). */
export function times(n: number, request: AtOnceRequest): AtOnceRequest[] {
  return Array.from({ length: n }, () => request);
}

/** Of requests that ran from start to end (performance.now()), the most in flight at one moment. */
export function peakInFlight(spans: readonly { start: number; end: number }[]): number {
  // An answer at the very moment another is sent does not overlap it: ends sort before starts.
  const events = spans
    .flatMap((s) => [
      { at: s.start, d: 1 },
      { at: s.end, d: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.d - b.d);
  let now = 0;
  let peak = 0;
  for (const e of events) peak = Math.max(peak, (now += e.d));
  return peak;
}

/**
 * Sends the requests at once and returns their answers. Requests of clients of one throttle (a
 * worker's clients all share the session's) get their places together; clients of several
 * throttles are sent at once without that guarantee (`peak` says how it went).
 */
export async function atOnce(requests: readonly AtOnceRequest[]): Promise<AtOnceAnswers> {
  const throttles = new Set(requests.map((r) => r.client.options.throttle ?? defaultThrottle()));
  // When each answer came, taken by an observer as the client finishes it: before any request waiting for its place goes.
  const answered = new Map<ApiResponse, number>();
  const start = () => requests.map((r) => timed(r.client, answered).request(r.method, r.path, r.options));
  const pending = throttles.size === 1 ? await [...throttles][0].together(requests.length, start) : start();
  const answers = await Promise.all(pending);
  // durationMs runs from the (last) send to the answer: after any wait for a place or a rate slot.
  const spans = answers.map((res) => ({ start: answered.get(res)! - res.durationMs, end: answered.get(res)! }));
  const peak = peakInFlight(spans);
  if (peak < 2 && requests.length > 1) {
    noteForRun(
      'Requests meant to be in flight together went one after another (CONFORMANCE_CONCURRENCY of 1, or the rate cap CONFORMANCE_MAX_RPS spacing them): the checks of rules under concurrent requests judged answers to requests sent in turn, no race was tried.',
    );
  }
  return { requests, answers, peak };
}

/** The client with one more observer, noting when each answer came (its throttle, credentials and other observers kept). */
function timed(client: ApiClient, answered: Map<ApiResponse, number>): ApiClient {
  return client.alsoObservedBy((res) => answered.set(res, performance.now()));
}

const cut = (text: string | undefined, max = 160) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}…` : text);

/** Each request and its answer, one line each: `1. alice: POST /api/v4/user/keys {"title":…} -> 400 {"message":…}`. */
function answerLines(sent: AtOnceAnswers): string[] {
  return sent.answers.map((res, i) => {
    const who = sent.requests[i].who ?? `request ${i + 1}`;
    const body = res.requestBody === undefined ? '' : ` ${cut(res.requestBody)}`;
    const answer = res.error ? `no answer (${res.error})` : `${res.status} ${cut(res.text)}`;
    return `${i + 1}. ${who}: ${res.method} ${new URL(res.url).pathname}${body} -> ${answer}`;
  });
}

export interface OneWinsRule {
  /** The status of the one that succeeds (201, 200). */
  wins: number;
  /** The status every other request answers (400, 404), or the statuses it may answer ([400, 409]). */
  others: number | readonly number[];
  /** The requests, in words ('identical POST /user/keys', 'PUT /users/:id of two users with one new e-mail'). */
  what: string;
}

/**
 * Exactly one answer is `wins` and every other is `others`; returns the winner's index. A failure
 * lists every answer, with its request, and judges (for the reproducer) the first answer out of place.
 */
export function oneWins(sent: AtOnceAnswers, rule: OneWinsRule): number {
  const statuses = sent.answers.map((r) => r.status);
  const others: readonly number[] = typeof rule.others === 'number' ? [rule.others] : rule.others;
  const winners = statuses.filter((s) => s === rule.wins).length;
  const ok = winners === 1 && statuses.every((s) => s === rule.wins || others.includes(s));
  if (ok) return statuses.indexOf(rule.wins);
  const n = sent.answers.length;
  const firstWin = statuses.indexOf(rule.wins);
  const outOfPlace = statuses.findIndex((s, i) => (s === rule.wins ? i !== firstWin : !others.includes(s)));
  const otherText = others.join(' or ');
  const judged = sent.answers[outOfPlace === -1 ? 0 : outOfPlace];
  const timing =
    sent.peak > 1 ? `sent at once (at most ${sent.peak} in flight together)` : 'sent in turn (they could not be in flight together)';
  throw new ConformanceFailure(
    [
      `Of ${n} ${rule.what} ${timing}, exactly one MUST answer ${rule.wins} and the others ${otherText}, whatever the timing. The answers:`,
      ...answerLines(sent).map((l) => `  ${l}`),
    ].join('\n'),
    `one ${rule.wins}, ${n - 1} x ${otherText}`,
    statuses.join(', '),
    // A race check's failure: a baseline entry narrowed to races (report/baseline.ts) may excuse it, never a sequential check's.
    { judged, race: true },
  );
}
