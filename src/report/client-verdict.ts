/**
 * The verdict of `certify-client` (pure): PASS when the client's command exited 0 and no client
 * finding is outside the baseline; FAIL otherwise, saying which of the two (or both). Its reports
 * are written by client-verdict-files.ts.
 *
 *   const v = clientVerdict({ command: { argv: ['pytest'], exitCode: 0, signal: null, durationMs: 900 },
 *                             findings, requests: { listUsers: 3 }, baseline, today: '2026-11-25' });
 *   v.verdict   // 'fail'
 *   verdictLine(v)
 *   // 'FAIL: 1 client finding outside the baseline (token-in-query GET /user private_token)'
 */
import { applyClientBaseline, findingOperation, type ClientBaselineOutcome, type ClientFindingFacts } from './client-baseline.ts';
import type { Baseline, KnownBy } from './baseline.ts';

/** A client finding as the strict judge reports it (src/reference/strict/findings.ts), tokens already redacted. */
export interface ClientFinding extends ClientFindingFacts {
  detail: string;
  request: { method: string; url: string };
  reproducer: string;
}

/** How the client's command ended. */
export interface CommandOutcome {
  argv: string[];
  /** Its exit code; null when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
  /** certify-client was asked to stop (SIGINT/SIGTERM) and passed the signal on. */
  interrupted?: string;
}

export interface ClientVerdictInput {
  command: CommandOutcome;
  findings: readonly ClientFinding[];
  /** Requests the strict judge judged, by operationId. */
  requests: Record<string, number>;
  baseline?: Baseline;
  /** YYYY-MM-DD (UTC), for the baseline's dates. */
  today: string;
  /** The reference's profile (spec or platform). */
  profile: string;
}

export interface ClientVerdict {
  verdict: 'pass' | 'fail';
  /** Why it failed: the command, the findings outside the baseline, or both (empty on a pass). */
  reasons: string[];
  command: CommandOutcome & { ok: boolean; line: string };
  profile: string;
  /** Findings outside the baseline: they fail the verdict. (`findings`, as serve --strict's report: conformance baseline adopts it.) */
  findings: (ClientFinding & { operation: string })[];
  /** Findings the baseline excuses. */
  knownFindings: (ClientFinding & { operation: string; known: KnownBy })[];
  /** Requests judged, by operation ('GET /users'), in the order first seen. */
  requests: Record<string, number>;
  baseline?: ClientBaselineOutcome;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How the command ended, in words: 'exited 0', 'was ended by SIGKILL', 'was interrupted (SIGINT passed on) and exited 130'. */
export function commandLine(c: CommandOutcome): string {
  const ended = c.exitCode !== null ? `exited ${c.exitCode}` : `was ended by ${c.signal ?? 'a signal'}`;
  return c.interrupted ? `was interrupted (${c.interrupted} passed on) and ${ended}` : ended;
}

export const findingName = (f: ClientFindingFacts) => `${f.kind} ${findingOperation(f)} ${f.parameter}`;

export function clientVerdict(input: ClientVerdictInput): ClientVerdict {
  const applied = applyClientBaseline(input.findings, input.baseline, input.today);
  const ok = input.command.exitCode === 0 && !input.command.interrupted;
  const line = commandLine(input.command);
  const reasons: string[] = [];
  if (!ok) reasons.push(`the command ${line}`);
  if (applied.outside.length) {
    const names = applied.outside.map(findingName);
    const shown = names.length > 5 ? [...names.slice(0, 5), `${names.length - 5} more`] : names;
    reasons.push(`${plural(applied.outside.length, 'client finding')} outside the baseline (${shown.join(', ')})`);
  }
  const requests: Record<string, number> = {};
  for (const [operationId, n] of Object.entries(input.requests)) {
    const operation = findingOperation({ operationId });
    requests[operation] = (requests[operation] ?? 0) + n;
  }
  return {
    verdict: reasons.length ? 'fail' : 'pass',
    reasons,
    command: { ...input.command, ok, line },
    profile: input.profile,
    findings: applied.outside.map((f) => ({ ...f, operation: findingOperation(f) })),
    knownFindings: applied.known.map((f) => ({ ...f, operation: findingOperation(f) })),
    requests,
    ...(applied.outcome && { baseline: applied.outcome }),
  };
}

/** The one line the command line prints at the end. */
export function verdictLine(v: ClientVerdict): string {
  if (v.verdict === 'fail') return `FAIL: ${v.reasons.join('; ')}`;
  const known = v.knownFindings.length ? ` (${plural(v.knownFindings.length, 'known finding')} excused by the baseline)` : '';
  const judged = Object.values(v.requests).reduce((a, b) => a + b, 0);
  return `PASS: the command exited 0 and no client finding is outside the baseline${known}; ${plural(judged, 'request')} judged`;
}
