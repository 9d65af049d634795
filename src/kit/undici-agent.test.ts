/** The Agent is undici's own exported class, loaded from its file alone (an upgrade that moves the file fails here). */
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { AGENT_FILE, Agent } from './undici-agent.ts';

it("is the class undici's index exports, from its own file", () => {
  const require = createRequire(import.meta.url);
  const undici = require('undici') as typeof import('undici');
  expect(require(AGENT_FILE)).toBe(undici.Agent);
  expect(Agent).toBe(undici.Agent);
});
