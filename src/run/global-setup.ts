/**
 * vitest globalSetup of the suites: reads the configuration, starts the bundled reference
 * in-process on 127.0.0.1 when no CONFORMANCE_BASE_URL is set, checks the target and the
 * administrator token, provisions the run's regular user and the run group, hands the target to the workers
 * (provide/inject), and at the end removes everything the run created. First it leaves the
 * schemas' precompiled validators in the package's cache for the workers (schema-code.ts).
 * Independent requests go side by side (the probe beside provisioning, cleanup's removals of one
 * kind), at most CONFORMANCE_CONCURRENCY at once; each phase's requests are counted for the summary.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runClient } from '../kit/client.ts';
import { loadConfig, loadDotenv } from './config.ts';
import { defaultConcurrency } from '../shared/concurrency.ts';
import {
  ENV,
  noteCleanup,
  noteRequests,
  noteSetupFailure,
  readRunPlan,
  secretsFileSink,
  TARGET,
  throttleFileLog,
  type CleanupReport,
  type MainPhase,
  type ThrottleLog,
} from '../kit/channels.ts';
import { secretLearner } from '../kit/learn-secrets.ts';
import { recorder, recordHarTo } from '../kit/recorder.ts';
import { cleanupLedger } from './ledger-cleanup.ts';
import { probeCapabilities } from './probe.ts';
import { sweepPrefixes, type SweepResult } from './prefix-sweep.ts';
import { preflight } from './preflight.ts';
import { precompileValidators } from '../kit/schemas.ts';
import { provisionRegularUser, provisionRunGroup } from './provision.ts';
import { SecretSet } from '../shared/redact.ts';
import { KitError, isKitError } from '../shared/errors.ts';
import type { TargetInfo } from '../kit/target.ts';
import { workerSettings } from '../kit/settings.ts';
import { tokenExpiresAt as tokenExpiresAtFrom } from '../kit/token-expiry.ts';

/** A throttling log that never reports another process's give-up. */
const ownBound = (log: ThrottleLog | undefined): ThrottleLog | undefined => log && { ...log, stopped: () => undefined };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The workers load the schemas' validators from the cache instead of each compiling them.
  precompileValidators();
  await loadDotenv();
  const config = loadConfig();
  let stopReference: (() => Promise<void>) | undefined;
  let baseUrl = config.baseUrl;
  let adminToken = config.adminToken;
  let ldapBlockedUser = config.ldapBlockedUser;
  if (!baseUrl) {
    // The bundled reference, started here (never imported by suites).
    const { startReferenceServer } = await import('../reference/index.ts');
    const { referenceOptionsFromEnv, IN_PROCESS_DEFAULTS } = await import('../reference/env-options.ts');
    // A project may set its own REFERENCE_* (mutation runs: one fault per project).
    const env: Record<string, string | undefined> = { ...process.env, ...(project.config.env as Record<string, string> | undefined) };
    // The in-process reference offers the optional features the kit can certify, unless set (e.g. to 0).
    for (const [name, value] of Object.entries(IN_PROCESS_DEFAULTS)) if (!env[name]) env[name] = value;
    const options = referenceOptionsFromEnv(env);
    // Users the API cannot make (blocked by LDAP synchronization, active days ago), seeded so that
    // their clauses are really tested here.
    ldapBlockedUser ??= `${config.runPrefix}-ldap`;
    const seedUsers = [
      ...(options.seedUsers ?? []),
      { username: ldapBlockedUser, state: 'ldap_blocked' as const },
      { username: `${config.runPrefix}-seen-3d`, lastActivityDaysAgo: 3 },
      { username: `${config.runPrefix}-seen-40d`, lastActivityDaysAgo: 40 },
    ];
    const ref = await startReferenceServer({ ...options, seedUsers, host: '127.0.0.1', port: 0 });
    baseUrl = ref.url;
    adminToken = ref.adminToken;
    stopReference = () => ref.close();
  }
  if (!adminToken) {
    throw new KitError('ADMIN_TOKEN_MISSING', 'CONFORMANCE_ADMIN_TOKEN (or --admin-token) is required to certify a deployed target.');
  }
  const secretsPath = process.env[ENV.secretsFile] || undefined;
  const throttleFile = process.env[ENV.throttleFile] || undefined;
  const secrets = new SecretSet([adminToken], secretsFileSink(secretsPath));
  const root: string = baseUrl as string;
  const apiUrl = `${root}/api/v4`;
  // A certification's plan (certify computed it); outside one (npm test's suites, mutation runs), none: the workers' requests
  // are not bounded, and this process's side-by-side requests are bounded by the configured or default concurrency.
  const plan = readRunPlan(process.env);
  const concurrency = plan?.requests ?? defaultConcurrency(config);
  const admin = runClient({
    apiUrl,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    secrets,
    auth: { token: adminToken },
    // This process sends alone (before the workers start, after they end): the whole rate cap is its own. It keeps
    // its own bound when a worker gave up on the target's throttling: what the run made goes if the target lets it.
    throttle: {
      maxWaitMs: config.throttleMaxWaitMs,
      requestsPerSecond: config.maxRps,
      // Its probe, provisioning and cleanup send side by side: never more at once than the run's concurrency.
      maxInFlight: concurrency,
      log: ownBound(throttleFileLog(throttleFile)),
    },
  });
  const reportsDir = resolve(config.reportsDir);
  // CONFORMANCE_HAR: this process's exchanges (preflight, provisioning, probe, cleanup) go into the run's HAR beside the
  // workers', under the same key: the preflight's GET /user is what tells a reader of the HAR who the admin's token is.
  const harKey = config.har ? randomBytes(16).toString('hex') : undefined;
  if (harKey) recordHarTo(join(reportsDir, 'har-parts', `${config.runPrefix}-main-${process.pid}.jsonl`), harKey, 'main process');
  // Every request of this process is counted into its phase (summary.json's requestsByPhase).
  const phaseClient = (phase: MainPhase) =>
    admin.observedBy([secretLearner(secrets), ...(harKey ? [recorder(secrets)] : []), () => noteRequests(phase)]);
  const ledgerPath = join(reportsDir, `ledger-${config.runPrefix}.jsonl`);

  const cleanup = async () => {
    const remover = phaseClient('cleanup');
    const result = await cleanupLedger(ledgerPath, remover, { concurrency });
    // Users the target still deletes in the background (blocked, removed by its job) count as removed.
    const report: CleanupReport = {
      removed: result.removed.length + result.gone.length + result.deleting.length,
      deleting: result.deleting.length,
      left: [],
    };
    // The run group where the target only marks a top-level group: it deletes it after its delay; no command can hurry it.
    const awaiting = result.awaiting.map((a) => ({ what: `${a.entry.kind} ${a.entry.path}`, reason: secrets.redact(a.reason) }));
    if (result.failed.length) {
      const kept = stopReference ? 'the bundled reference goes away with them' : `the ledger ${ledgerPath} keeps them`;
      console.error(`Cleanup could not remove ${result.failed.length} resource(s); ${kept}:`);
      for (const f of result.failed) {
        const reason = `${f.status} ${secrets.redact(f.reason)}`;
        console.error(`  ${f.entry.kind} ${f.entry.path}: ${reason}${f.command ? ` (finish with: ${f.command})` : ''}`);
        report.left.push({ what: `${f.entry.kind} ${f.entry.path}`, reason, ...(f.command ? { command: f.command } : {}) });
      }
    }
    // What a test created but never got to record (a worker stopped mid-request by an interrupt):
    // found by the run's prefix. Only on a deployed target: the bundled reference goes away anyway.
    if (!stopReference) {
      const handled = new Set(
        [...result.removed, ...result.gone, ...result.deleting, ...result.awaiting.map((a) => a.entry)].map((e) => e.path),
      );
      const swept = await sweepPrefixes(remover, [config.runPrefix], { handled, concurrency }).catch((e: unknown): SweepResult => ({
        removed: [],
        deleting: [],
        awaiting: [],
        failed: [{ what: "what the run's prefix names", reason: (e as Error).message }],
      }));
      report.removed += swept.removed.length + swept.deleting.length;
      report.deleting = (report.deleting ?? 0) + swept.deleting.length;
      for (const a of swept.awaiting) awaiting.push({ what: secrets.redact(a.what), reason: secrets.redact(a.reason) });
      for (const f of swept.failed) {
        console.error(`Cleanup could not remove ${secrets.redact(f.what)}: ${secrets.redact(f.reason)}`);
        report.left.push({ what: secrets.redact(f.what), reason: secrets.redact(f.reason), ...(f.command ? { command: f.command } : {}) });
      }
      if (report.left.length) report.retry = `conformance cleanup --base-url ${root} --reports-dir ${reportsDir}`;
    }
    if (awaiting.length) {
      report.awaiting = awaiting;
      console.error(
        `Cleanup: ${awaiting.length} top-level group(s) marked for deletion; the target refuses to remove a top-level group at once and deletes it itself after its deletion delay:`,
      );
      for (const a of awaiting) console.error(`  ${a.what}: ${a.reason}`);
    }
    noteCleanup(report);
    // This process's last exchange is in the HAR's parts: nothing more is recorded (another run in this process has its own).
    if (harKey) recordHarTo(undefined);
    if (stopReference) {
      await stopReference();
      // Nothing is left to retry on a server that stopped with the run: no ledger for `conformance cleanup` to find.
      rmSync(ledgerPath, { force: true });
    }
  };

  try {
    const provisioner = phaseClient('provisioning');
    const { admin: adminUser, serverDate, installation } = await preflight(provisioner);
    const tokenExpiresAt = tokenExpiresAtFrom(serverDate);
    // The run's user is independent of the run group and of the probe, whose group is a subgroup of the run
    // group: side by side. All settle before a failure is thrown, so that cleanup finds everything made in the ledger.
    const runGroupMade = provisionRunGroup(provisioner, { runPrefix: config.runPrefix, ledgerPath });
    const [provisioned, grouped, probed] = await Promise.allSettled([
      provisionRegularUser(provisioner, { runPrefix: config.runPrefix, ledgerPath, secrets, tokenExpiresAt, installation }),
      runGroupMade,
      runGroupMade.then((group) =>
        probeCapabilities(phaseClient('probe'), { runPrefix: config.runPrefix, ledgerPath, parentId: group.id }),
      ),
    ]);
    if (provisioned.status === 'rejected') throw provisioned.reason;
    if (grouped.status === 'rejected') throw grouped.reason;
    if (probed.status === 'rejected') throw probed.reason;
    const user = provisioned.value;
    const runGroup = grouped.value;
    const capabilities = probed.value;
    const target: TargetInfo = {
      ...workerSettings(config),
      reportsDir,
      ldapBlockedUser,
      // Unset: the 1,001-item collection is filled against the bundled reference only (a deployed target opts in).
      largeCollection: config.largeCollection ?? !config.baseUrl,
      baseUrl: root,
      apiUrl,
      adminToken,
      admin: adminUser,
      user,
      runGroup,
      serverDate,
      tokenExpiresAt,
      bundled: !config.baseUrl,
      ledgerPath,
      capabilities,
      installation,
      secretsPath,
      ...(harKey ? { harKey } : {}),
      // The workers send side by side: each gets an equal share of the rate cap, so together they never exceed it
      // without a lock or a token bucket shared between processes (a worker's requests wait on none but its own).
      // A run with fewer files than workers, or its last file, goes slower than the cap: it is a ceiling.
      throttle: {
        maxWaitMs: config.throttleMaxWaitMs,
        requestsPerSecond: config.maxRps && config.maxRps / Math.max(1, project.globalConfig.maxWorkers),
        file: throttleFile,
      },
      // A certification's plan: its workers share the run's concurrency.
      concurrency: plan,
    };
    project.provide(TARGET, target);
  } catch (e) {
    await cleanup();
    // Whatever stopped the start (a KitError, or a target answering nonsense to provisioning) ends the run with exit 2.
    const failure = isKitError(e)
      ? e
      : new KitError('PROVISIONING_FAILED', `The run could not start: ${secrets.redact((e as Error)?.message ?? String(e))}`);
    noteSetupFailure(failure);
    throw failure;
  }
  return cleanup;
}
