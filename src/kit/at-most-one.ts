/**
 * "Of several such requests sent at once, at most one succeeds": the judge of the uniqueness rules
 * whose clause names no status for the others (users.create.username_taken, users.create.email_taken,
 * variables.create.key_taken). atMostOneWins() counts the successes (2xx) among answers from
 * atOnce() and fails, listing every answer with its request, when more than one succeeded; it
 * returns the winner's index, or -1 when none did (the clause allows that: whatever the losers
 * answer, a 409, a 400 or an error of the race, is left open). oneWins() (at-once.ts) is the judge
 * when the clause names exactly one winner and the others' status.
 *
 *   const sent = await atOnce(times(3, { client: s.admin, method: 'POST', path: '/users', options: { json } }));
 *   const winner = atMostOneWins(sent, 'POST /users with one new username');   // 0, 1, 2 or -1
 */
import type { AtOnceAnswers } from './at-once.ts';
import { ConformanceFailure } from './checks.ts';

const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Each request and its answer, one line each: `1. admin: POST /api/v4/users {"username":…} -> 409 {"message":…}`. */
function answerList(sent: AtOnceAnswers): string[] {
  return sent.answers.map((res, i) => {
    const who = sent.requests[i]?.who ?? `request ${i + 1}`;
    const body = res.requestBody === undefined ? '' : ` ${cut(res.requestBody)}`;
    const answer = res.error ? `no answer (${res.error})` : `${res.status} ${cut(res.text)}`;
    return `${i + 1}. ${who}: ${res.method} ${new URL(res.url).pathname}${body} -> ${answer}`;
  });
}

const succeeded = (status: number) => status >= 200 && status < 300;

/** At most one answer is a success (2xx); returns its index, -1 when none is. `what` names the requests, in words. */
export function atMostOneWins(sent: AtOnceAnswers, what: string): number {
  const statuses = sent.answers.map((r) => r.status);
  const wins = statuses.filter(succeeded).length;
  if (wins <= 1) return statuses.findIndex(succeeded);
  const n = sent.answers.length;
  const timing =
    sent.peak > 1 ? `sent at once (at most ${sent.peak} in flight together)` : 'sent in turn (they could not be in flight together)';
  const second = statuses.findIndex((s, i) => succeeded(s) && i !== statuses.findIndex(succeeded));
  throw new ConformanceFailure(
    [
      `Of ${n} ${what} ${timing}, at most one MUST succeed, whatever the timing. The answers:`,
      ...answerList(sent).map((l) => `  ${l}`),
    ].join('\n'),
    'at most one 2xx',
    statuses.join(', '),
    { judged: sent.answers[second] },
  );
}
