/**
 * The vitest 4 reporter of a certification run: collects every test case with its
 * meta().conformance and, at the end, builds the run's summary (baseline applied, capabilities
 * attached, every string redacted) and hands it to the caller (onSummary, lastSummary). It writes
 * and prints nothing: certify() publishes the summary once the run is over (publish.ts).
 *
 *   const reporter = new ConformanceReporter({ target: 'http://127.0.0.1:4010', kitVersion: '0.1.0',
 *     seed: 1739, secrets: [adminToken], onSummary: (s) => { summary = s; } });
 *   await startVitest('test', [], { reporters: ['default', reporter] });
 */
import type { SerializedError } from 'vitest';
import type { Reporter, TestCase, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import type { SecretSet } from '../shared/redact.ts';
import '../kit/result-meta.ts';
import { capabilityReport, type CapabilityState } from '../kit/capabilities.ts';
import { applyBaseline, type Baseline } from './baseline.ts';
import { withKnownCells } from './authorization-table.ts';
import { runSecrets } from './publish.ts';
import { redactDeep } from './redact-deep.ts';
import { CLAUSES, findClause } from '../spec/clauses.ts';
import { buildSummary, type ClauseEntry, type Summary, type TestResult } from './summary.ts';

/** What the reporter reads of the target the globalSetup handed to the workers. */
type ProvidedTarget = { capabilities?: CapabilityState[]; skip?: string[]; require?: string[] };

export interface ConformanceReporterOptions {
  target: string;
  kitVersion: string;
  seed: number;
  /** Values to replace by [redacted] in everything written or printed. */
  secrets?: string[];
  /** Clause catalogue; defaults to src/spec/clauses.json. */
  clauses?: readonly ClauseEntry[];
  /** Called with the (redacted) summary at the end of the run. */
  onSummary?: (summary: Summary) => void;
  /** Known departures: their failures are reported as known (see baseline.ts). */
  baseline?: Baseline;
  /** Today as YYYY-MM-DD, for baseline expiry; defaults to the UTC date. */
  today?: string;
}

function errorText(e: Pick<SerializedError, 'message' | 'name' | 'stack'>): string {
  const head = e.name && e.message && !e.message.startsWith(e.name) ? `${e.name}: ${e.message}` : e.message || e.name || 'error';
  return head;
}

/** Reads one vitest test case into the summary's plain record. */
export function toTestResult(test: TestCase): TestResult {
  const meta = test.meta().conformance;
  const result = test.result();
  const out: TestResult = {
    fullName: test.fullName,
    name: test.name,
    file: test.module.relativeModuleId,
    state: result.state,
  };
  if (meta?.clause) out.clause = meta.clause;
  if (result.state === 'skipped') {
    const reason = meta?.skipReason ?? result.note ?? (test.options.mode === 'todo' ? 'todo' : undefined);
    if (reason) out.skipReason = reason;
  }
  if (meta?.failure && result.state === 'failed') out.failure = meta.failure;
  if (result.errors?.length) out.errors = result.errors.map(errorText);
  if (meta?.requests !== undefined) out.requests = meta.requests;
  if (meta?.setupRequests) out.setupRequests = meta.setupRequests;
  if (meta?.notes?.length) out.notes = meta.notes;
  if (meta?.cell) out.cell = meta.cell;
  const d = test.diagnostic();
  if (d) out.durationMs = d.duration;
  return out;
}

/** The errors of the hooks around a test (a suite's beforeAll that threw), innermost first. */
function setupErrors(test: TestCase): string[] {
  const out: string[] = [];
  let at: TestCase['parent'] = test.parent;
  for (;;) {
    out.push(...at.errors().map(errorText));
    if (at.type === 'module') return out;
    at = at.parent;
  }
}

/**
 * A test that never ran because its set-up failed (vitest marks it skipped): a failure of its
 * clause (read from its title, which starts with it), with the set-up's error as the reason.
 */
function setupFailure(test: TestCase, error: string): TestResult {
  const first = test.name.split(' ')[0] ?? '';
  const out: TestResult = { fullName: test.fullName, name: test.name, file: test.module.relativeModuleId, state: 'failed' };
  if (findClause(first)) out.clause = first;
  out.failure = { requirement: `The test's set-up failed, so the test could not run: ${error}` };
  out.errors = [error];
  return out;
}

export default class ConformanceReporter implements Reporter {
  /** The summary of the last finished run (redacted), for programmatic callers. */
  lastSummary: Summary | undefined;
  private readonly options: ConformanceReporterOptions;
  private readonly secrets: SecretSet;
  private vitest: Vitest | undefined;
  private startedAt = new Date();

  constructor(options: ConformanceReporterOptions) {
    this.options = options;
    this.secrets = runSecrets(options.secrets);
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    this.startedAt = new Date();
  }

  onTestRunStart(): void {
    this.startedAt = new Date();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    const results: TestResult[] = [];
    const outside: string[] = unhandledErrors.map(errorText);
    for (const mod of testModules) {
      for (const e of mod.errors()) outside.push(`${mod.relativeModuleId}: ${errorText(e)}`);
      for (const test of mod.children.allTests()) {
        if (test.result().state === 'skipped' && !test.meta().conformance) {
          // Never started: its set-up failed (a failure, never a vanished test), or a filter left it out.
          const [error] = setupErrors(test);
          if (error !== undefined) results.push(setupFailure(test, error));
          continue;
        }
        results.push(toTestResult(test));
      }
    }
    const o = this.options;
    const built = buildSummary({
      results,
      clauses: o.clauses ?? CLAUSES,
      target: o.target ?? 'unknown target',
      kitVersion: o.kitVersion ?? 'unknown',
      seed: o.seed ?? 0,
      startedAt: this.startedAt,
      durationMs: Date.now() - this.startedAt.getTime(),
      unhandledErrors: outside,
      interrupted: reason === 'interrupted',
    });
    const today = o.today ?? new Date().toISOString().slice(0, 10);
    const withBaseline = o.baseline ? withKnownCells(applyBaseline(built, o.baseline, today)) : built;
    const target = this.providedTarget();
    if (target?.capabilities) withBaseline.capabilities = capabilityReport(target.capabilities, target.skip ?? [], target.require ?? []);
    this.finish(withBaseline);
  }

  /** The target the suites' globalSetup handed to the workers, when this run had one. */
  private providedTarget(): ProvidedTarget | undefined {
    try {
      const project = this.vitest?.projects.find((p) => p.name === 'suites');
      return (project?.getProvidedContext() as { target?: ProvidedTarget } | undefined)?.target;
    } catch {
      return undefined;
    }
  }

  /** Redacts the summary and hands it over. */
  finish(raw: Summary): Summary {
    const summary = redactDeep(raw, (s) => this.secrets.redact(s));
    this.lastSummary = summary;
    this.options.onSummary?.(summary);
    return summary;
  }
}
