/**
 * The worker-side view of a run: clients for the administrator, the run's regular user and an
 * anonymous caller, names under the run prefix, and tracking of what a test creates.
 * Built once per worker from the target handed over by the globalSetup.
 *
 *   const s = session();
 *   const res = await s.admin.post('/broadcast_messages', { json: { message: s.name('msg') } });
 *   s.track(res, 'broadcast_message');
 */
import { expect, inject } from 'vitest';
import { runClient, type ApiClient, type ApiResponse, type Credentials } from './client.ts';
import { join, relative, sep } from 'node:path';
import { appendLedger, type LedgerEntry, type LedgerKind } from './ledger.ts';
import { secretLearner } from './learn-secrets.ts';
import { reproduceFilesIn } from './curl.ts';
import { currentPropertyRun, currentTestName, recordHarTo, recorder, recordViolations } from './recorder.ts';
import { responseChecker } from './response-checks.ts';
import { SecretSet } from '../shared/redact.ts';
import { secretsFileSink, TARGET, throttleFileLog } from './channels.ts';
import { workerShare } from '../shared/concurrency.ts';
import type { TargetInfo } from './target.ts';

export interface Session {
  target: TargetInfo;
  secrets: SecretSet;
  /** The administrator (its token has the sudo scope on the bundled reference). */
  admin: ApiClient;
  /** The run's regular, non-admin user. */
  user: ApiClient;
  /** No credentials at all. */
  anon: ApiClient;
  /** A client with any credentials (an invalid token, an impersonation token in another transport...). */
  as(auth: Credentials | null): ApiClient;
  /** A unique name under the run prefix, e.g. cfk-1a2b3c4d-msg-3. */
  name(label: string): string;
  /** Records a created resource in the ledger (when the response shows one was created); `extra.goesWith`: see LedgerEntry. */
  track(res: ApiResponse, kind: LedgerKind, path?: string, query?: Record<string, string>, extra?: Pick<LedgerEntry, 'goesWith'>): void;
  /** A target_path that matches no real page, so the kit's broadcast messages show to nobody. */
  hiddenTargetPath(): string;
  /**
   * How many runs of a property whose runs share nothing may run at once (forAll's `sideBySide`):
   * this worker's share of a certification's concurrency; 1 (one after the other) when the run
   * sets none (npm test, the mutation proof).
   */
  runsAtOnce: number;
}

const DELETE_PATHS: Partial<Record<LedgerKind, (id: number) => string>> = {
  broadcast_message: (id) => `/broadcast_messages/${id}`,
  project: (id) => `/projects/${id}`,
  group: (id) => `/groups/${id}`,
  user: (id) => `/users/${id}`,
};

/**
 * A short tag of the running test file and test (the file alone in its hooks; and the property run,
 * when a property's runs go side by side), with a counter per tag: names are unique across the run
 * and the same from one run to the next, even where the tests of a file or the runs of a property
 * run side by side, so that two runs with the same seed and run prefix send the same requests.
 */
function nameTag(): string {
  const path = relative(process.cwd(), expect.getState().testPath ?? String(process.pid))
    .split(sep)
    .join('/');
  const test = currentTestName();
  const run = currentPropertyRun();
  let h = 0x811c9dc5;
  for (const ch of test === undefined ? path : `${path}\0${test}${run === undefined ? '' : `\0${run}`}`)
    h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return (h >>> 0).toString(36);
}

let current: Session | undefined;
/** Names made so far per tag (a worker may run several files, in any order). */
const counters = new Map<string, number>();

export function session(): Session {
  if (current) return current;
  const target = inject(TARGET);
  reproduceFilesIn(target.reportsDir); // long bodies and queries of reproducers: <reportsDir>/reproduce/
  if (target.har) recordHarTo(join(target.reportsDir, 'har-parts', `${target.runPrefix}-${process.pid}.jsonl`), target.harKey);
  const secrets = new SecretSet([target.adminToken, target.user.token], secretsFileSink(target.secretsPath));
  const share =
    target.concurrency && workerShare(target.concurrency.requests, target.concurrency.workers, Number(process.env.VITEST_POOL_ID) || 1);
  const base = runClient({
    apiUrl: target.apiUrl,
    timeoutMs: target.timeoutMs,
    maxBodyBytes: target.maxBodyBytes,
    secrets,
    auth: null,
    // One per worker: its clients share the bound on waiting out 429s and the rate cap.
    throttle: {
      maxWaitMs: target.throttle.maxWaitMs,
      requestsPerSecond: target.throttle.requestsPerSecond,
      log: throttleFileLog(target.throttle.file),
      // Its share of the run's concurrency: the tests of a side-by-side file it runs at once never hold more.
      maxInFlight: share,
    },
    // Secrets first, so nothing records one; then the record a failure shows; then the checks of every response.
    observers: [secretLearner(secrets), recorder(secrets), responseChecker(target.apiUrl, recordViolations)],
  });
  const s: Session = {
    target,
    secrets,
    admin: base.as({ token: target.adminToken }),
    user: base.as({ token: target.user.token }),
    anon: base,
    as: (auth) => base.as(auth),
    name: (label) => {
      const tag = nameTag();
      const n = (counters.get(tag) ?? 0) + 1;
      counters.set(tag, n);
      return `${target.runPrefix}-${label}-${tag}-${n}`;
    },
    track(res, kind, path, query, extra) {
      // Ledgered even when the id arrives as a string: a broken server must not keep what the kit made.
      const id = Number((res.json as { id?: unknown } | undefined)?.id);
      if (res.status < 200 || res.status >= 300 || !Number.isInteger(id)) return;
      const p = path ?? DELETE_PATHS[kind]?.(id);
      if (!p) throw new Error(`no delete path known for ${kind}`);
      const parentId = (res.json as { parent_id?: unknown }).parent_id;
      // A group's parent: cleanup removes subgroups before their parents (a non-number is recorded as top level).
      const parent = kind === 'group' ? { parent: Number.isInteger(parentId) ? (parentId as number) : null } : {};
      appendLedger(target.ledgerPath, {
        kind,
        id,
        path: p,
        query,
        label: secrets.redact(res.url),
        target: target.apiUrl,
        ...parent,
        ...extra,
      });
    },
    hiddenTargetPath: () => `/${target.runPrefix}/conformance-kit/no-such-page`,
    runsAtOnce: share || 1,
  };
  current = s;
  return s;
}
