/** Unit tests of comparing two runs: newly failing, fixed, still failing and not run, as text and Markdown, and the exit codes. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { main } from '../cli.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { diffSummaries, formatDiffMarkdown, formatDiffText, type DiffableSummary } from './diff.ts';

const temp = tempFoldersForThisFile();

const f = (test: string, clause: string | null, violates?: string) => ({ test, clause, ...(violates && { violates }) });

const BEFORE: DiffableSummary = {
  failures: [
    f('users > users.create.status POST /users answers 201', 'users.create.status'),
    f('users > users.get.status GET /users/:id', 'users.get.status', 'conv.types.datetime'),
    f('keys > keys.list_own.status GET /user/keys', 'keys.list_own.status'),
    f('epics > epics.create.status POST', 'epics.create.status'),
  ],
  knownFailures: [f('users > users.update.conflict_404 PUT', 'users.update.conflict_404')],
};

const AFTER: DiffableSummary = {
  failures: [
    f('users > users.create.status POST /users answers 201', 'users.create.status'),
    // The same test now breaks another clause: a new failure, and the old one fixed.
    f('users > users.get.status GET /users/:id', 'users.get.status'),
    f('broadcast > broadcast.create.status POST <script> | *bold*', 'broadcast.create.status'),
  ],
  knownFailures: [f('users > users.update.conflict_404 PUT', 'users.update.conflict_404')],
  clauses: [
    { id: 'users.create.status', status: 'fail', tests: ['users > users.create.status POST /users answers 201'] },
    { id: 'users.get.status', status: 'fail', tests: ['users > users.get.status GET /users/:id'] },
    { id: 'keys.list_own.status', status: 'pass', tests: ['keys > keys.list_own.status GET /user/keys'] },
    { id: 'epics.create.status', status: 'skip', tests: ['epics > epics.create.status POST'] },
  ],
};

describe('diffSummaries', () => {
  test('newly failing, fixed, still failing (known failures too) and not run, by clause with the test names', () => {
    expect(diffSummaries(BEFORE, AFTER)).toEqual({
      newlyFailing: [
        { clause: 'broadcast.create.status', tests: ['broadcast > broadcast.create.status POST <script> | *bold*'] },
        { clause: 'users.get.status', tests: ['users > users.get.status GET /users/:id'] },
      ],
      fixed: [
        { clause: 'conv.types.datetime', tests: ['users > users.get.status GET /users/:id'] },
        { clause: 'keys.list_own.status', tests: ['keys > keys.list_own.status GET /user/keys'] },
      ],
      stillFailing: [
        { clause: 'users.create.status', tests: ['users > users.create.status POST /users answers 201'] },
        { clause: 'users.update.conflict_404', tests: ['users > users.update.conflict_404 PUT'] },
      ],
      notRun: [{ clause: 'epics.create.status', tests: ['epics > epics.create.status POST'] }],
      notes: [],
    });
  });

  test('the same run twice: nothing new, nothing fixed', () => {
    const d = diffSummaries(AFTER, AFTER);
    expect([d.newlyFailing, d.fixed, d.notRun]).toEqual([[], [], []]);
    expect(d.stillFailing).toHaveLength(4);
  });

  test('an interrupted run, errors outside the tests and a failure without a clause are said', () => {
    const d = diffSummaries(
      { failures: [] },
      { failures: [f('set-up of users.test.ts', null)], interrupted: true, unhandledErrors: ['x'] },
    );
    expect(d.newlyFailing).toEqual([{ clause: '(no clause)', tests: ['set-up of users.test.ts'] }]);
    expect(d.notes).toEqual([
      'the AFTER run was interrupted: tests it did not finish are not judged',
      'the AFTER run had 1 error(s) outside the tests (see its summary)',
    ]);
  });
});

describe('formats', () => {
  const d = diffSummaries(BEFORE, AFTER);

  test('text: each section with its clauses and tests, and the verdict last', () => {
    const text = formatDiffText(d, 'main/summary.json', 'reports/summary.json');
    expect(text).toContain('Conformance diff: main/summary.json -> reports/summary.json');
    expect(text).toContain(
      '\nNewly failing: 2 tests in 2 clauses\n  broadcast.create.status\n    broadcast > broadcast.create.status POST',
    );
    expect(text).toContain('\nFixed: 2 tests in 2 clauses\n');
    expect(text).toContain('\nStill failing: 2 tests in 2 clauses\n');
    expect(text).toContain('\nFailing before, not run after: 1 test in 1 clause\n  epics.create.status\n');
    expect(text.trimEnd().split('\n').pop()).toBe('Diff: FAIL — 2 tests newly failing; 2 tests fixed, 2 tests still failing');
    expect(formatDiffText(diffSummaries(AFTER, AFTER), 'a', 'b')).toMatch(
      /Diff: PASS — nothing newly fails; 0 tests fixed, 4 tests still failing\n$/,
    );
  });

  test('Markdown: the verdict as heading, new failures open, the rest folded, test names escaped', () => {
    const md = formatDiffMarkdown(d, 'main/summary.json', 'reports/summary.json');
    expect(md.split('\n')[0]).toBe('### Conformance diff: ❌ FAIL — 2 tests newly failing; 2 tests fixed, 2 tests still failing');
    expect(md).toContain('#### Newly failing: 2 tests in 2 clauses\n\n- `broadcast.create.status`\n');
    expect(md).toContain('  - broadcast \\> broadcast.create.status POST \\<script\\> \\| \\*bold\\*\n');
    expect(md).toContain('<details>\n<summary>Fixed: 2 tests in 2 clauses</summary>\n\n- `conv.types.datetime`');
    expect(md).toContain('<summary>Still failing: 2 tests in 2 clauses</summary>');
    expect(md).not.toContain('<script>');
  });

  test('Markdown stays bounded: ten tests per clause, then how many more', () => {
    const many = { failures: Array.from({ length: 25 }, (_, i) => f(`t${String(i).padStart(2, '0')}`, 'users.create.status')) };
    const md = formatDiffMarkdown(diffSummaries({ failures: [] }, many), 'a', 'b');
    expect(md.match(/^ {2}- t\d\d$/gm)).toHaveLength(10);
    expect(md).toContain('  - … and 15 more');
  });
});

describe('`conformance diff`', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const dir = temp('diff-');
  const file = (name: string, value: unknown) => {
    const p = join(dir, name);
    writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
    return p;
  };

  test('exit 1 when something newly fails, 0 otherwise; --markdown writes Markdown', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await main(['diff', file('before.json', BEFORE), file('after.json', AFTER)])).toBe(1);
    expect(String(out.mock.calls.at(-1)![0])).toMatch(/^Conformance diff: /);
    expect(await main(['diff', file('after.json', AFTER), file('after.json', AFTER), '--markdown'])).toBe(0);
    expect(String(out.mock.calls.at(-1)![0])).toMatch(/^### Conformance diff: ✅ PASS/);
    // Fixing is not failing: two of AFTER's failures gone, nothing new.
    expect(await main(['diff', file('after.json', AFTER), file('before2.json', { ...AFTER, failures: AFTER.failures.slice(0, 1) })])).toBe(
      0,
    );
  });

  test('unreadable input, not a summary or the wrong number of files: one line, exit 2', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = file('good.json', AFTER);
    expect(await main(['diff', good, join(dir, 'missing.json')])).toBe(2);
    expect(await main(['diff', file('bad.json', '{"failures": ['), good])).toBe(2);
    expect(await main(['diff', file('other.json', { known: [] }), good])).toBe(2);
    expect(await main(['diff', good])).toBe(2);
    expect(err.mock.calls.map((c) => String(c[0]).split('\n').length)).toEqual([1, 1, 1, 1]);
    expect(err.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
      /cannot read .*missing[^]*cannot read .*bad[^]*not a summary[^]*two summary/,
    );
  });
});
