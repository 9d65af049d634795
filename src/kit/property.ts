/**
 * Property runs against the target: fast-check properties seeded from the run's seed, sized by
 * CONFORMANCE_NUM_RUNS, whose failure is shrunk, replayed once more to capture every request it
 * sends, and thrown as a PropertyFailure that the reports print with its seed, its shrunk
 * counterexample and one curl command per request (a replayable list).
 *
 *   clauseTest('broadcast.create.message', 'what is created is read back', async (ctx) => {
 *     await forAll(ctx, messageArb, async (message) => {
 *       const res = await ctx.s.admin.post('/broadcast_messages', { json: { message } });
 *       requireThat(res.json.message === message, 'The server MUST keep the message as sent.', message, res.json.message);
 *     });
 *   });
 *
 * The seed of a property is derived from the run's seed and the test's name, so a property sends
 * the same requests whatever order or worker it runs in, and CONFORMANCE_SEED replays a run.
 * A property whose runs share nothing says so (`{ sideBySide: true }`): in a certification its
 * runs then go side by side, as many at once as the worker's share of the concurrency; each run
 * names and records its requests as its own (recorder.ts inPropertyRun), so the same seed still
 * sends the same requests, run by run.
 */
import fc from 'fast-check';
import { ConformanceFailure, show } from './checks.ts';
import { toCurl } from './curl.ts';
import { inPropertyRun, startCapture, stopCapture } from './recorder.ts';
import type { Session } from './session.ts';

export interface PropertyContext {
  s: Session;
  task: { name: string };
}

export interface PropertyOptions {
  /** Runs of this property; default CONFORMANCE_NUM_RUNS. */
  runs?: number;
  /** Multiplies the default number of runs (for properties that cost many requests each); at least 1 run. */
  scale?: number;
  /**
   * Its runs share nothing (each makes its own resources and changes nothing another run reads),
   * so they may go side by side, up to the worker's share of the run's concurrency (s.runsAtOnce).
   */
  sideBySide?: boolean;
}

/** Options of forAll: PropertyOptions and values checked on every run, before the generated ones. */
export interface ForAllOptions<T> extends PropertyOptions {
  /** Cases no run may miss, whatever the seed draws (e.g. a collection deep enough for page 11). */
  examples?: T[];
}

/** A failed property: the original requirement, plus what reproduces it. */
export class PropertyFailure extends ConformanceFailure {
  readonly counterexample: string;
  readonly reproduce: string;
  constructor(
    cause: unknown,
    details: {
      seed: number;
      path?: string;
      runs: number;
      shrinks: number;
      counterexample: unknown;
      curls: string[];
      replayed: boolean;
      /** It failed only with other runs side by side: alone, it passed. */
      onlySideBySide?: boolean;
      /** The run's redaction: a counterexample may hold a secret the property generated (a cluster token). */
      redact?: (text: string) => string;
    },
  ) {
    const c = cause instanceof ConformanceFailure ? cause : undefined;
    const where = `property seed ${details.seed}, path ${details.path ?? '-'}, failed after ${details.runs} run(s), shrunk ${details.shrinks} time(s)`;
    const replay = details.onlySideBySide
      ? '; it failed with other runs side by side and passed alone'
      : details.replayed
        ? ''
        : '; the shrunk case did not fail again on replay';
    const requirement = `${c ? c.requirement : firstLine(cause)} [${where}${replay}]`;
    super(requirement, c?.expected, c?.actual, c ? { violates: c.violates, fields: c.fields, resource: c.resource } : {});
    this.name = 'PropertyFailure';
    // Redacted here, not only in the failure record: the test runner's reporters print the error's own fields too.
    const redact = details.redact ?? ((t: string) => t);
    this.counterexample = redact(readable(details.counterexample));
    this.reproduce = details.curls.length ? redact(details.curls.join('\n')) : '(the counterexample sent no request)';
  }
}

/** A counterexample as people read it: its own toString when it has one (fast-check's model-run commands print as `block(), revoke(t1)`), else JSON. */
function readable(v: unknown): string {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Date) return show(v);
  return v.toString !== Object.prototype.toString ? String(v) : show(v);
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';

/** A 32-bit seed from the run's seed and a name (FNV-1a): stable across runs, distinct per property. */
export function propertySeed(runSeed: number, name: string): number {
  let h = 0x811c9dc5; // the run seed is in the hashed text (XOR-ing it in too cancelled out: seeds 1, 2 and 3 gave one property seed)
  for (const ch of `${runSeed}:${name}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return h | 0;
}

export function runsFor(s: Session, options: PropertyOptions = {}): number {
  return options.runs ?? Math.max(1, Math.round(s.target.numRuns * (options.scale ?? 1)));
}

/** A run that failed: its index among the values, the value and what it threw. */
interface FailedRun<T> {
  index: number;
  value: T;
  error: unknown;
}

/**
 * Runs `check` on every value, `width` at a time, each as a property run of its own (its names
 * and HAR entries carry its index, so the same seed sends the same requests per run); after a
 * failure no other run starts. The first failure by index, or undefined when all passed.
 */
async function runSideBySide<T>(values: T[], width: number, check: (value: T) => Promise<void>): Promise<FailedRun<T> | undefined> {
  const failures: FailedRun<T>[] = [];
  let next = 0;
  const lane = async () => {
    while (next < values.length && failures.length === 0) {
      const index = next++;
      const value = values[index] as T;
      await inPropertyRun(index, () => check(value)).catch((error: unknown) => void failures.push({ index, value, error }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, values.length) }, lane));
  return failures.sort((a, b) => a.index - b.index)[0];
}

/**
 * Checks `predicate` for `runs` generated values; on failure throws a PropertyFailure with the
 * shrunk counterexample and the curl commands of its replay. A `sideBySide` property first runs
 * the examples and the values the seed draws side by side; a failure is then shrunk one run at a
 * time from the value that failed, as without it.
 */
export async function forAll<T>(
  ctx: PropertyContext,
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: ForAllOptions<NoInfer<T>> = {},
): Promise<void> {
  const seed = propertySeed(ctx.s.target.seed, ctx.task.name);
  const numRuns = runsFor(ctx.s, options);
  const width = options.sideBySide ? ctx.s.runsAtOnce : 1;
  let failedSideBySide: FailedRun<T> | undefined;
  if (width > 1) {
    failedSideBySide = await runSideBySide([...(options.examples ?? []), ...fc.sample(arb, { seed, numRuns })], width, predicate);
    if (!failedSideBySide) return;
  }
  // One run at a time (after a side-by-side failure, from the value that failed first): fast-check shrinks what fails.
  const examples = [...(failedSideBySide ? [failedSideBySide.value] : []), ...(options.examples ?? [])].map((e): [T] => [e]);
  const details = await fc.check(
    fc.asyncProperty(arb, async (v) => {
      await predicate(v);
    }),
    { seed, numRuns, examples },
  );
  const found = details.failed
    ? {
        counterexample: details.counterexample?.[0],
        cause: details.errorInstance as unknown,
        path: details.counterexamplePath ?? undefined,
        runs: details.numRuns,
        shrinks: details.numShrinks,
        onlySideBySide: false,
      }
    : failedSideBySide && {
        counterexample: failedSideBySide.value,
        cause: failedSideBySide.error,
        path: undefined,
        runs: failedSideBySide.index + 1,
        shrinks: 0,
        onlySideBySide: true,
      };
  if (!found) return;
  // Replay the shrunk case once, capturing its requests (shrinking ran others since).
  const { cause: firstCause, ...facts } = found;
  let cause = firstCause;
  let replayed = false;
  startCapture();
  try {
    await predicate(found.counterexample as T);
  } catch (e) {
    cause = e;
    replayed = true;
  }
  throw new PropertyFailure(cause, {
    seed,
    ...facts,
    curls: stopCapture().map(toCurl),
    replayed,
    redact: (t) => ctx.s.secrets.redact(t),
  });
}
