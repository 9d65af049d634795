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
 */
import fc from 'fast-check';
import { ConformanceFailure, show } from './checks.ts';
import { toCurl } from './curl.ts';
import { startCapture, stopCapture } from './recorder.ts';
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
    details: { seed: number; path?: string; runs: number; shrinks: number; counterexample: unknown; curls: string[]; replayed: boolean },
  ) {
    const c = cause instanceof ConformanceFailure ? cause : undefined;
    const where = `property seed ${details.seed}, path ${details.path ?? '-'}, failed after ${details.runs} run(s), shrunk ${details.shrinks} time(s)`;
    const requirement = `${c ? c.requirement : firstLine(cause)} [${where}${details.replayed ? '' : '; the shrunk case did not fail again on replay'}]`;
    super(requirement, c?.expected, c?.actual);
    this.name = 'PropertyFailure';
    this.counterexample = readable(details.counterexample);
    this.reproduce = details.curls.length ? details.curls.join('\n') : '(the counterexample sent no request)';
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

/**
 * Checks `predicate` for `runs` generated values; on failure throws a PropertyFailure with the
 * shrunk counterexample and the curl commands of its replay.
 */
export async function forAll<T>(
  ctx: PropertyContext,
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: ForAllOptions<NoInfer<T>> = {},
): Promise<void> {
  const seed = propertySeed(ctx.s.target.seed, ctx.task.name);
  const numRuns = runsFor(ctx.s, options);
  const examples = (options.examples ?? []).map((e): [T] => [e]);
  const details = await fc.check(
    fc.asyncProperty(arb, async (v) => {
      await predicate(v);
    }),
    { seed, numRuns, examples },
  );
  if (!details.failed) return;
  const [counterexample] = details.counterexample ?? [];
  // Replay the shrunk case once, capturing its requests (shrinking ran others since).
  let cause: unknown = details.errorInstance;
  let replayed = false;
  startCapture();
  try {
    await predicate(counterexample as T);
  } catch (e) {
    cause = e;
    replayed = true;
  }
  const captured = stopCapture();
  throw new PropertyFailure(cause, {
    seed,
    path: details.counterexamplePath ?? undefined,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    counterexample,
    curls: captured.map(toCurl),
    replayed,
  });
}
