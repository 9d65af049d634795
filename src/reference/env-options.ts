/**
 * Reference-server options read from the environment, in one place, for `conformance serve` and
 * the kit's in-process start. The capability switches come from their declarations (kind
 * 'capability': option and variable); the other options are read here.
 *
 *   startReferenceServer({ ...referenceOptionsFromEnv(process.env), port: 0 });
 *
 * REFERENCE_ADMIN_TOKEN   token of the seeded administrator (random when empty)
 * REFERENCE_FAULTS        comma-separated fault ids (mutation testing; none by default)
 * REFERENCE_PROFILE=platform      the real platform's departures from the spec on (default spec)
 * REFERENCE_LARGE_COLLECTIONS=1   the over-10,000-items pagination rule
 * REFERENCE_EPICS_DISABLED=1      epics unavailable: every epic route answers 403
 * REFERENCE_SEED_LDAP_BLOCKED=u1,u2      users created blocked by directory (LDAP) synchronization
 * REFERENCE_SEED_ACTIVITY=u3:3,u4:40     users created with their last activity that many days ago
 * REFERENCE_VARIABLES_SCOPE_FILTER=1   filter[environment_scope] on the variables API (off by default, as the platform's flag)
 * REFERENCE_DEPENDENCY_FIXTURE=1       every new project gets a fixed, realistic dependency list
 * REFERENCE_CLUSTERS_HIDDEN=1          the cluster API answers 404, as releases without certificate-based clusters
 * REFERENCE_TOKEN_EXPIRY_REQUIRED=1    an impersonation token without expires_at is refused (400), as the platform's default
 * REFERENCE_SEED_GENERATED_USERS=N     N generated users created at start-up, in bulk (benchmarks)
 * REFERENCE_CLOCK_SECONDS=1            a clock that keeps whole seconds (timestamps end in .000), as some conforming servers
 */
import type { ReferenceOptions } from './index.ts';
import { wholeSecondClock } from './clock.ts';
import { generatedUsersFromEnv, seedUsersFromEnv } from './seed-users.ts';
import type { CapabilityOption } from './variation/declaration.ts';
import { CAPABILITY_VARIATIONS, type Profile } from './variation/registry.ts';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const flag = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v ?? '');

/**
 * What the in-process reference of a certification run (npm start, npm test) switches on unless
 * the environment says otherwise: the optional features the kit can then really certify.
 * `conformance serve` keeps the platform's defaults (off).
 */
export const IN_PROCESS_DEFAULTS: Readonly<Record<string, string>> = {
  REFERENCE_VARIABLES_SCOPE_FILTER: '1',
  REFERENCE_DEPENDENCY_FIXTURE: '1',
};

/** Each capability's option from its declared variable (REFERENCE_EPICS_DISABLED=1 -> epicsDisabled: true). */
function capabilitiesFromEnv(env: NodeJS.ProcessEnv): Record<CapabilityOption, boolean> {
  return Object.fromEntries(CAPABILITY_VARIATIONS.map((c) => [c.option, flag(env[c.env])])) as Record<CapabilityOption, boolean>;
}

export function referenceOptionsFromEnv(env: NodeJS.ProcessEnv): ReferenceOptions {
  return {
    adminToken: env.REFERENCE_ADMIN_TOKEN || undefined,
    faults: list(env.REFERENCE_FAULTS),
    ...(env.REFERENCE_PROFILE ? { profile: env.REFERENCE_PROFILE as Profile } : {}),
    ...capabilitiesFromEnv(env),
    seedUsers: seedUsersFromEnv(env),
    generatedUsers: generatedUsersFromEnv(env),
    ...(flag(env.REFERENCE_CLOCK_SECONDS) ? { clock: wholeSecondClock } : {}),
  };
}
