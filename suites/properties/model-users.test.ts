/**
 * Model-based test of the user state machine: random sequences of block, unblock, deactivate,
 * activate and API use on a fresh user, the model (models/users.ts) as the oracle, drawn only
 * where the spec's table fixes the answer.
 */
import { describe } from 'vitest';
import { clauseTest } from '../../src/kit/index.ts';
import { dropUser, USER_COMMANDS, userSetup } from './models/users.ts';
import { runModel } from './models/run-model.ts';

describe.concurrent('user state model', () => {
  clauseTest(
    'users.block.state',
    'any sequence of block, unblock, deactivate, activate and API use answers as the state table says',
    async (ctx) => {
      await runModel(ctx, USER_COMMANDS, () => userSetup(ctx.s), { teardown: dropUser, scale: 0.4 });
    },
    { timeout: 180_000 },
  );
});
