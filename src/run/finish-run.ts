/**
 * The end of a certification, in the one order that makes the verdict final before anyone sees
 * it: what cleanup did is attached, the HAR assembled, the files the run wrote scanned for
 * secrets (a leak is redacted in place and fails the run), junit.xml given the run's seed, target and
 * kit version as <properties>, and only then the summary published:
 * summary.json and summary.md written once each, the verdict printed last.
 *
 *   const summary = finishRun(built, { reportsDir, cleanup, mainRequests: { probe: 5, provisioning: 7, cleanup: 40 },
 *     throttled: { responses: 2, waitedMs: 2000 }, har: true, kitVersion: '0.1.0',
 *     secrets: [adminToken, ...learnt], writtenSince: startedMs, log: console.log });
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CleanupReport, MainRequests, ThrottleCount } from '../kit/channels.ts';
import { assembleHar } from '../report/har.ts';
import { junitWithProperties } from '../report/junit-properties.ts';
import { markKnownInAllure, markKnownInJunit, type KnownTest } from '../report/known-in-reports.ts';
import { publishSummary } from '../report/publish.ts';
import { runScope, type RunScopeInput } from '../report/run-scope.ts';
import { withMainRequests, type ShardDuration, type Summary } from '../report/summary.ts';
import { withShardDurations } from './merged-shards.ts';
import { scanForSecrets } from './secret-scan.ts';

export interface FinishOptions {
  reportsDir: string;
  cleanup?: CleanupReport;
  /** What the main process sent per phase (probe, provisioning, cleanup): added to the tests' requests. None for merged shards. */
  mainRequests?: MainRequests;
  /** A merge of shards' reports: each shard's duration (the longest becomes the run's). */
  shards?: readonly ShardDuration[];
  /** The run's 429 answers and the time waited on them (summary.json's `throttled`). */
  throttled?: ThrottleCount;
  /** What the run was asked to cover (summary.json's `scope`: PARTIAL instead of PASS when it is not everything). */
  scope?: RunScopeInput;
  /** CONFORMANCE_HAR: assemble reports/run.har from the workers' parts. */
  har: boolean;
  kitVersion: string;
  /** Every secret the run held or learnt. */
  secrets: readonly string[];
  /** The run's start (ms since the epoch, with the file system's grain taken off): older files are not the run's. */
  writtenSince: number;
  log: (text: string) => void;
  /** Only the verdict and the errors on the console (no failure blocks). */
  quiet?: boolean;
  /** Writes one report file; default writeFileSync. */
  write?: (path: string, text: string) => void;
}

/** The failures a baseline excused, each with the reason of the entry that excused it. */
function knownTests(summary: Summary): KnownTest[] {
  return (summary.knownFailures ?? []).map((f) => {
    const clause = summary.clauses.find((c) => c.id === (f.violates ?? f.clause));
    const reason = f.known?.reason ?? clause?.known?.reason ?? 'listed in the baseline';
    return { test: f.test, ...(f.file ? { file: f.file } : {}), reason };
  });
}

export function finishRun(built: Summary, o: FinishOptions): Summary {
  let summary: Summary = o.cleanup ? { ...built, cleanup: o.cleanup } : built;
  if (o.throttled) summary = { ...summary, throttled: o.throttled };
  if (o.scope) summary = { ...summary, scope: runScope(o.scope, summary.capabilities) };
  if (o.mainRequests) summary = withMainRequests(summary, o.mainRequests);
  if (o.shards) summary = withShardDurations(summary, o.shards);
  if (o.har) assembleHar(o.reportsDir, o.kitVersion);
  // junit.xml and the Allure results were written while known failures were failures, and they know
  // nothing of the run: junit.xml is read once, given both, written once.
  const known = knownTests(summary);
  const junit = join(o.reportsDir, 'junit.xml');
  if (existsSync(junit)) {
    const run = { seed: summary.seed, target: summary.target, kitVersion: summary.kitVersion };
    writeFileSync(junit, junitWithProperties(markKnownInJunit(readFileSync(junit, 'utf8'), known), run, o.secrets));
  }
  markKnownInAllure(join(o.reportsDir, 'allure-results'), known);
  // summary.json and summary.md are not written yet: they are redacted as they are written.
  const leaks = scanForSecrets(o.reportsDir, o.secrets, o.writtenSince);
  if (leaks.length) {
    const reasons = leaks.map((l) => `a secret appeared ${l.count} time(s) in ${relative(o.reportsDir, l.file)} (redacted in place)`);
    summary = { ...summary, verdict: 'fail', verdictReasons: [...summary.verdictReasons, ...reasons] };
  }
  return publishSummary(summary, { reportsDir: o.reportsDir, secrets: o.secrets, log: o.log, write: o.write, quiet: o.quiet });
}
