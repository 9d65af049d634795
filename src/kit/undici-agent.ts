/**
 * undici's Agent, loaded alone: the package's index also loads fetch, WebSocket, EventSource, the
 * cache and the mocks, none of which the kit uses, and every worker paid for them (about 60 ms of
 * CPU each; issue 21 bench). undici has no exports map, so the file is reachable; a version that
 * moves it falls back to the index, and undici-agent.test.ts fails on such an upgrade here.
 *
 *   const agent = new Agent({ keepAliveTimeout: 10_000, connections: 32 });
 */
import { createRequire } from 'node:module';
import type { Agent as UndiciAgent } from 'undici';

/** Where the class lives in undici 7. */
export const AGENT_FILE = 'undici/lib/dispatcher/agent.js';

function loadAgent(): typeof UndiciAgent {
  const require = createRequire(import.meta.url);
  try {
    const agent: unknown = require(AGENT_FILE);
    if (typeof agent === 'function') return agent as typeof UndiciAgent;
  } catch {
    // Moved in another version of undici: the index has it.
  }
  return (require('undici') as typeof import('undici')).Agent;
}

export type Agent = UndiciAgent;
export const Agent = loadAgent();
