/**
 * Requests in flight together, for the rules that must hold whatever the timing (a uniqueness
 * rule under a check-then-insert race): atOnce() starts every request before awaiting any, with
 * places enough among the worker's requests in flight (Throttle.together: the run's concurrency
 * bound would otherwise send part of them only after others answered), and says whether they
 * really overlapped (every one sent before any answer came; a rate cap, CONFORMANCE_MAX_RPS,
 * spaces them, and then the run is told so once). oneWins() judges "exactly one succeeded, the
 * others answered S", and its failure lists every answer with its request, so it says what to fix.
 *
 *   const sent = await atOnce(times(3, { client: alice.client, method: 'POST', path: '/user/keys', options: { json } }));
 *   const winner = oneWins(sent, { wins: 201, others: 400, what: 'identical POST /user/keys' });
 *   sent.together;   // true: the 3 requests were in flight together
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
  /** Every request was sent before any answer arrived. */
  together: boolean;
}

/** `n` copies of one request (n identical requests at once). */
export function times(n: number, request: AtOnceRequest): AtOnceRequest[] {
  return Array.from({ length: n }, () => request);
}

/** Of requests that ran from start to end (performance.now()), whether all were in flight at one moment. */
export function overlapped(spans: readonly { start: number; end: number }[]): boolean {
  return spans.length < 2 || Math.max(...spans.map((s) => s.start)) < Math.min(...spans.map((s) => s.end));
}

/**
 * Sends the requests together and returns their answers. Requests of clients of one throttle (a
 * worker's clients all share the session's) get their places together; clients of several
 * throttles are sent at once without that guarantee (`together` says how it went).
 */
export async function atOnce(requests: readonly AtOnceRequest[]): Promise<AtOnceAnswers> {
  const throttles = new Set(requests.map((r) => r.client.options.throttle ?? defaultThrottle()));
  const start = () =>
    requests.map(async (r) => {
      const res = await r.client.request(r.method, r.path, r.options);
      const end = performance.now();
      // durationMs runs from the (last) send to the answer: after any wait for a place or a rate slot.
      return { res, span: { start: end - res.durationMs, end } };
    });
  const pending = throttles.size === 1 ? await [...throttles][0].together(requests.length, start) : start();
  const done = await Promise.all(pending);
  const together = overlapped(done.map((d) => d.span));
  if (!together) {
    noteForRun(
      `Requests meant to be in flight together were not (the rate cap CONFORMANCE_MAX_RPS spaces them, or the target answered one before the next was sent): the race checks judged answers sent one after another.`,
    );
  }
  return { requests, answers: done.map((d) => d.res), together };
}

const cut = (text: string | undefined, max = 160) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}…` : text);

/** Each request and its answer, one line each: `1. alice: POST /api/v4/user/keys {"title":…} -> 400 {"message":…}`. */
export function answerLines(sent: AtOnceAnswers): string[] {
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
  /** The status every other request answers (400, 404). */
  others: number;
  /** The requests, in words ('identical POST /user/keys', 'PUT /users/:id of two users with one new e-mail'). */
  what: string;
}

/**
 * Exactly one answer is `wins` and every other is `others`; returns the winner's index. A failure
 * lists every answer, with its request, and judges (for the reproducer) the first answer out of place.
 */
export function oneWins(sent: AtOnceAnswers, rule: OneWinsRule): number {
  const statuses = sent.answers.map((r) => r.status);
  const winners = statuses.filter((s) => s === rule.wins).length;
  const ok = winners === 1 && statuses.every((s) => s === rule.wins || s === rule.others);
  if (ok) return statuses.indexOf(rule.wins);
  const n = sent.answers.length;
  const firstWin = statuses.indexOf(rule.wins);
  const outOfPlace = statuses.findIndex((s, i) => (s === rule.wins ? i !== firstWin : s !== rule.others));
  const judged = sent.answers[outOfPlace === -1 ? 0 : outOfPlace];
  const timing = sent.together ? 'sent together' : 'sent one after another (they could not be sent together)';
  throw new ConformanceFailure(
    [
      `Of ${n} ${rule.what} ${timing}, exactly one MUST answer ${rule.wins} and the others ${rule.others}, whatever the timing. The answers:`,
      ...answerLines(sent).map((l) => `  ${l}`),
    ].join('\n'),
    `one ${rule.wins}, ${n - 1} x ${rule.others}`,
    statuses.join(', '),
    { judged },
  );
}
