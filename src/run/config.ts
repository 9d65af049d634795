/**
 * Configuration: `.env` (dotenv) and the environment, overridden by command-line flags, validated
 * with zod. A bad value is one KitError naming the variable (exit code 2).
 *
 *   const config = loadConfig({ env: process.env, flags: { baseUrl: 'http://127.0.0.1:4010' } });
 *   config.baseUrl  // URL of the server root, or undefined for the bundled reference
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { CAPABILITIES } from '../kit/capabilities.ts';
import { DEFAULT_THROTTLE_MAX_WAIT_MS } from '../kit/throttle.ts';
import { KitError } from '../shared/errors.ts';
import { checkDotenvText } from './dotenv-check.ts';
import { AREAS } from '../spec/clauses.ts';

const CAPABILITY_IDS = CAPABILITIES.map((c) => c.id);

export interface Config {
  /** Server root of the target; undefined means: start the bundled reference in-process. */
  baseUrl?: string;
  adminToken?: string;
  seed: number;
  numRuns: number;
  timeoutMs: number;
  reportsDir: string;
  /** Clause areas to skip (first segment of a clause id), reported as skipped with a reason. */
  skip: string[];
  /** Optional capabilities the target must offer: absent, their clauses fail instead of skipping. */
  require: string[];
  /** Prefix of every name the kit gives to what it creates on the target. */
  runPrefix: string;
  maxBodyBytes: number;
  heavy: boolean;
  /** Write reports/run.har with every exchange of the run (redacted). */
  har: boolean;
  /** Only the verdict and errors on the console: no progress lines, no failure blocks (they are in the reports). */
  quiet: boolean;
  /** Baseline file of known departures (see src/report/baseline.ts). */
  baseline?: string;
  /** The target has epics switched off: the clause that expects 403 runs, against a fresh group. */
  epicsUnavailable: boolean;
  /** A project (id or full path) whose dependency list holds scan results, for the dependency clauses. */
  dependencyProject?: string;
  /** Username of a user the target blocked through directory (LDAP) synchronization, for users.transitions.ldap_blocked. */
  ldapBlockedUser?: string;
  /** How long a check waits for a deletion the target finishes in a background job (a hard-deleted user's groups). */
  deletionTimeoutMs: number;
  /** The longest total wait on 429 answers per process before the run ends as a kit error (exit 2); 0 gives up at the first. */
  throttleMaxWaitMs: number;
  /** A cap on the run's request rate (requests per second, shared among its processes); none when undefined. */
  maxRps?: number;
  /**
   * How many requests the kit keeps in flight against the target (test workers, and the main process's
   * side-by-side requests in probe, provisioning and cleanup); undefined: the default of the target's kind
   * (shared/concurrency.ts defaultConcurrency).
   */
  concurrency?: number;
}

/**
 * Flags, by config key; a flag beats its variable. The CLI gives strings (as a variable would be); a
 * program may also give the value's own type: `{ numRuns: 5, heavy: true, skip: ['packages'] }`.
 * Either way the value is checked as its variable would be.
 */
export type ConfigFlags = { [K in keyof Config]?: string | Config[K] };

/** A value as its variable reads: a number in decimal, a switch 1 or 0, a list comma-separated (flags, and certify's export of the run's configuration). */
export function variableText(value: ConfigFlags[keyof Config]): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** Variable name of each key, for messages and the .env.example table. */
export const VARIABLES: Record<keyof Config, string> = {
  baseUrl: 'CONFORMANCE_BASE_URL',
  adminToken: 'CONFORMANCE_ADMIN_TOKEN',
  seed: 'CONFORMANCE_SEED',
  numRuns: 'CONFORMANCE_NUM_RUNS',
  timeoutMs: 'CONFORMANCE_TIMEOUT_MS',
  reportsDir: 'CONFORMANCE_REPORTS_DIR',
  skip: 'CONFORMANCE_SKIP',
  require: 'CONFORMANCE_REQUIRE',
  runPrefix: 'CONFORMANCE_RUN_PREFIX',
  maxBodyBytes: 'CONFORMANCE_MAX_BODY_BYTES',
  heavy: 'CONFORMANCE_HEAVY',
  har: 'CONFORMANCE_HAR',
  quiet: 'CONFORMANCE_QUIET',
  baseline: 'CONFORMANCE_BASELINE',
  epicsUnavailable: 'CONFORMANCE_EPICS_UNAVAILABLE',
  dependencyProject: 'CONFORMANCE_DEPENDENCY_PROJECT',
  ldapBlockedUser: 'CONFORMANCE_LDAP_BLOCKED_USER',
  deletionTimeoutMs: 'CONFORMANCE_DELETION_TIMEOUT_MS',
  throttleMaxWaitMs: 'CONFORMANCE_THROTTLE_MAX_WAIT_MS',
  maxRps: 'CONFORMANCE_MAX_RPS',
  concurrency: 'CONFORMANCE_CONCURRENCY',
};

/** Command-line flag of each key (the CLI derives its options from this table). */
export const FLAGS: Record<keyof Config, string> = {
  baseUrl: '--base-url',
  adminToken: '--admin-token',
  seed: '--seed',
  numRuns: '--num-runs',
  timeoutMs: '--timeout-ms',
  reportsDir: '--reports-dir',
  skip: '--skip',
  require: '--require',
  runPrefix: '--run-prefix',
  maxBodyBytes: '--max-body-bytes',
  heavy: '--heavy',
  har: '--har',
  quiet: '--quiet',
  baseline: '--baseline',
  epicsUnavailable: '--epics-unavailable',
  dependencyProject: '--dependency-project',
  ldapBlockedUser: '--ldap-blocked-user',
  deletionTimeoutMs: '--deletion-timeout-ms',
  throttleMaxWaitMs: '--throttle-max-wait-ms',
  maxRps: '--max-rps',
  concurrency: '--concurrency',
};

const commaList = z.string().transform((s) =>
  s
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean),
);

const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a positive integer')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be between 1 and ${max}`);

/** A 1/0 (true/false, yes/no) switch, off by default. */
const flag = () =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (/^(1|true|yes)$/i.test(s)) return true;
      if (/^(0|false|no|)$/i.test(s)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be 1 or 0' });
      return z.NEVER;
    })
    .default(false);

/** Keys that are switches: a bare flag (--heavy) sets them. */
export const SWITCHES: ReadonlySet<keyof Config> = new Set(['heavy', 'har', 'quiet', 'epicsUnavailable']);

const fields = {
  baseUrl: z
    .string()
    .trim()
    .transform((s, ctx) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL such as https://gitlab.example.com' });
        return z.NEVER;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: 'must use http or https' });
        return z.NEVER;
      }
      if (url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'must not carry a query or fragment' });
        return z.NEVER;
      }
      // The server root: the kit adds /api/v4 itself.
      return url.href.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
    })
    .optional(),
  adminToken: z.string().trim().min(1, 'must not be empty').optional(),
  seed: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a non-negative integer')
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n <= 2 ** 31 - 1, 'must be at most 2147483647')
    .optional(),
  numRuns: positiveInt(100000).default(25),
  timeoutMs: positiveInt(600000).default(10000),
  reportsDir: z.string().trim().min(1).default('reports'),
  skip: commaList
    .refine(
      (list) => list.every((a) => AREAS.includes(a) || CAPABILITY_IDS.includes(a)),
      `must be a comma-separated list of areas or capabilities among: ${[...new Set([...AREAS, ...CAPABILITY_IDS])].join(', ')}`,
    )
    .default([]),
  require: commaList
    .refine(
      (list) => list.every((a) => CAPABILITY_IDS.includes(a)),
      `must be a comma-separated list of capabilities among: ${CAPABILITY_IDS.join(', ')}`,
    )
    .default([]),
  runPrefix: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{2,23}$/, 'must be 3-24 characters of a-z, 0-9 and -, starting with a letter')
    .optional(),
  maxBodyBytes: positiveInt(1024 * 1024 * 1024).default(16 * 1024 * 1024),
  heavy: flag(),
  har: flag(),
  quiet: flag(),
  baseline: z.string().trim().min(1).optional(),
  epicsUnavailable: flag(),
  dependencyProject: z
    .string()
    .trim()
    .regex(/^(\d+|[\w.-]+(\/[\w.-]+)+)$/, 'must be a project id or a full path such as group/project')
    .optional(),
  ldapBlockedUser: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, 'must be a username')
    .optional(),
  // The platform removes deleted users in a cron job every 2 minutes: 5 minutes leave room for a busy queue.
  deletionTimeoutMs: positiveInt(3_600_000).default(300_000),
  throttleMaxWaitMs: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a non-negative integer (milliseconds)')
    .transform(Number)
    .refine((n) => n <= 3_600_000, 'must be at most 3600000 (an hour)')
    .default(DEFAULT_THROTTLE_MAX_WAIT_MS),
  maxRps: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'must be a positive number of requests per second, such as 20 or 0.5')
    .transform(Number)
    .refine((n) => n > 0 && n <= 100_000, 'must be above 0 and at most 100000')
    .optional(),
  concurrency: positiveInt(64).optional(),
};

/** Reads `.env` into process.env (never overriding what is set), after checking every line of it (dotenv-check.ts). Call once, at the edge. */
export async function loadDotenv(path = '.env'): Promise<void> {
  if (existsSync(path)) checkDotenvText(readFileSync(path, 'utf8'), path);
  const dotenv = await import('dotenv');
  dotenv.config({ path, quiet: true });
}

export function loadConfig(input: { env?: NodeJS.ProcessEnv; flags?: ConfigFlags } = {}): Config {
  const env = input.env ?? process.env;
  const flags = input.flags ?? {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(fields) as (keyof Config)[]) {
    const fromFlag = variableText(flags[key]);
    const raw = fromFlag !== undefined ? fromFlag : env[VARIABLES[key]];
    const value = raw === '' ? undefined : raw;
    const parsed = (fields[key] as z.ZodType).safeParse(value);
    if (!parsed.success) {
      const source = fromFlag !== undefined ? FLAGS[key] : VARIABLES[key];
      const shown = key === 'adminToken' ? '[redacted]' : JSON.stringify(value);
      throw new KitError('CONFIG_INVALID', `${source} ${parsed.error.issues[0]?.message ?? 'is invalid'} (got ${shown})`);
    }
    out[key] = parsed.data;
  }
  const config = out as unknown as Config;
  const both = config.require.filter((id) => config.skip.includes(id));
  if (both.length) {
    throw new KitError(
      'CONFIG_INVALID',
      `${VARIABLES.require} and ${VARIABLES.skip} both name ${both.join(', ')}: a capability is required or skipped, not both`,
    );
  }
  if (config.seed === undefined) config.seed = randomInt(1, 2 ** 31 - 1);
  if (config.runPrefix === undefined) config.runPrefix = `cfk-${randomBytes(4).toString('hex')}`;
  return config;
}
