/**
 * The proof of each fault gpg-keys.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'gpg.parse-error-500'
 */
import { expect } from 'vitest';
import { gpgPublicKey } from '../../../kit/generators/gpg-keys.ts';
import { ownershipCase } from '../../fixtures.fault-cases.ts';
import type { Case } from '../../testing.ts';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { GPG_KEYS_VARIATIONS } from './gpg-keys.variations.ts';

export const GPG_KEYS_FAULT_CASES = {
  'gpg.parse-error-500': {
    healthy: async (t) => {
      const k = await gpgPublicKey();
      const jane = await t.user('jane');
      const broken = k.armored.replace(/\n\n[\s\S]*\n-----END/, '\n\nbm90IGEga2V5\n-----END');
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: broken } })).statusCode).toBe(400);
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: k.armored } })).statusCode).toBe(201);
    },
    faulty: async (t) => {
      const k = await gpgPublicKey();
      const jane = await t.user('jane');
      const broken = k.armored.replace(/\n\n[\s\S]*\n-----END/, '\n\nbm90IGEga2V5\n-----END');
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: broken } })).statusCode).toBe(500);
      expect((await t.req('POST', '/user/gpg_keys', { token: jane.token, body: { key: 'not armored' } })).statusCode).toBe(400);
    },
  },
  'gpg.other-users-key-readable': ownershipCase('gpg_keys', 'GET'),
  'gpg.other-users-key-deletable': ownershipCase('gpg_keys', 'DELETE'),
} satisfies Record<FaultIdOf<typeof GPG_KEYS_VARIATIONS>, Case>;
