/**
 * The target of a run as the suites see it: handed from the vitest globalSetup to the workers
 * through provide/inject (plain, serializable data): what provisioning made and found, the run's
 * plan, and every setting marked `forWorkers` in the settings table (settings.ts).
 *
 *   const t = inject('target');
 *   t.apiUrl   // 'http://127.0.0.1:4010/api/v4'
 *   t.numRuns  // 25: a setting the workers read
 */
import type { CapabilityState } from './capabilities.ts';
import type { InstallationSettings } from './installation.ts';
import type { Config, WorkerKey } from './settings.ts';
import type { RunPlan } from '../shared/concurrency.ts';

export interface ProvisionedUser {
  id: number;
  username: string;
  /** An impersonation token of this user (scopes api, read_user). */
  token: string;
}

/** The run's one top-level group (provision.ts): every group the suites make is a subgroup of it. */
export interface RunGroup {
  id: number;
  /** Its full path as the target answered it (the run prefix). */
  fullPath: string;
}

/**
 * The settings the workers read (settings.ts rows marked forWorkers: seed, numRuns, timeoutMs, runPrefix...), as the
 * run resolved them: reportsDir absolute, ldapBlockedUser the one seeded on the bundled reference, largeCollection
 * on or off.
 */
export type WorkerSettings = Pick<Config, WorkerKey>;

export interface TargetInfo extends WorkerSettings {
  /** CONFORMANCE_LARGE_COLLECTION as the run resolved it: unset, on against the bundled reference only. */
  largeCollection: boolean;
  /** Server root, e.g. http://127.0.0.1:4010 */
  baseUrl: string;
  apiUrl: string;
  adminToken: string;
  admin: { id: number; username: string };
  /** A regular (non-admin) user the kit created for this run. */
  user: ProvisionedUser;
  /** The run's top-level group: the parent of every group the suites create (fixtures.ts createGroup). */
  runGroup: RunGroup;
  /** The server's today at preflight (YYYY-MM-DD, from its Date header; the kit's clock without one). */
  serverDate: string;
  /** The expires_at of every impersonation token the kit creates (token-expiry.ts): serverDate plus 30 days. */
  tokenExpiresAt: string;
  /** True when the target is the bundled reference started in-process. */
  bundled: boolean;
  ledgerPath: string;
  /** Optional capabilities as probed at the start of the run. */
  capabilities: CapabilityState[];
  /**
   * Installation settings read at preflight (GET /application/settings; the spec's defaults where the target does not
   * answer it): user_defaults_to_private_profile and Admin Mode (installation.ts).
   */
  installation: InstallationSettings;
  /** Private file where every secret learnt is appended, for the leak scan (certification runs only). */
  secretsPath?: string;
  /** CONFORMANCE_HAR: the run's key of the HAR's placeholders (each secret's HMAC under it: the same in every worker), never written. */
  harKey?: string;
  /** How a worker meets 429 answers: its bound on waiting (CONFORMANCE_THROTTLE_MAX_WAIT_MS), its share of CONFORMANCE_MAX_RPS, the run's throttling file. */
  throttle: { maxWaitMs: number; requestsPerSecond?: number; file?: string };
  /**
   * A certification's plan (certify() computes it once: shared/concurrency.ts runPlan): CONFORMANCE_CONCURRENCY
   * (`requests` in flight at most) and the worker threads that share it; absent outside `certify` (npm test's
   * suites, mutation runs), where a worker's requests are not bounded.
   */
  concurrency?: RunPlan;
}

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
  }
}
