/**
 * The declared variations of impersonation tokens (impersonation-tokens.ts): each fault once,
 * with the clause it breaks and the suites that catch it. Behaviour a declaration carries is
 * applied at the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=tokens.value-shown npm run serve
 *   REFERENCE_TOKEN_EXPIRY_REQUIRED=1 npm run serve     # the capability: expires_at required, as the platform's default
 */
import type { Variation } from '../../variation/declaration.ts';

export const IMPERSONATION_TOKENS_VARIATIONS = [
  {
    id: 'tokens.value-shown',
    kind: 'fault',
    description: 'list and single GET of impersonation tokens show the token value',
    clause: 'tokens.list.no_token_value',
    suites: ['suites/impersonation-tokens/read.test.ts'],
  },
  {
    id: 'tokens.revoked-still-accepted',
    kind: 'fault',
    description: 'authentication does not look at the revoked flag: a revoked token still works',
    clause: 'tokens.delete.rejected',
    suites: ['suites/impersonation-tokens/revoke.test.ts'],
    auth: (p) => ({ ...p, revocationChecked: false }),
  },
  {
    id: 'tokens.revoke-noop',
    kind: 'fault',
    description: 'DELETE of an impersonation token answers 204 but leaves it active',
    clause: 'tokens.delete.revoked',
    suites: ['suites/impersonation-tokens/revoke.test.ts'],
  },
  {
    id: 'tokens.impersonation-flag-dropped',
    kind: 'fault',
    description: 'impersonation tokens are shown with impersonation: false',
    clause: 'tokens.field.shape',
    suites: ['suites/impersonation-tokens/create.test.ts'],
  },
  {
    id: 'tokens.state-filter-ignored',
    kind: 'fault',
    description: 'the state filter of the impersonation token list is ignored',
    clause: 'tokens.filter.active',
    suites: ['suites/impersonation-tokens/revoke.test.ts'],
  },
  {
    id: 'tokens.revoke-again-hits-newest',
    kind: 'fault',
    description:
      "revoking a token that is already revoked revokes the user's newest live token instead (a lookup among live tokens misses, and .at(-1) takes the last)",
    clause: 'tokens.delete.revoked',
    suites: ['suites/properties/model-tokens.test.ts'],
  },
  {
    id: 'tokens.revoke-toggles',
    kind: 'fault',
    description:
      'DELETE of an impersonation token flips its revoked flag instead of setting it: a second DELETE of a revoked token makes it active again',
    clause: 'tokens.delete.revoked',
    suites: ['suites/impersonation-tokens/revoke-twice.test.ts'],
  },
  {
    id: 'tokens.expiry-required',
    kind: 'capability',
    description:
      'an impersonation token created without expires_at is refused with 400 {"message":{"expires_at":["can\'t be blank"]}}, as the platform\'s default setting require_personal_access_token_expiry',
    option: 'tokenExpiryRequired',
    env: 'REFERENCE_TOKEN_EXPIRY_REQUIRED',
    platform: {
      source:
        'app/models/personal_access_token.rb (validates :expires_at, presence: true, on: :create unless allow_expires_at_to_be_empty?); ApplicationSettingImplementation.defaults require_personal_access_token_expiry: true',
      fidelity:
        'An impersonation token created without `expires_at` is refused with 400 `{"message":{"expires_at":["can\'t be blank"]}}`, as the platform\'s default setting (a capability; no clause departs: the spec makes `expires_at` optional and the kit always sends one).',
      known: [],
      expires: '2027-06-30',
    },
  },
  {
    id: 'platform.token-scopes-model-validation',
    kind: 'platform',
    description:
      'an impersonation token created without scopes is refused by the model: 400 {"message":{"scopes":["can\'t be blank"]}} (with any other model error), where the spec makes scopes a required parameter, answered {"message":"scopes is missing"} (no clause departs: the kit checks the 400 alone)',
    suites: ['suites/impersonation-tokens/create.test.ts'],
    source:
      'lib/api/users.rb (POST :user_id/impersonation_tokens: optional :scopes; render_validation_error! when the token does not save); app/models/personal_access_token.rb (scopes validated present)',
    fidelity:
      'An impersonation token created without `scopes` is refused by the model, 400 `{"message":{"scopes":["can\'t be blank"]}}` (with any other model error), where the spec makes `scopes` a required parameter (`{"message":"scopes is missing"}`). No clause departs: the kit checks the 400 alone.',
    known: [],
    expires: '2027-06-30',
  },
] as const satisfies readonly Variation[];
