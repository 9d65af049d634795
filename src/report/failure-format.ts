/**
 * The failure block, written once: the console prints it as is, summary.md puts it in a fenced
 * block. Layout (DESIGN.md, "What a failure looks like"):
 *
 *   x users.block.status-201  POST /users/:id/block by an admin blocks the user
 *     -> The server MUST answer 201.
 *        Expected: 201   Actual: 200
 *     [200] `true`
 *     Reproduce with:
 *        curl -X POST -H 'Private-Token: [redacted]' http://127.0.0.1:4010/api/v4/users/17/block
 *     Seed: 1739
 *
 *   formatFailure(summary.failures[0], summary.seed)
 *   verdictLine(summary, 'reports/summary.md')  // 'Conformance: FAIL — 3 failed, 40 passed, 2 skipped (reports/summary.md)'
 */
import { capabilityLine } from '../kit/capabilities.ts';
import type { FailureSummary, Summary } from './summary.ts';

const BODY_MAX = 300;

function indentRest(text: string, indent: string): string {
  return text.split(/\r?\n/).join(`\n${indent}`);
}

function bodyLine(body: string): string {
  const flat = body.replace(/\s*\r?\n\s*/g, ' ').trim();
  if (!flat) return '(empty body)';
  return `\`${flat.length > BODY_MAX ? `${flat.slice(0, BODY_MAX)}…` : flat}\``;
}

export function formatFailure(f: FailureSummary, seed: number | string): string {
  const lines = [`x ${f.clause ?? '(no clause)'}  ${f.title}`, `  -> ${indentRest(f.requirement, '     ')}`];
  if (f.expected !== undefined || f.actual !== undefined) {
    lines.push(
      `     Expected: ${indentRest(f.expected ?? '(not stated)', '     ')}   Actual: ${indentRest(f.actual ?? '(none)', '     ')}`,
    );
  }
  if (f.exchange) {
    const status = f.exchange.status === null ? 'no response' : String(f.exchange.status);
    lines.push(`  [${status}] ${bodyLine(f.exchange.bodyExcerpt)}`);
  }
  if (f.counterexample !== undefined) lines.push(`  Counterexample (shrunk): ${indentRest(f.counterexample, '     ')}`);
  if (f.reproduce) {
    lines.push('  Reproduce with:', `     ${indentRest(f.reproduce, '     ')}`);
  }
  lines.push(`  Seed: ${seed}`);
  return lines.join('\n');
}

/** Every failure block of a summary, separated by blank lines ('' when none failed). */
export function formatFailures(summary: Pick<Summary, 'failures' | 'seed'>): string {
  return summary.failures.map((f) => formatFailure(f, summary.seed)).join('\n\n');
}

/** 'Conformance: FAIL — 3 failed, 40 passed, 2 skipped (reports/summary.md)' */
export function verdictLine(summary: Pick<Summary, 'verdict' | 'totals' | 'capabilities' | 'scope'>, reportPath?: string): string {
  const { passed, failed, skipped, known } = summary.totals;
  const where = reportPath ? ` (${reportPath})` : '';
  const knownPart = known ? `, ${known} known (baseline)` : '';
  const capabilities = summary.capabilities?.length ? `; capabilities ${capabilityLine(summary.capabilities)}` : '';
  const partial = summary.scope && !summary.scope.certified ? `; not a certification: ${summary.scope.partialReasons.join('; ')}` : '';
  return `Conformance: ${verdictWord(summary)} — ${failed} failed, ${passed} passed, ${skipped} skipped${knownPart}${capabilities}${partial}${where}`;
}

/** PASS, FAIL, or PARTIAL for a pass of a run that did not cover everything (summary.json keeps verdict "pass"). */
export function verdictWord(summary: Pick<Summary, 'verdict' | 'scope'>): 'PASS' | 'FAIL' | 'PARTIAL' {
  if (summary.verdict === 'fail') return 'FAIL';
  return summary.scope && !summary.scope.certified ? 'PARTIAL' : 'PASS';
}
