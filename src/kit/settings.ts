/**
 * Every setting of a run, one row each: its variable, its flag, the schema of its value (whose own
 * default is the setting's), the default as people read it where that is no plain value, what it
 * means, and whether the test workers read it (it then reaches them in the target: target.ts).
 * Config, the CLI's flags, `certify --help`, `.env.example` and docs/configuration.md derive from
 * these rows (run/config.ts, cli.ts, cli-help.ts, run/settings-docs.ts).
 *
 *   SETTINGS.numRuns.env        // 'CONFORMANCE_NUM_RUNS'
 *   SETTINGS.numRuns.flag       // '--num-runs'
 *   SETTINGS.numRuns.schema.parse(undefined)   // 25
 *
 * A new setting is one row here (its doc is its line in .env.example and in the docs table: run
 * `npx tsx src/run/settings-docs.ts` to write them); one the workers need says `forWorkers: true`
 * and is then `session().target.<name>`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { z } from 'zod';
import { CAPABILITIES } from './capabilities.ts';
import { DEFAULT_THROTTLE_MAX_WAIT_MS } from './throttle.ts';
import {
  commaList,
  matching,
  nonBlank,
  onOff,
  onOffPerTarget,
  positiveDecimal,
  positiveInt,
  serverRoot,
  wholeNumber,
} from './setting-values.ts';
import { AREAS } from '../spec/clauses.ts';

export interface Setting {
  /** Its environment variable (and `.env` line). */
  env: `CONFORMANCE_${string}`;
  /** Its command-line flag; a flag beats its variable. */
  flag: `--${string}`;
  /** Reads the variable's text (undefined when unset or empty); its default is the setting's. */
  schema: z.ZodType;
  /** The default as people read it, where the schema's is no plain value (random, per target) or none. */
  default?: string;
  /** What it means: one paragraph, the setting's comment in .env.example and its row in the docs. */
  doc: string;
  /** The test workers read it (session().target). */
  forWorkers?: true;
}

const CAPABILITY_IDS = CAPABILITIES.map((c) => c.id);

export const SETTINGS = {
  baseUrl: {
    env: 'CONFORMANCE_BASE_URL',
    flag: '--base-url',
    schema: serverRoot().optional(),
    default: '(bundled reference)',
    doc: 'Server root of the target to certify (the kit adds /api/v4). Empty: the bundled reference server is started in-process on 127.0.0.1 and certified.',
  },
  adminToken: {
    env: 'CONFORMANCE_ADMIN_TOKEN',
    flag: '--admin-token',
    schema: nonBlank('must not be empty').optional(),
    doc: 'Token of an administrator of the target (personal access token; with the sudo scope for the sudo checks). Required with CONFORMANCE_BASE_URL. Never printed: reports show [redacted].',
  },
  seed: {
    env: 'CONFORMANCE_SEED',
    flag: '--seed',
    schema: wholeNumber({ notWhole: 'must be a non-negative integer', tooLarge: 'must be at most 2147483647' }, 2 ** 31 - 1).default(() =>
      randomInt(1, 2 ** 31 - 1),
    ),
    default: 'random',
    doc: 'Seed of every random choice (faker and fast-check), printed in every report. Empty: random.',
    forWorkers: true,
  },
  numRuns: {
    env: 'CONFORMANCE_NUM_RUNS',
    flag: '--num-runs',
    schema: positiveInt(100000).default(25),
    doc: 'Runs per property in the property-based suites.',
    forWorkers: true,
  },
  timeoutMs: {
    env: 'CONFORMANCE_TIMEOUT_MS',
    flag: '--timeout-ms',
    schema: positiveInt(600000).default(10000),
    doc: 'Time limit of one HTTP request, in milliseconds.',
    forWorkers: true,
  },
  reportsDir: {
    env: 'CONFORMANCE_REPORTS_DIR',
    flag: '--reports-dir',
    schema: nonBlank().default('reports'),
    doc: 'Where summary.json, summary.md, junit.xml and the ledgers go.',
    forWorkers: true,
  },
  skip: {
    env: 'CONFORMANCE_SKIP',
    flag: '--skip',
    schema: commaList()
      .refine(
        (list) => list.every((a) => AREAS.includes(a) || CAPABILITY_IDS.includes(a)),
        `must be a comma-separated list of areas or capabilities among: ${[...new Set([...AREAS, ...CAPABILITY_IDS])].join(', ')}`,
      )
      .default([]),
    doc: `Areas to skip, comma-separated clause prefixes (the first segments of the clause ids in src/spec/clauses.json: ${AREAS.join(', ')}): their tests are reported as skipped with this reason. The optional capabilities (${CAPABILITY_IDS.join(', ')}) can be named too: declared absent, not even probed for a verdict.`,
    forWorkers: true,
  },
  require: {
    env: 'CONFORMANCE_REQUIRE',
    flag: '--require',
    schema: commaList()
      .refine(
        (list) => list.every((a) => CAPABILITY_IDS.includes(a)),
        `must be a comma-separated list of capabilities among: ${CAPABILITY_IDS.join(', ')}`,
      )
      .default([]),
    doc: `Optional capabilities the target must offer (${CAPABILITY_IDS.join(', ')}), comma-separated. The kit probes each at the start of a run: one the target does not offer has its clauses skipped as "not offered" and the verdict names it; one listed here fails its clauses instead.`,
    forWorkers: true,
  },
  runPrefix: {
    env: 'CONFORMANCE_RUN_PREFIX',
    flag: '--run-prefix',
    schema: matching(/^[a-z][a-z0-9-]{2,23}$/, 'must be 3-24 characters of a-z, 0-9 and -, starting with a letter').default(
      () => `cfk-${randomBytes(4).toString('hex')}`,
    ),
    default: 'cfk-<random>',
    doc: 'Prefix of every name the kit gives to what it creates on the target (3-24 of a-z, 0-9 and -, starting with a letter).',
    forWorkers: true,
  },
  maxBodyBytes: {
    env: 'CONFORMANCE_MAX_BODY_BYTES',
    flag: '--max-body-bytes',
    schema: positiveInt(1024 * 1024 * 1024).default(16 * 1024 * 1024),
    doc: 'Largest response body the kit reads, in bytes.',
    forWorkers: true,
  },
  heavy: {
    env: 'CONFORMANCE_HEAVY',
    flag: '--heavy',
    schema: onOff(),
    doc: '1 enables the heavy checks (collections over 10,000 items).',
    forWorkers: true,
  },
  largeCollection: {
    env: 'CONFORMANCE_LARGE_COLLECTION',
    flag: '--large-collection',
    schema: onOffPerTarget(),
    default: 'on against the bundled reference, off against a deployed target',
    doc: 'on fills a collection of 1,001 items (impersonation tokens of a fresh user, removed with the user: about 1,000 requests more) and checks that X-Total, X-Total-Pages and rel="last" stay above 1,000 items (they may be left out only above 10,000); off skips those checks, saying how to turn them on. Empty: on against the bundled reference, off against a deployed target.',
    forWorkers: true,
  },
  har: {
    env: 'CONFORMANCE_HAR',
    flag: '--har',
    schema: onOff(),
    doc: '1 writes reports/run.har with every exchange of the run, each credential as a numbered placeholder of its own ([redacted-1], [redacted-2]...; observe --har tells callers apart by it).',
    forWorkers: true,
  },
  quiet: {
    env: 'CONFORMANCE_QUIET',
    flag: '--quiet',
    schema: onOff(),
    doc: '1 prints only the verdict line and errors on the console: no progress lines, no failure blocks (the reports hold them). Programmatically: certify({ quiet: true }).',
  },
  baseline: {
    env: 'CONFORMANCE_BASELINE',
    flag: '--baseline',
    schema: nonBlank().optional(),
    doc: 'Baseline file of known departures of the target (e.g. baselines/platform.json for the real platform): their failures are reported as known and do not fail the run; an entry that now passes or whose date has passed fails it (see Baselines).',
  },
  epicsUnavailable: {
    env: 'CONFORMANCE_EPICS_UNAVAILABLE',
    flag: '--epics-unavailable',
    schema: onOff(),
    doc: '1 when the target has epics switched off (a tier without them): the clause that expects 403 on epic endpoints runs; otherwise it is skipped with the reason. Either way, a 403 on the epic list of a group the admin owns is read as a missing capability and the epic and todo clauses are reported as skipped (see Optional capabilities).',
    forWorkers: true,
  },
  dependencyProject: {
    env: 'CONFORMANCE_DEPENDENCY_PROJECT',
    flag: '--dependency-project',
    schema: matching(/^(\d+|[\w.-]+(\/[\w.-]+)+)$/, 'must be a project id or a full path such as group/project').optional(),
    doc: 'A project (id or full path, e.g. group/app) whose dependency list holds dependency-scanning results: deps.field.shape and deps.filter.package_manager read it. Empty: a new project is tried (the bundled reference fills every new project with a list); when its list is empty those clauses are skipped with the reason.',
    forWorkers: true,
  },
  ldapBlockedUser: {
    env: 'CONFORMANCE_LDAP_BLOCKED_USER',
    flag: '--ldap-blocked-user',
    schema: matching(/^[\w.-]+$/, 'must be a username').optional(),
    default: '(seeded on the bundled reference)',
    doc: 'Username of a user the target blocked through directory (LDAP) synchronization: users.transitions.ldap_blocked then checks that block, unblock, deactivate and activate of that user answer 403 (and change nothing on a conforming server). Empty: that clause is skipped with the reason. The bundled reference seeds such a user itself.',
    forWorkers: true,
  },
  deletionTimeoutMs: {
    env: 'CONFORMANCE_DELETION_TIMEOUT_MS',
    flag: '--deletion-timeout-ms',
    // The platform removes deleted users in a cron job every 2 minutes: 5 minutes leave room for a busy queue.
    schema: positiveInt(3_600_000).default(300_000),
    doc: "How long, in milliseconds, a check waits for a deletion the target finishes in a background job. The platform answers DELETE /users/:id with 204 and removes the user, blocked meanwhile, and with hard_delete the groups it solely owns, in a job that runs every 2 minutes: users.delete.hard_delete_groups polls for the group's 404 until then, users.delete.missing_404 for the user's. The wait ends early once the user itself answers 404 (the job is done), and, failing, as soon as an answer shows no deletion under way (a 5xx or a 403, or the user still active after a hard delete: the kit's own user DELETEs it waits on all ask hard_delete=true). Checks about nonexistent users use an id far beyond the id sequence, checked to answer 404, instead of deleting one.",
    forWorkers: true,
  },
  throttleMaxWaitMs: {
    env: 'CONFORMANCE_THROTTLE_MAX_WAIT_MS',
    flag: '--throttle-max-wait-ms',
    schema: wholeNumber(
      { notWhole: 'must be a non-negative integer (milliseconds)', tooLarge: 'must be at most 3600000 (an hour)' },
      3_600_000,
    ).default(DEFAULT_THROTTLE_MAX_WAIT_MS),
    doc: 'How long each process of a run may wait in all, in milliseconds, on 429 Too Many Requests answers (the kit waits as Retry-After or RateLimit-Reset says, else 1 s, and asks again; see Throttling). Past it, or past 10 tries of one request, the run ends with exit code 2 naming the throttling, never with conformance failures. 0 gives up at the first 429.',
  },
  maxRps: {
    env: 'CONFORMANCE_MAX_RPS',
    flag: '--max-rps',
    schema: positiveDecimal('must be a positive number of requests per second, such as 20 or 0.5', 100_000).optional(),
    default: '(no cap)',
    doc: "A cap on the run's request rate, in requests per second (decimals allowed, e.g. 0.5), for a target that throttles: each test worker gets an equal share.",
  },
  concurrency: {
    env: 'CONFORMANCE_CONCURRENCY',
    flag: '--concurrency',
    schema: positiveInt(64).optional(),
    default: '12 against a deployed target, 4 against the bundled reference or a target on this machine (a loopback address)',
    doc: 'How many requests the kit keeps in flight against the target (1-64): spread over at most 6 test workers (2 with the bundled reference), each with a share of at least 2 (so that requests sent together race) and running the tests of a side-by-side file at once within its share (see Concurrency), and the bound on what the capability probe, provisioning and cleanup send side by side. The rate cap of CONFORMANCE_MAX_RPS holds whatever the concurrency.',
  },
} as const satisfies Record<string, Setting>;

type Settings = typeof SETTINGS;
type Value<K extends keyof Settings> = z.output<Settings[K]['schema']>;
type Unset = { [K in keyof Settings]: undefined extends Value<K> ? K : never }[keyof Settings];

/** A run's configuration: each setting's value (one without a default may be unset). */
export type Config = Flat<{ [K in Exclude<keyof Settings, Unset>]: Value<K> } & { [K in Unset]?: Exclude<Value<K>, undefined> }>;
type Flat<T> = { [K in keyof T]: T[K] };

/** The settings the test workers read. */
export type WorkerKey = { [K in keyof Settings]: Settings[K] extends { forWorkers: true } ? K : never }[keyof Settings];

/** The settings by their keys, in the table's order. */
export const SETTING_KEYS = Object.keys(SETTINGS) as (keyof Config)[];

/** Its own default, where its schema has one that is no drawing (undefined for random and unset ones). */
export function defaultValue(key: keyof Config): unknown {
  const row: Setting = SETTINGS[key];
  return row.default === undefined ? row.schema.safeParse(undefined).data : undefined;
}

/** Switches: a bare flag (--heavy) sets them (a setting whose default is off). */
export const isSwitch = (key: keyof Config): boolean => typeof defaultValue(key) === 'boolean';

/** The settings the workers read, from a configuration: the target's share of it (target.ts). */
export function workerSettings(config: Config): Pick<Config, WorkerKey> {
  const rows: Record<string, Setting> = SETTINGS;
  return Object.fromEntries(SETTING_KEYS.filter((k) => rows[k]!.forWorkers).map((k) => [k, config[k]])) as Pick<Config, WorkerKey>;
}
