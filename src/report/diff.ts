/**
 * Comparing two runs (`conformance diff BEFORE AFTER`, two summary.json files): what newly fails, what
 * was fixed and what still fails, by clause with the test names. A CI gate runs it with the main
 * branch's summary as BEFORE: exit 1 only when the pull request's run fails something new.
 *
 *   const diff = diffSummaries(readSummaryFile('main/summary.json'), readSummaryFile('reports/summary.json'));
 *   diff.newlyFailing  // [{ clause: 'users.create.status', tests: ['POST /users > users.create.status ...'] }]
 *
 * A failure is its test and the clause it breaks (the finding's `violates`, else the clause its test
 * cites); failures a baseline excused count too (they are failures of the server, known or not). A
 * failure of BEFORE whose test did not run in AFTER (filtered, skipped, interrupted) is neither fixed nor
 * still failing: it is listed as not run.
 */
import { KitError } from '../shared/errors.ts';
import { readSummaryFile } from './read-summary.ts';

interface DiffableFailure {
  test: string;
  clause: string | null;
  violates?: string;
}

/** The part of summary.json a diff reads. */
export interface DiffableSummary {
  failures: DiffableFailure[];
  knownFailures?: DiffableFailure[];
  clauses?: { id: string; status: string; tests?: string[] }[];
  interrupted?: boolean;
  unhandledErrors?: string[];
}

export interface ClauseTests {
  clause: string;
  tests: string[];
}

export interface SummaryDiff {
  newlyFailing: ClauseTests[];
  fixed: ClauseTests[];
  stillFailing: ClauseTests[];
  /** Failures of BEFORE whose test AFTER did not run: not judged. */
  notRun: ClauseTests[];
  /** What else about AFTER a reader of the gate should know (an interrupted run, errors outside the tests). */
  notes: string[];
}

const NO_CLAUSE = '(no clause)';

function failingPairs(s: DiffableSummary): Map<string, { clause: string; test: string; cited: string | null }> {
  const out = new Map<string, { clause: string; test: string; cited: string | null }>();
  for (const f of [...s.failures, ...(s.knownFailures ?? [])]) {
    const clause = f.violates ?? f.clause ?? NO_CLAUSE;
    out.set(`${clause}\u0000${f.test}`, { clause, test: f.test, cited: f.clause });
  }
  return out;
}

function grouped(pairs: { clause: string; test: string }[]): ClauseTests[] {
  const by = new Map<string, Set<string>>();
  for (const p of pairs) by.set(p.clause, (by.get(p.clause) ?? new Set()).add(p.test));
  return [...by.keys()].sort().map((clause) => ({ clause, tests: [...by.get(clause)!].sort() }));
}

export function diffSummaries(before: DiffableSummary, after: DiffableSummary): SummaryDiff {
  const was = failingPairs(before);
  const is = failingPairs(after);
  // Tests AFTER judged: those of a clause that passed or failed (a summary without clauses: all of them).
  const judged = after.clauses
    ? new Set(after.clauses.filter((c) => c.status === 'pass' || c.status === 'fail').flatMap((c) => c.tests ?? []))
    : undefined;
  const ran = (p: { test: string; cited: string | null }) => !judged || p.cited === null || judged.has(p.test);
  const gone = [...was].filter(([k]) => !is.has(k)).map(([, p]) => p);
  const notes: string[] = [];
  if (after.interrupted) notes.push('the AFTER run was interrupted: tests it did not finish are not judged');
  if (after.unhandledErrors?.length)
    notes.push(`the AFTER run had ${after.unhandledErrors.length} error(s) outside the tests (see its summary)`);
  return {
    newlyFailing: grouped([...is].filter(([k]) => !was.has(k)).map(([, p]) => p)),
    fixed: grouped(gone.filter(ran)),
    stillFailing: grouped([...is].filter(([k]) => was.has(k)).map(([, p]) => p)),
    notRun: grouped(gone.filter((p) => !ran(p))),
    notes,
  };
}

const count = (groups: ClauseTests[]) => groups.reduce((n, g) => n + g.tests.length, 0);
const tests = (n: number) => `${n} test${n === 1 ? '' : 's'}`;

const SECTIONS = [
  ['newlyFailing', 'Newly failing'],
  ['fixed', 'Fixed'],
  ['stillFailing', 'Still failing'],
  ['notRun', 'Failing before, not run after'],
] as const;

/** One line: the gate's verdict. */
function verdictLine(d: SummaryDiff): string {
  const n = count(d.newlyFailing);
  const rest = `${tests(count(d.fixed))} fixed, ${tests(count(d.stillFailing))} still failing`;
  return n ? `FAIL — ${tests(n)} newly failing; ${rest}` : `PASS — nothing newly fails; ${rest}`;
}

export function formatDiffText(d: SummaryDiff, before: string, after: string): string {
  const lines = [`Conformance diff: ${before} -> ${after}`];
  for (const [key, title] of SECTIONS) {
    const groups = d[key];
    if (!groups.length && key === 'notRun') continue;
    lines.push(
      '',
      `${title}: ${tests(count(groups))}${groups.length ? ` in ${groups.length} clause${groups.length === 1 ? '' : 's'}` : ''}`,
    );
    for (const g of groups) lines.push(`  ${g.clause}`, ...g.tests.map((t) => `    ${t}`));
  }
  for (const note of d.notes) lines.push('', `Note: ${note}`);
  lines.push('', `Diff: ${verdictLine(d)}`);
  return `${lines.join('\n')}\n`;
}

/** Markdown text with its punctuation escaped (test names hold `<`, `*`, `|`...). */
const md = (s: string) => s.replace(/[\\`*_[\]<>|#~&]/g, (c) => `\\${c}`);
/** Tests listed per clause in Markdown: a job summary has a size limit (1 MiB). */
const MD_TESTS_PER_CLAUSE = 10;

export function formatDiffMarkdown(d: SummaryDiff, before: string, after: string): string {
  const out = [`### Conformance diff: ${verdictLine(d).startsWith('FAIL') ? '❌' : '✅'} ${md(verdictLine(d))}`, ''];
  out.push(`\`${before.replace(/`/g, '')}\` → \`${after.replace(/`/g, '')}\``, '');
  for (const [key, title] of SECTIONS) {
    const groups = d[key];
    if (!groups.length) continue;
    const body: string[] = [];
    for (const g of groups) {
      body.push(`- \`${g.clause}\``);
      for (const t of g.tests.slice(0, MD_TESTS_PER_CLAUSE)) body.push(`  - ${md(t)}`);
      if (g.tests.length > MD_TESTS_PER_CLAUSE) body.push(`  - … and ${g.tests.length - MD_TESTS_PER_CLAUSE} more`);
    }
    const heading = `${title}: ${tests(count(groups))} in ${groups.length} clause${groups.length === 1 ? '' : 's'}`;
    // What the pull request broke is open; the rest folds away.
    if (key === 'newlyFailing') out.push(`#### ${heading}`, '', ...body, '');
    else out.push('<details>', `<summary>${heading}</summary>`, '', ...body, '', '</details>', '');
  }
  for (const note of d.notes) out.push(`> ${md(note)}`, '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** The options of `conformance diff` (parsed by the command line). */
export const DIFF_OPTIONS = { markdown: { type: 'boolean' } } as const;

/** `conformance diff BEFORE AFTER [--markdown]`: exit 1 when something newly fails, 0 otherwise, KitError (2) on bad input. */
export function diffCommand(parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] }): number {
  const { values, positionals } = parsed;
  if (positionals.length !== 2)
    throw new KitError('USAGE', 'diff needs two summary.json files: conformance diff BEFORE AFTER [--markdown]');
  const [before, after] = positionals as [string, string];
  const d = diffSummaries(readSummaryFile<DiffableSummary>(before), readSummaryFile<DiffableSummary>(after));
  process.stdout.write(values.markdown ? formatDiffMarkdown(d, before, after) : formatDiffText(d, before, after));
  return d.newlyFailing.length ? 1 : 0;
}
