/**
 * The target of a run as the suites see it: handed from the vitest globalSetup to the workers
 * through provide/inject (plain, serializable data).
 *
 *   const t = inject('target');
 *   t.apiUrl  // 'http://127.0.0.1:4010/api/v4'
 */
import type { CapabilityState } from './capabilities.ts';

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

export interface TargetInfo {
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
  runPrefix: string;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  maxBodyBytes: number;
  reportsDir: string;
  ledgerPath: string;
  skip: string[];
  /** CONFORMANCE_REQUIRE: capabilities whose absence fails their clauses (else they skip as not offered). */
  require: string[];
  heavy: boolean;
  /** Optional capabilities as probed at the start of the run. */
  capabilities: CapabilityState[];
  /** CONFORMANCE_HAR: each worker appends its exchanges to <reportsDir>/har-parts/. */
  har: boolean;
  /** Private file where every secret learnt is appended, for the leak scan (certification runs only). */
  secretsPath?: string;
  /** How a worker meets 429 answers: its bound on waiting (CONFORMANCE_THROTTLE_MAX_WAIT_MS), its share of CONFORMANCE_MAX_RPS, the run's throttling file. */
  throttle: { maxWaitMs: number; requestsPerSecond?: number; file?: string };
  /**
   * A certification's CONFORMANCE_CONCURRENCY (`requests` in flight at most) and its worker threads, which share it
   * (shared/concurrency.ts); absent outside `certify` (npm test's suites, mutation runs), where a worker's requests are not bounded.
   */
  concurrency?: { requests: number; workers: number };
  /** CONFORMANCE_EPICS_UNAVAILABLE: the target is said to have epics switched off. */
  epicsUnavailable: boolean;
  /** CONFORMANCE_DEPENDENCY_PROJECT: a project (id or full path) whose dependency list holds scan results. */
  dependencyProject?: string;
  /** CONFORMANCE_LDAP_BLOCKED_USER (on the bundled reference: a user seeded so): a user blocked by LDAP synchronization. */
  ldapBlockedUser?: string;
  /** CONFORMANCE_DELETION_TIMEOUT_MS: how long a check waits for a deletion the target finishes in the background. */
  deletionTimeoutMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
  }
}
