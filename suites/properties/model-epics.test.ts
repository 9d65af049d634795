/**
 * Model-based test of epics: random sequences of create, close, reopen, update, todo and get in
 * a fresh private group, the model (models/epics.ts) as the oracle: a state change keeps every
 * update, an update keeps the state, a todo is created once and then answers 304.
 */
import { describe } from 'vitest';
import { clauseTest } from '../../src/kit/index.ts';
import { epicsOrSkip } from '../epics/fixtures.ts';
import { dropEpicGroup, EPIC_COMMANDS, epicSetup } from './models/epics.ts';
import { runModel } from './models/run-model.ts';

describe.concurrent('epic model', () => {
  clauseTest(
    'epics.update.fields',
    'any sequence of create, close, reopen, update, todo and get keeps every epic as the model says',
    async (ctx) => {
      await epicsOrSkip(ctx.s, ctx.skip);
      await runModel(ctx, EPIC_COMMANDS, () => epicSetup(ctx.s), { teardown: dropEpicGroup, scale: 0.6 });
    },
    { timeout: 180_000 },
  );
});
