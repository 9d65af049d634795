/**
 * Model-based testing against the target: random command sequences (fast-check `fc.commands`)
 * run from a fresh set-up each time, with the model as the oracle. A failing sequence is shrunk
 * to a minimal one, which the report prints as the commands' names (e.g. `create(t1),revoke(t1),use(t1)`)
 * plus one curl per request of its replay (see forAll).
 *
 *   await runModel(ctx, [fc.constant(new Block()), fc.constant(new Unblock())], async () => ({ model, real }), { teardown });
 *
 * Commands keep their state in the model and the real-side object, never in themselves (shrinking
 * runs the same command objects again), except the label they print, set when they run.
 */
import { fc, forAll, type ClauseContext, type PropertyOptions } from '../../../src/kit/index.ts';

export interface ModelOptions<M extends object, R> extends PropertyOptions {
  /** Longest sequence (default 12). */
  maxCommands?: number;
  /** fast-check's size of the sequences ('max': lengths spread up to maxCommands, for bugs that need several steps). */
  size?: fc.SizeForArbitrary;
  /**
   * Removes what a passing run's set-up made. A failing run keeps it (the end-of-run cleanup removes
   * it from the ledger), so the report's last exchange is the failing request, not the teardown.
   */
  teardown?: (real: R) => Promise<void>;
  /** Sequences every run plays first, whatever the seed draws (steps a bug needs in one order). */
  examples?: fc.AsyncCommand<M, R>[][];
}

export async function runModel<M extends object, R>(
  ctx: Pick<ClauseContext, 's' | 'task'>,
  commands: fc.Arbitrary<fc.AsyncCommand<M, R>>[],
  setup: () => Promise<{ model: M; real: R }>,
  options: ModelOptions<M, R> = {},
): Promise<void> {
  const arb = fc.commands(commands, { maxCommands: options.maxCommands ?? 12, size: options.size });
  await forAll(
    ctx,
    arb,
    async (cmds) => {
      const state = await setup();
      await fc.asyncModelRun(() => state, cmds);
      await options.teardown?.(state.real);
    },
    // Each run sets up a world of its own (a fresh user, group or project): runs share nothing.
    { sideBySide: true, ...options },
  );
}
