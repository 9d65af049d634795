/**
 * Every declared variation of the reference server, collected from the modules that declare
 * them (`*.variations.ts` beside the code they change), and what a set of them switched on
 * makes of the shared variation points. FAULTS (faults.ts) and the mutation catalogue are
 * derived from this list.
 *
 *   const v = createVariations(['pagination.no-link-last', 'epics.disabled']);
 *   v.has('epics.disabled');             // true
 *   v.paging.links(...)                  // the spec's links without rel="last"
 */
import { AUTH_VARIATIONS } from '../auth.variations.ts';
import { ERROR_VARIATIONS } from '../errors.variations.ts';
import { PAGINATION_VARIATIONS } from '../pagination.variations.ts';
import { PARSE_VARIATIONS } from '../parse.variations.ts';
import { STATUS_VARIATIONS } from '../respond.variations.ts';
import { FORMAT_VARIATIONS } from '../serialize.variations.ts';
import { BROADCAST_MESSAGES_VARIATIONS } from '../resources/broadcast-messages/broadcast-messages.variations.ts';
import { CLUSTERS_VARIATIONS } from '../resources/clusters/clusters.variations.ts';
import { DEPENDENCIES_VARIATIONS } from '../resources/dependencies/dependencies.variations.ts';
import { EMAILS_VARIATIONS } from '../resources/emails/emails.variations.ts';
import { EPICS_VARIATIONS } from '../resources/epics/epics.variations.ts';
import { EPICS_PLATFORM_VARIATIONS } from '../resources/epics/epics.platform.variations.ts';
import { GPG_KEYS_VARIATIONS } from '../resources/gpg-keys/gpg-keys.variations.ts';
import { IMPERSONATION_TOKENS_VARIATIONS } from '../resources/impersonation-tokens/impersonation-tokens.variations.ts';
import { PROJECTS_VARIATIONS } from '../resources/projects/projects.variations.ts';
import { SSH_KEYS_VARIATIONS } from '../resources/ssh-keys/ssh-keys.variations.ts';
import { USER_ACTIVITIES_VARIATIONS } from '../resources/users/user-activities.variations.ts';
import { USER_CREATE_VARIATIONS } from '../resources/users/user-create.variations.ts';
import { USER_LIST_VARIATIONS } from '../resources/users/user-list.variations.ts';
import { USER_MEMBERSHIPS_VARIATIONS } from '../resources/users/user-memberships.variations.ts';
import { USER_STATES_VARIATIONS } from '../resources/users/user-states.variations.ts';
import { USER_STATUS_VARIATIONS } from '../resources/users/user-status.variations.ts';
import { USERS_VARIATIONS } from '../resources/users/users.variations.ts';
import { VARIABLES_VARIATIONS } from '../resources/variables/variables.variations.ts';
import { UNIQUE_INDEX_VARIATIONS } from '../domain/unique-index.variations.ts';
import type { AuthNeed, AuthPolicy } from './auth-policy.ts';
import { SPEC_AUTH } from './auth-policy.ts';
import type { CapabilityOption, CapabilityVariation, FaultVariation, Variation } from './declaration.ts';
import { SPEC_PAGING, type PagingPolicy } from './paging-policy.ts';
import { SPEC_WIRE, type WirePolicy } from './wire-policy.ts';
import { applyPolicyPatches, type PolicyPatches, type ResourcePolicies } from './resource-policies.ts';

export const VARIATIONS = [
  ...STATUS_VARIATIONS,
  ...BROADCAST_MESSAGES_VARIATIONS,
  ...PAGINATION_VARIATIONS,
  ...ERROR_VARIATIONS,
  ...AUTH_VARIATIONS,
  ...FORMAT_VARIATIONS,
  ...PARSE_VARIATIONS,
  ...EPICS_VARIATIONS,
  ...EPICS_PLATFORM_VARIATIONS,
  ...IMPERSONATION_TOKENS_VARIATIONS,
  ...SSH_KEYS_VARIATIONS,
  ...GPG_KEYS_VARIATIONS,
  ...EMAILS_VARIATIONS,
  ...USER_STATES_VARIATIONS,
  ...USER_ACTIVITIES_VARIATIONS,
  ...USER_STATUS_VARIATIONS,
  ...USER_MEMBERSHIPS_VARIATIONS,
  ...USER_LIST_VARIATIONS,
  ...USERS_VARIATIONS,
  ...USER_CREATE_VARIATIONS,
  ...CLUSTERS_VARIATIONS,
  ...VARIABLES_VARIATIONS,
  ...DEPENDENCIES_VARIATIONS,
  ...PROJECTS_VARIATIONS,
  ...UNIQUE_INDEX_VARIATIONS,
] as const satisfies readonly Variation[];

type Declared = (typeof VARIATIONS)[number];
export type VariationId = Declared['id'];
export type FaultId = Extract<Declared, { kind: 'fault' }>['id'];
export type CapabilityId = Extract<Declared, { kind: 'capability' }>['id'];

const BY_ID = new Map<string, Variation>(VARIATIONS.map((v) => [v.id, v]));
if (BY_ID.size !== VARIATIONS.length) {
  const seen = new Set<string>();
  const twice = VARIATIONS.filter((v) => seen.size === seen.add(v.id).size).map((v) => v.id);
  throw new Error(`Variations declared twice: ${twice.join(', ')}`);
}

export const FAULT_VARIATIONS: readonly (FaultVariation & { id: FaultId })[] = VARIATIONS.filter(
  (v): v is Extract<Declared, { kind: 'fault' }> => v.kind === 'fault',
);
export const CAPABILITY_VARIATIONS: readonly (CapabilityVariation & { id: CapabilityId })[] = VARIATIONS.filter(
  (v): v is Extract<Declared, { kind: 'capability' }> => v.kind === 'capability',
);

/** The reference's profiles: the spec (default), or the real platform's behaviour where it departs from the spec. */
export type Profile = 'spec' | 'platform';
export const PROFILES: readonly Profile[] = ['spec', 'platform'];

/** What the platform profile switches on: departures, faults the platform shares, capabilities it defaults to. */
export const PLATFORM_PROFILE: readonly Variation[] = (VARIATIONS as readonly Variation[]).filter(
  (v) => v.kind === 'platform' || v.platform !== undefined,
);

/**
 * The ids a profile switches on, beside the faults and capabilities asked for: none for the spec;
 * for the platform every PLATFORM_PROFILE entry but a settable capability whose option is
 * explicitly false (an installation that changed that setting: REFERENCE_CLUSTERS_HIDDEN=0).
 */
export function profileIds(profile: Profile, options: Partial<Record<CapabilityOption, boolean>> = {}): VariationId[] {
  if (profile !== 'platform') return [];
  return PLATFORM_PROFILE.filter((v) => !(v.kind === 'capability' && v.settable && options[v.option] === false)).map(
    (v) => v.id as VariationId,
  );
}

/** A set of variations switched on, and the variation points as they make them. */
export interface Variations {
  has(id: VariationId): boolean;
  readonly active: ReadonlySet<VariationId>;
  readonly paging: PagingPolicy;
  readonly auth: AuthPolicy;
  readonly wire: WirePolicy;
  /** Route auth needs replaced, keyed 'METHOD /path' as registered. */
  readonly routeAuth: ReadonlyMap<string, AuthNeed>;
  /** The variation points of single resources, as the active variations make them. */
  readonly policies: ResourcePolicies;
}

/** Applies the active declarations to the spec's policies, in declaration order. */
export function createVariations(ids: Iterable<VariationId>): Variations {
  const active = new Set<VariationId>(ids);
  let paging = SPEC_PAGING;
  let auth = SPEC_AUTH;
  let wire = SPEC_WIRE;
  const routeAuth = new Map<string, AuthNeed>();
  const patches: PolicyPatches[] = [];
  for (const v of VARIATIONS as readonly Variation[]) {
    if (!active.has(v.id as VariationId)) continue;
    if (v.policies) patches.push(v.policies);
    if (v.paging) paging = v.paging(paging);
    if (v.auth) auth = v.auth(auth);
    if (v.wire) wire = v.wire(wire);
    for (const [route, need] of Object.entries(v.routeAuth ?? {})) routeAuth.set(route, need);
  }
  return { has: (id) => active.has(id), active, paging, auth, wire, routeAuth, policies: applyPolicyPatches(patches) };
}
