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
 * REFERENCE_VARIABLES_SCOPE_FILTER=1   filter[environment_scope] on the variables API (off by default, as the spec's flag; always on in the platform profile)
 * REFERENCE_DEPENDENCY_FIXTURE=1       every new project gets a fixed, realistic dependency list
 * REFERENCE_CLUSTERS_HIDDEN=1          the cluster API answers 404, as releases without certificate-based clusters (the platform profile's default; 0 shows it there)
 * REFERENCE_TOKEN_EXPIRY_REQUIRED=1    an impersonation token without expires_at is refused (400), as the platform's default
 * REFERENCE_ADMIN_MODE=1               Admin Mode: an administrator's token acts as one only with the admin_mode scope
 * REFERENCE_USER_DEFAULTS_TO_PRIVATE_PROFILE=1   POST /users without private_profile makes a private profile
 * REFERENCE_SEED_GENERATED_USERS=N     N generated users created at start-up, in bulk (benchmarks)
 * REFERENCE_CLOCK_SECONDS=1            a clock that keeps whole seconds (timestamps end in .000), as some conforming servers
 * REFERENCE_DELAYED_USER_DELETION=1    DELETE /users/:id blocks the user and removes it later, as the platform's background job
 * REFERENCE_USER_DELETION_DELAY_MS=N   that delay in milliseconds (default 60000)
 * REFERENCE_SCHEDULED_DELETION=1       DELETE /projects/:id and /groups/:id only mark for deletion (permanently_remove and full_path remove at once)
 * REFERENCE_DATA=seed.json            declared data (users with tokens, groups, projects, members, epics, variables, keys) at start; reset restores it
 * REFERENCE_OPS_FAULTS=429@GET /users:0.5   operational faults for a client's error handling (grammar: ops-faults/grammar.ts)
 * REFERENCE_STRICT=1                   strict mode: every request judged against its operation, a client report written at close
 * REFERENCE_CLIENT_REPORT=PATH         that report's base path (default reports/client-report: .json and .md)
 */
import type { ReferenceOptions } from './index.ts';
import { readFileSync } from 'node:fs';
import { wholeSecondClock } from './clock.ts';
import { parseSeedData, type SeedData } from './control/seed-data.ts';
import { parseOpsFaults } from './ops-faults/grammar.ts';
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

/**
 * Each capability's option from its declared variable (REFERENCE_EPICS_DISABLED=1 -> epicsDisabled:
 * true, 0 -> false); an unset variable sets nothing, so the profile's default holds (the platform
 * profile hides clusters unless REFERENCE_CLUSTERS_HIDDEN=0).
 */
function capabilitiesFromEnv(env: NodeJS.ProcessEnv): Partial<Record<CapabilityOption, boolean>> {
  return Object.fromEntries(
    CAPABILITY_VARIATIONS.filter((c) => (env[c.env] ?? '').trim() !== '').map((c) => [c.option, flag(env[c.env])]),
  ) as Partial<Record<CapabilityOption, boolean>>;
}

/** REFERENCE_USER_DELETION_DELAY_MS: a whole number of milliseconds, or the server's default. */
function delayFromEnv(env: NodeJS.ProcessEnv): { userDeletionDelayMs?: number } {
  const raw = env.REFERENCE_USER_DELETION_DELAY_MS?.trim();
  if (!raw) return {};
  if (!/^\d+$/.test(raw))
    throw new Error(`REFERENCE_USER_DELETION_DELAY_MS must be a whole number of milliseconds (got ${JSON.stringify(raw)})`);
  return { userDeletionDelayMs: Number(raw) };
}

/** A seed data file (JSON), read and checked: a problem names the variable or flag, the file and the place. */
export function seedDataFile(path: string, from: string): SeedData {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`${from}: cannot read ${path}: ${(e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${from}: ${path} is not JSON: ${(e as Error).message}`);
  }
  return parseSeedData(json, `${from} ${path}`);
}

/** Operational faults as written, checked at once (a bad one is a configuration error, not a start-up failure). */
export function checkedOpsFaults(text: string, from: string): string {
  try {
    parseOpsFaults(text);
  } catch (e) {
    throw new Error(`${from}: ${(e as Error).message}`);
  }
  return text;
}

export function referenceOptionsFromEnv(env: NodeJS.ProcessEnv): ReferenceOptions {
  return {
    adminToken: env.REFERENCE_ADMIN_TOKEN || undefined,
    faults: list(env.REFERENCE_FAULTS),
    ...(env.REFERENCE_PROFILE ? { profile: env.REFERENCE_PROFILE as Profile } : {}),
    ...capabilitiesFromEnv(env),
    seedUsers: seedUsersFromEnv(env),
    generatedUsers: generatedUsersFromEnv(env),
    ...delayFromEnv(env),
    ...(flag(env.REFERENCE_CLOCK_SECONDS) ? { clock: wholeSecondClock } : {}),
    ...(env.REFERENCE_DATA?.trim() ? { data: seedDataFile(env.REFERENCE_DATA.trim(), 'REFERENCE_DATA') } : {}),
    ...(env.REFERENCE_OPS_FAULTS?.trim() ? { opsFaults: checkedOpsFaults(env.REFERENCE_OPS_FAULTS.trim(), 'REFERENCE_OPS_FAULTS') } : {}),
    ...(flag(env.REFERENCE_STRICT) ? { strict: true } : {}),
    ...(env.REFERENCE_CLIENT_REPORT ? { clientReport: env.REFERENCE_CLIENT_REPORT } : {}),
  };
}
