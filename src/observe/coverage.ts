/**
 * Coverage by operation: of the exchanges matched to an operation of the spec, how many were seen,
 * judged in full, judged without the caller (an answer that depends on who calls, from a caller
 * observe could not tell), and not judged, by reason. Each Observation keeps one (one per judge
 * worker); mergeCoverage adds them up (the workers' snapshots, `observe --merge-reports`). Its plain
 * form is the snapshot's and summary.json's `operations.seen`: each entry keeps `count` (the
 * exchanges seen, as before) with the tallies beside it. Seen is always judged in full + judged
 * without the caller + every reason not judged: an exchange seen whose judging threw before its
 * outcome was recorded is `judgeFailed`. Exchanges the pool shed or sampled out never reach a judge:
 * they have no operation, and are totals (withoutOperation), not rows.
 *
 *   const c = new Coverage();
 *   c.seen('GET /users'); c.outcome('GET /users', 'full');
 *   c.seen('GET /users'); c.outcome('GET /users', 'bodyCut');
 *   c.list()   // [{ operation: 'GET /users', count: 2, judgedInFull: 1, judgedWithoutCaller: 0,
 *              //    notJudged: { noAnswer: 0, bodyCut: 1, bodyLeftOut: 0, judgeFailed: 0 } }]
 *   mergeCoverage([a.list(), b.list()])   // the same tallies, added up by operation
 */

/** Why an exchange of a known operation was not judged (in full). */
export const NOT_JUDGED_REASONS = {
  /** The upstream did not answer (status 0: connection refused, reset; a HAR entry without an answer). */
  noAnswer: 'not answered',
  /** The answer's body was cut at the capture limit: its status and headers judged, not its body. */
  bodyCut: 'body over the capture limit',
  /** observe --har: the recording left the answer's body out (or cut it, or it was over the capture limit). */
  bodyLeftOut: 'body left out of the recording',
  /** The judge threw: the exchange was counted, not judged (judgeErrors counts it too). */
  judgeFailed: 'judge failed',
} as const;

export type NotJudgedReason = keyof typeof NOT_JUDGED_REASONS;
/** How a judged exchange was judged: in full, or without the caller (whose identity the answer depends on). */
export type JudgedAs = 'full' | 'withoutCaller';
/** What Observation.record says of an exchange it saw (a judge that threw says nothing: judgeFailed). */
type Outcome = JudgedAs | Exclude<NotJudgedReason, 'judgeFailed'>;

/** One operation's coverage, as the snapshot and summary.json hold it. */
export interface OperationCoverage {
  /** 'METHOD /path' as the spec writes it. */
  operation: string;
  /** Exchanges seen: matched to this operation (the field older readers know). */
  count: number;
  judgedInFull: number;
  judgedWithoutCaller: number;
  /** Every reason, 0 when none. */
  notJudged: Record<NotJudgedReason, number>;
}

/** An entry as read back (a report of an older kit has `operation` and `count` alone: read as judged in full). */
type CoverageInput = Pick<OperationCoverage, 'operation' | 'count'> & Partial<Omit<OperationCoverage, 'operation' | 'count'>>;

const REASONS = Object.keys(NOT_JUDGED_REASONS) as NotJudgedReason[];
const noReasons = (): Record<NotJudgedReason, number> => ({ noAnswer: 0, bodyCut: 0, bodyLeftOut: 0, judgeFailed: 0 });

/** The exchanges of an entry not judged, whatever the reason. */
export const notJudgedTotal = (o: Pick<OperationCoverage, 'notJudged'>): number => REASONS.reduce((n, r) => n + o.notJudged[r], 0);

export class Coverage {
  private readonly tallies = new Map<string, { seen: number; outcomes: Record<Outcome, number> }>();

  /** One more exchange matched to `operation`: before it is judged (a judge that throws leaves it seen, without an outcome). */
  seen(operation: string): void {
    let t = this.tallies.get(operation);
    if (!t) {
      t = { seen: 0, outcomes: { full: 0, withoutCaller: 0, noAnswer: 0, bodyCut: 0, bodyLeftOut: 0 } };
      this.tallies.set(operation, t);
    }
    t.seen++;
  }

  /** The outcome of the exchange last seen for `operation`. */
  outcome(operation: string, outcome: Outcome): void {
    this.tallies.get(operation)!.outcomes[outcome]++;
  }

  has(operation: string): boolean {
    return this.tallies.has(operation);
  }

  /** The plain form, by operation. */
  list(): OperationCoverage[] {
    return [...this.tallies]
      .map(([operation, { seen, outcomes: o }]) => {
        const told = o.full + o.withoutCaller + o.noAnswer + o.bodyCut + o.bodyLeftOut;
        return {
          operation,
          count: seen,
          judgedInFull: o.full,
          judgedWithoutCaller: o.withoutCaller,
          notJudged: { noAnswer: o.noAnswer, bodyCut: o.bodyCut, bodyLeftOut: o.bodyLeftOut, judgeFailed: seen - told },
        };
      })
      .sort(byOperation);
  }
}

const byOperation = (a: { operation: string }, b: { operation: string }) => a.operation.localeCompare(b.operation);

/** Several lists as one: each operation's tallies added up. An entry without tallies (an older report) counts as judged in full. */
export function mergeCoverage(lists: readonly (readonly CoverageInput[])[]): OperationCoverage[] {
  const byName = new Map<string, OperationCoverage>();
  for (const list of lists)
    for (const e of list) {
      let had = byName.get(e.operation);
      if (!had) {
        had = { operation: e.operation, count: 0, judgedInFull: 0, judgedWithoutCaller: 0, notJudged: noReasons() };
        byName.set(e.operation, had);
      }
      const withoutCaller = e.judgedWithoutCaller ?? 0;
      const notJudged = { ...noReasons(), ...e.notJudged };
      had.count += e.count;
      had.judgedWithoutCaller += withoutCaller;
      had.judgedInFull += e.judgedInFull ?? e.count - withoutCaller - notJudgedTotal({ notJudged });
      for (const r of REASONS) had.notJudged[r] += notJudged[r];
    }
  return [...byName.values()].sort(byOperation);
}

/** Exchanges not judged that have no operation: the pool's shed and sampled out, and judge errors no operation took. */
export interface WithoutOperation {
  shed: number;
  sampledOut: number;
  judgeFailed: number;
}

/** From an observe's counts (shed, sampledOut, judgeErrors, when it has them) and its coverage. */
export function withoutOperation(
  counts: { shed?: number; sampledOut?: number; judgeErrors?: number },
  seen: readonly OperationCoverage[],
): WithoutOperation {
  const taken = seen.reduce((n, o) => n + o.notJudged.judgeFailed, 0);
  return { shed: counts.shed ?? 0, sampledOut: counts.sampledOut ?? 0, judgeFailed: Math.max(0, (counts.judgeErrors ?? 0) - taken) };
}
