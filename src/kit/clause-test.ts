/**
 * `clauseTest`: a vitest test tied to exactly one clause of the catalogue. It refuses unknown
 * ids, skips (with the reason) areas the run was told to skip, resets the exchange recorder, and
 * on failure records the requirement, expected/actual, the exchange the failing check judged (or
 * the test's last), a curl reproducer of it, and the clause a response check found broken, in
 * the test's meta for the reporters.
 *
 *   clauseTest('broadcast.list.status', 'GET /broadcast_messages answers 200', async ({ s }) => {
 *     check.status(await s.anon.get('/broadcast_messages'), 200);
 *   });
 */
import * as allure from 'allure-js-commons';
import { inject, test, type TestContext } from 'vitest';
import { capabilityVerdict } from './capabilities.ts';
import { ENV, TARGET } from './channels.ts';
import { timeAllowanceMs } from './throttle.ts';
import { areaOf, getClause } from '../spec/clauses.ts';
import { CITED } from './check-registry.ts';
import { ConformanceFailure, failureOf } from './checks.ts';
import { inTestLog, takeRequestsOutsideTests, takeViolations, testNotes, testRequests } from './recorder.ts';
import { failureRecord } from './failure-record.ts';
import { session, type Session } from './session.ts';
import type { ConformanceMeta } from './result-meta.ts';
import './target.ts';

/** Set by certify() when the allure reporter is part of the run (allure-js-commons complains otherwise). */
const ALLURE = process.env[ENV.allure] === '1';

export interface ClauseContext {
  s: Session;
  /** Marks the test skipped with a reason (a capability the target lacks, say). */
  skip(reason: string): never;
  task: TestContext['task'];
}

export interface ClauseTestOptions {
  timeout?: number;
  /**
   * Runs after the test before it in its suite, even where the suite runs side by side with its siblings
   * (`describe.concurrent`): a table whose groups share nothing, but each group's tests see each other's effects.
   */
  sequential?: boolean;
}

export function clauseTest(
  clause: string,
  title: string,
  fn: (ctx: ClauseContext) => Promise<void> | void,
  options: ClauseTestOptions = {},
): void {
  getClause(clause); // throws at collection time on an unknown id
  // A test's own time limit gets the time it may wait on a throttling target too (the configured one has it already).
  const timeout = options.timeout && options.timeout + timeAllowanceMs(inject(TARGET));
  const name = `${clause} ${title}`;
  // Each test records, counts and names its exchanges in a log of its own (recorder.ts): tests of a file may run side by side.
  (options.sequential ? test.sequential : test)(name, { timeout }, (ctx) =>
    inTestLog(ctx.task.fullTestName ?? name, () => runClause(clause, fn, ctx)),
  );
}

/** One run of a clause test, inside its own request log: capability verdict, allure labels, the body, the response checks' verdict, the failure record. */
async function runClause(clause: string, fn: (ctx: ClauseContext) => Promise<void> | void, ctx: TestContext): Promise<void> {
  const meta: ConformanceMeta = { clause };
  ctx.task.meta.conformance = meta;
  // What this process sent outside any test since a test last started: the hooks before it (a file's beforeAll fixtures).
  const setup = takeRequestsOutsideTests();
  if (setup > 0) meta.setupRequests = setup;
  const s = session();
  // CONFORMANCE_SKIP and the probed capabilities decide first: skip, fail, or run.
  const capability = capabilityVerdict(clause, s.target.capabilities, s.target.skip, s.target.require);
  if (capability.action === 'skip') {
    meta.skipReason = capability.reason;
    ctx.skip(meta.skipReason);
  }
  if (capability.action === 'fail') {
    meta.failure = { requirement: capability.reason };
    throw new ConformanceFailure(capability.reason);
  }
  if (ALLURE) {
    await allure.label('clause', clause);
    await allure.label('area', areaOf(clause));
    await allure.epic(areaOf(clause));
    await allure.description(getClause(clause).statement);
  }
  const skip = (reason: string): never => {
    meta.skipReason = reason;
    ctx.skip(reason);
    throw new Error('unreachable');
  };
  try {
    await fn({ s, skip, task: ctx.task });
    // A format fault anywhere in the test's exchanges fails it, even where the test did not look.
    const [first] = takeViolations();
    if (first) {
      const { violation: v, exchange } = first;
      const check = String(v.check);
      const where = `[response check ${check}${v.clause === CITED ? '' : ` of ${v.clause}`}, on ${exchange.method} ${exchange.url}]`;
      const error = failureOf({ ...v, requirement: `${v.requirement} ${where}` });
      meta.failure = failureRecord(error, s.secrets.redact.bind(s.secrets), exchange);
      throw error;
    }
  } catch (error) {
    if (!meta.skipReason) {
      meta.failure ??= failureRecord(error, s.secrets.redact.bind(s.secrets));
      if (ALLURE && meta.failure.exchange) {
        await allure.attachment('exchange (redacted)', JSON.stringify(meta.failure.exchange, null, 2), {
          contentType: 'application/json',
        });
      }
      if (ALLURE && meta.failure.reproduce)
        await allure.attachment('reproduce with curl', meta.failure.reproduce, { contentType: 'text/plain' });
    }
    throw error;
  } finally {
    meta.requests = testRequests();
    const notes = testNotes();
    if (notes.length) meta.notes = notes;
  }
}
