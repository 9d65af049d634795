/**
 * SSH keys under concurrency: the same key sent three times at once by one user is registered
 * once (one 201, the others 400), whatever the timing, and the user's list holds it once. A server
 * that checks the fingerprint and then inserts without checking again (check-then-insert) passes
 * every sequential duplicate check and fails this one. "At once": started together, as many in
 * flight together as the worker's share of CONFORMANCE_CONCURRENCY allows (2 by default; src/kit/at-once.ts).
 * A failing race is tried again on a fresh user and key (raceRounds: 3 rounds in all), and its failure
 * says in how many rounds it failed.
 */
import { describe } from 'vitest';
import {
  atOnce,
  clauseTest,
  createUser,
  oneWins,
  PER_PAGE_MAX,
  raceRounds,
  requireThat,
  sameSshKey,
  sshPublicKey,
  times,
} from '../../src/kit/index.ts';

/** Requests sent together: a few, as a client retrying or several tabs would. */
const AT_ONCE = 3;

describe('POST /user/keys sent together', () => {
  clauseTest(
    'keys.create_own.duplicate_status',
    `${AT_ONCE} identical POST /user/keys sent at once by one user: exactly one answers 201, the others 400, and the key is listed once`,
    async ({ s }) => {
      await raceRounds(async () => {
        const alice = await createUser(s);
        const key = await sshPublicKey('ed25519', `${alice.username}@example.com`);
        const json = { title: 'kit key sent together', key: key.text };
        const sent = await atOnce(
          times(AT_ONCE, { client: alice.client, method: 'POST', path: '/user/keys', options: { json }, who: alice.username }),
        );
        oneWins(sent, { wins: 201, others: 400, what: 'identical POST /user/keys (one key, one user)' });
        const list = await alice.client.get('/user/keys', { query: { per_page: PER_PAGE_MAX } });
        const listed = Array.isArray(list.json)
          ? (list.json as Record<string, any>[]).filter((k) => sameSshKey(String(k.key), key.text)).length
          : 0;
        requireThat(listed === 1, 'A key registered once MUST be listed once by GET /user/keys.', 1, listed);
      });
    },
  );
});
