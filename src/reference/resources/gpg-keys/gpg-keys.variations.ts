/**
 * The declared variations of gpg keys (gpg-keys.ts): each fault once, with the clause it breaks
 * and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=gpg.parse-error-500 npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const GPG_KEYS_VARIATIONS = [
  {
    id: 'gpg.parse-error-500',
    kind: 'fault',
    description: 'an armored block openpgp cannot parse ends in a 500',
    clause: 'errors.validation.status',
    suites: ['suites/gpg-keys/own.test.ts'],
  },
] as const satisfies readonly Variation[];
