/**
 * Model-based test of impersonation tokens: random sequences of create, use, revoke (also
 * repeated), get and list on a fresh user, the model (models/tokens.ts) as the oracle. Only the
 * DELETE of a token revokes it: every other token keeps working and reads active.
 */
import { describe } from 'vitest';
import { clauseTest } from '../../src/kit/index.ts';
import { dropTokenUser, TOKEN_COMMANDS, tokenExamples, tokenSetup } from './models/tokens.ts';
import { runModel } from './models/run-model.ts';

describe.concurrent('impersonation token model', () => {
  clauseTest(
    'tokens.delete.revoked',
    'any sequence of create, use, revoke, get and list: only a DELETE of a token revokes it, revoked tokens are refused and active ones act as the user',
    async (ctx) => {
      await runModel(ctx, TOKEN_COMMANDS, () => tokenSetup(ctx.s), {
        teardown: dropTokenUser,
        maxCommands: 20,
        size: 'max',
        examples: tokenExamples(),
      });
    },
    { timeout: 180_000 },
  );
});
