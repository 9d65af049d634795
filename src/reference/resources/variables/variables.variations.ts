/**
 * The declared variations of variables (variables.ts): each fault once, with the clause it breaks
 * and the suites that catch it, the capability its server option switches on and the platform's
 * departure. Each carries its behaviour as a patch of the variables policy (variables.policy.ts),
 * applied in declaration order; the handlers ask the policy, never an id.
 *
 *   REFERENCE_FAULTS=variables.key-sanitized npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';
import { VARIABLE_KEY_CHARACTERS, VARIABLE_KEY_MAX_LENGTH } from '../../../spec/limits.ts';

/** Characters outside the key charset, each to be replaced by _. */
const OUTSIDE_KEY_CHARSET = new RegExp(`[^${VARIABLE_KEY_CHARACTERS}]`, 'g');

export const VARIABLES_VARIATIONS = [
  {
    id: 'variables.key-sanitized',
    kind: 'fault',
    description: 'a variable key with characters outside A-Z a-z 0-9 _ is sanitized (to _) and accepted',
    clause: 'variables.create.key_charset',
    suites: ['suites/variables/create.test.ts'],
    policies: { variables: (p) => ({ ...p, storedKey: (given) => p.storedKey(given).replace(OUTSIDE_KEY_CHARSET, '_') }) },
  },
  {
    id: 'variables.key-truncated',
    kind: 'fault',
    description: 'a variable key over 255 characters is truncated to 255 and accepted',
    clause: 'variables.create.key_too_long',
    suites: ['suites/variables/create.test.ts'],
    policies: { variables: (p) => ({ ...p, storedKey: (given) => p.storedKey(given).slice(0, VARIABLE_KEY_MAX_LENGTH) }) },
  },
  {
    id: 'variables.case-folded-keys',
    kind: 'fault',
    description:
      'variable keys are compared case-insensitively: a key taken in another case is refused as taken, and a lookup may find the key in another case',
    clause: 'variables.key.case_sensitive',
    suites: ['suites/variables/key-case.test.ts'],
    policies: {
      variables: (p) => ({
        ...p,
        sameKey: (a, b) => p.sameKey(a.toLowerCase(), b.toLowerCase()),
        reachesKey: (stored, asked) => p.reachesKey(stored.toLowerCase(), asked.toLowerCase()),
      }),
    },
  },
  {
    id: 'variables.lookup-folds-case',
    kind: 'fault',
    description:
      'GET, PUT and DELETE of /projects/:id/variables/:key find the key in any case (the oldest match): with FOO and foo both created, /variables/foo reaches FOO',
    clause: 'variables.key.case_sensitive',
    suites: ['suites/variables/key-case.test.ts'],
    policies: { variables: (p) => ({ ...p, reachesKey: (stored, asked) => p.reachesKey(stored.toLowerCase(), asked.toLowerCase()) }) },
  },
  {
    id: 'variables.taken-key-replaces',
    kind: 'fault',
    description:
      'POST /projects/:id/variables with a key the project already has in that scope replaces the stored variable (201, the new value)',
    clause: 'variables.create.key_taken',
    suites: ['suites/variables/key-taken.test.ts'],
    policies: { variables: (p) => ({ ...p, takenKeyReplaces: true }) },
  },
  {
    id: 'variables.create-key-race',
    kind: 'fault',
    description:
      'POST /projects/:id/variables checks the key is free in its scope, then awaits a storage round trip, then inserts without checking again: creates of one new key sent together all succeed (201 each)',
    clause: 'variables.create.key_taken',
    suites: ['suites/variables/key-taken-race.test.ts'],
    policies: { variables: (p) => ({ ...p, createPausesBeforeInsert: true }) },
  },
  {
    id: 'variables.show-drops-masked',
    kind: 'fault',
    description: 'GET /projects/:id/variables/:key leaves out masked',
    clause: 'variables.get.fields',
    suites: ['suites/variables/read.test.ts'],
    policies: {
      variables: (p) => ({
        ...p,
        showView: (view) => {
          const { masked: _dropped, ...rest } = p.showView(view);
          return rest;
        },
      }),
    },
  },
  {
    id: 'variables.default-scope-blank',
    kind: 'fault',
    description: 'a variable created without environment_scope gets an empty scope instead of *',
    clause: 'variables.create.environment_scope_default',
    suites: ['suites/variables/create.test.ts'],
    // No default scope and no presence check.
    policies: { variables: (p) => ({ ...p, defaultScope: '', blankScopeAllowed: true }) },
  },
  {
    id: 'variables.default-type-file',
    kind: 'fault',
    description: 'a variable created without variable_type gets file instead of env_var',
    clause: 'variables.create.variable_type_default',
    suites: ['suites/variables/create.test.ts'],
    policies: { variables: (p) => ({ ...p, defaultVariableType: 'file' }) },
  },
  {
    id: 'variables.filter-ignored-on-update',
    kind: 'fault',
    description: 'PUT /projects/:id/variables/:key ignores filter[environment_scope]',
    clause: 'variables.filter.get',
    suites: ['suites/variables/filter.test.ts'],
    policies: { variables: (p) => ({ ...p, updateReadsScopeFilter: false }) },
  },
  {
    id: 'variables.scope-filter',
    kind: 'capability',
    description:
      'filter[environment_scope] is offered on the variables API: the spec puts it behind a feature flag off by default; current platform releases always offer it (on in the platform profile, with no switch off there)',
    option: 'variablesScopeFilter',
    env: 'REFERENCE_VARIABLES_SCOPE_FILTER',
    policies: { variables: (p) => ({ ...p, scopeFilterOffered: true }) },
    platform: {
      source:
        'lib/api/helpers/variables_helpers.rb (find_variable: Ci::VariablesFinder.new(owner, params) filters by filter[environment_scope] whenever given, several matches conflict! 409; no feature flag)',
      fidelity:
        '`filter[environment_scope]` is always offered on `GET`, `PUT` and `DELETE /projects/:id/variables/:key`: it selects the variable of that scope, and a key several scopes hold answers 409 without it (a capability the spec puts behind a flag off by default; the platform has no such flag, so the platform profile has it on, whatever `REFERENCE_VARIABLES_SCOPE_FILTER` says).',
      known: [],
      expires: '2027-06-30',
    },
  },
  {
    id: 'platform.variable-update-value-optional',
    kind: 'platform',
    description: 'PUT /projects/:id/variables/:key without value answers 200 and keeps the old value',
    suites: ['suites/variables/read.test.ts'],
    source: 'lib/api/ci/variables.rb (PUT :id/variables/:key: optional :value)',
    fidelity: '`PUT /projects/:id/variables/:key` without `value` answers 200 and keeps the old value, where the spec says 400.',
    known: [
      {
        clause: 'variables.update.value_required',
        reason: 'PUT /projects/:id/variables/:key without value answers 200 and keeps the old value (value is optional on update).',
      },
    ],
    expires: '2027-06-30',
    policies: { variables: (p) => ({ ...p, updateValueRequired: false }) },
  },
] as const satisfies readonly Variation[];
