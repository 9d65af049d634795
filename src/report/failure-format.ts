/**
 * The failure block, written once: the console prints it as is, summary.md puts it in a fenced
 * block. Every text in it is bounded (clip: a 1 MiB counterexample shows its first 2,000
 * characters and where the whole is, summary.json). Layout (DESIGN.md, "What a failure looks like"):
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
/** Longest requirement, expected, actual or counterexample a block shows (characters); the whole text stays in summary.json. */
export const FIELD_MAX = 2000;
/** Longest reproducer a block shows (a property's replay may hold many commands); long bodies are in files already (kit/curl.ts). */
const REPRODUCE_MAX = 8000;

/** Whole commands of a reproducer (one a line) up to REPRODUCE_MAX, the first always: a command cut in the middle would send something else. */
function commands(reproduce: string): string {
  const all = reproduce.split('\n');
  const shown: string[] = [];
  let size = 0;
  for (const c of all) {
    if (shown.length > 0 && size + c.length > REPRODUCE_MAX) break;
    shown.push(c);
    size += c.length + 1;
  }
  const more = all.length - shown.length;
  return more ? [...shown, `# … ${more} more command(s): the whole list is in summary.json`].join('\n') : shown.join('\n');
}

/** A text cut to `max` characters, saying how long it was and where the whole of it is. */
export function clip(text: string, max = FIELD_MAX): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [cut: ${text.length} characters in all; the whole text is in summary.json]`;
}

function indentRest(text: string, indent: string): string {
  return text.split(/\r?\n/).join(`\n${indent}`);
}

function bodyLine(body: string): string {
  const flat = body.replace(/\s*\r?\n\s*/g, ' ').trim();
  if (!flat) return '(empty body)';
  return `\`${flat.length > BODY_MAX ? `${flat.slice(0, BODY_MAX)}…` : flat}\``;
}

export function formatFailure(f: FailureSummary, seed: number | string): string {
  const lines = [`x ${f.clause ?? '(no clause)'}  ${clip(f.title)}`, `  -> ${indentRest(clip(f.requirement), '     ')}`];
  if (f.expected !== undefined || f.actual !== undefined) {
    lines.push(
      `     Expected: ${indentRest(clip(f.expected ?? '(not stated)'), '     ')}   Actual: ${indentRest(clip(f.actual ?? '(none)'), '     ')}`,
    );
  }
  if (f.exchange) {
    const status = f.exchange.status === null ? 'no response' : String(f.exchange.status);
    lines.push(`  [${status}] ${bodyLine(f.exchange.bodyExcerpt)}`);
  }
  if (f.counterexample !== undefined) lines.push(`  Counterexample (shrunk): ${indentRest(clip(f.counterexample), '     ')}`);
  if (f.reproduce) {
    lines.push('  Reproduce with:', `     ${indentRest(commands(f.reproduce), '     ')}`);
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
