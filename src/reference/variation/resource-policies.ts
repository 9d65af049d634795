/**
 * The variation points of single resources, beside the shared ones (paging, auth, wire): each
 * resource whose handlers vary by more than a switch or two keeps its spec behaviour as hooks in
 * its own `*.policy.ts`, and a declaration patches them (`policies: { userList: (p) => ... }`).
 * The registry applies the active declarations in order, as it does for the shared points.
 *
 *   ctxOf(request).variations.policies.userList.usernameMatches('ROOT', 'root')   // true on the spec
 */
import { SPEC_EPICS, type EpicsPolicy } from '../resources/epics/epics.policy.ts';
import { SPEC_USER_LIST, type UserListPolicy } from '../resources/users/user-list.policy.ts';
import { SPEC_USER_STATES, type UserStatesPolicy } from '../resources/users/user-states.policy.ts';
import { SPEC_VARIABLES, type VariablesPolicy } from '../resources/variables/variables.policy.ts';

export interface ResourcePolicies {
  readonly userList: UserListPolicy;
  readonly userStates: UserStatesPolicy;
  readonly epics: EpicsPolicy;
  readonly variables: VariablesPolicy;
}

export const SPEC_RESOURCE_POLICIES: ResourcePolicies = {
  userList: SPEC_USER_LIST,
  userStates: SPEC_USER_STATES,
  epics: SPEC_EPICS,
  variables: SPEC_VARIABLES,
};

/** What a declaration carries to the resources' points: a patch per resource it changes. */
export type PolicyPatches = { readonly [K in keyof ResourcePolicies]?: (policy: ResourcePolicies[K]) => ResourcePolicies[K] };

/** The spec's policies with the patches applied in order. */
export function applyPolicyPatches(patches: readonly PolicyPatches[]): ResourcePolicies {
  let policies: ResourcePolicies = SPEC_RESOURCE_POLICIES;
  for (const patch of patches) {
    for (const key of Object.keys(patch) as (keyof ResourcePolicies)[]) {
      const apply = patch[key] as ((p: ResourcePolicies[typeof key]) => ResourcePolicies[typeof key]) | undefined;
      if (apply) policies = { ...policies, [key]: apply(policies[key]) };
    }
  }
  return policies;
}
