/**
 * renderMarkdown: summary.md for people and CI job summaries (GitHub's $GITHUB_STEP_SUMMARY,
 * GitLab's markdown artifacts): verdict, run facts, totals, every failure in a fenced block with
 * its reproducer, then the clause coverage matrix by area with every clause's status and reason.
 * It stays under 1 MiB (GitHub's limit for a job summary) whatever the run: each block is bounded
 * (failure-format.ts), the blocks together take at most BLOCKS_MAX, and those left out are counted
 * with a pointer to summary.json, which keeps everything.
 *
 *   writeFileSync('reports/summary.md', renderMarkdown(summary));
 */
import { capabilityLine } from '../kit/capabilities.ts';
import { renderAuthorizationTable } from './authorization-table.ts';
import { clip, formatFailure, verdictWord } from './failure-format.ts';
import type { ClauseStatus, ClauseSummary, Summary } from './summary.ts';

/** The largest summary.md (bytes): under GitHub's 1 MiB job summary limit. */
export const MARKDOWN_MAX = 1024 * 1024 - 1;
/** What the failure and error blocks may take together (bytes); the rest is the header, the lists and the coverage matrix. */
const BLOCKS_MAX = 640 * 1024;

/** The room left for blocks (failures, known failures, errors), shared by the sections in their order. */
class Blocks {
  private left = BLOCKS_MAX;
  /** Adds the blocks to `out` while they fit, in order, then says how many did not and where they are. */
  add(out: string[], list: readonly string[], what: string): string[] {
    let shown = 0;
    for (const block of list) {
      const size = Buffer.byteLength(block) + 2;
      if (size > this.left) {
        this.left = 0; // no later block either: what is shown keeps the order of the run
        break;
      }
      this.left -= size;
      out.push('', block);
      shown += 1;
    }
    const more = list.length - shown;
    if (more) out.push('', `… ${more} more ${what} not shown here (summary.md stays under 1 MiB): every one is in summary.json.`);
    return out;
  }
}

export const STATUS_ICON: Record<ClauseStatus, string> = {
  pass: '✅',
  fail: '❌',
  skip: '⏭️',
  untested: '⬜',
};

/** Escapes text for a table cell: no pipes, no line breaks, no HTML. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\r?\n/g, ' ');
}

/** A fence longer than any backtick run inside the text. */
function fenced(text: string, info = 'text'): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  return s < 120 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

function counts(a: { pass: number; fail: number; skip: number; untested: number }): string {
  return `${a.pass} pass, ${a.fail} fail, ${a.skip} skip, ${a.untested} untested`;
}

function clauseRow(c: ClauseSummary): string {
  const reason = c.known ? `known (baseline): ${c.known.reason}` : (c.reason ?? '');
  return `| \`${cell(c.id)}\` | ${STATUS_ICON[c.status]} ${c.status} | ${c.tests.length} | ${cell(reason)} |`;
}

function header(s: Summary): string[] {
  const word = verdictWord(s);
  const icon = word === 'PASS' ? '✅' : word === 'PARTIAL' ? '⚠️' : '❌';
  const why = s.verdictReasons.length ? ` — ${s.verdictReasons.join(', ')}` : '';
  const partial = s.scope && !s.scope.certified ? ['', `Not a certification: ${s.scope.partialReasons.join('; ')}.`] : [];
  return [
    `# API v4 conformance: ${icon} ${word}`,
    '',
    `**Verdict: ${word}**${why}`,
    ...partial,
    ...(s.capabilities?.length ? ['', `Capabilities ${capabilityLine(s.capabilities)}`] : []),
    '',
    '| Target | Kit | Seed | Started | Duration | Requests |',
    '|---|---|---|---|---|---:|',
    `| ${cell(s.target)} | ${cell(s.kitVersion)} | ${s.seed} | ${cell(s.startedAt)} | ${duration(s.durationMs)} | ${s.requests} |`,
    '',
    '| Passed | Failed | Skipped | Known (baseline) |',
    '|---:|---:|---:|---:|',
    `| ${s.totals.passed} | ${s.totals.failed} | ${s.totals.skipped} | ${s.totals.known ?? 0} |`,
    ...throttled(s),
    ...requestsByPhase(s),
    ...notes(s),
  ];
}

/** Facts about the target the run met that are no failure (the host its links name), each once. */
function notes(s: Summary): string[] {
  return (s.notes ?? []).flatMap((n) => ['', `> Note: ${n}`]);
}

/** Where the run's requests went: probe, provisioning, tests and cleanup (summing to Requests above). */
function requestsByPhase(s: Summary): string[] {
  const p = s.requestsByPhase;
  if (!p) return [];
  return [
    '',
    '| Requests: probe | provisioning | tests | cleanup |',
    '|---:|---:|---:|---:|',
    `| ${p.probe} | ${p.provisioning} | ${p.tests} | ${p.cleanup} |`,
  ];
}

/** The target's 429 answers the kit waited out (counted, not judged), when there were any. */
function throttled(s: Summary): string[] {
  const t = s.throttled;
  if (!t?.responses) return [];
  return ['', `Throttled: ${t.responses} response${t.responses === 1 ? '' : 's'} answered 429, ${duration(t.waitedMs)} waited`];
}

function baseline(s: Summary, blocks: Blocks): string[] {
  const b = s.baseline;
  if (!b) return [];
  const out = ['', `## Baseline \`${cell(b.file)}\``, ''];
  const line = (label: string, ids: string[], note = (_id: string) => '') =>
    out.push(`- ${label}: ${ids.length ? ids.map((id) => `\`${id}\`${note(id)}`).join(', ') : 'none'}`);
  const seen = (label: string) => (b.seen?.[label] ? ` (seen ${b.seen[label]} time${b.seen[label] === 1 ? '' : 's'})` : '');
  line('known failures excused', b.applied, seen);
  line('stale entries (the clause passes now: remove them)', b.stale);
  line('expired entries (their failures count again)', b.expired);
  line('entries not judged (clause skipped or untested)', b.unused);
  const known = (s.knownFailures ?? []).map((f) => {
    const entry = f.known ?? s.clauses.find((c) => c.id === (f.violates ?? f.clause))?.known;
    // The entries are named when they are not simply the failure's clause (a resource's field departure, a narrowed entry).
    const by = f.known && f.known.entries.some((e) => e !== (f.violates ?? f.clause)) ? ` [${f.known.entries.join('; ')}]` : '';
    return fenced(`${formatFailure(f, s.seed)}\n  Known${by}: ${entry?.reason ?? ''} (until ${entry?.expires ?? '?'})`);
  });
  return blocks.add(out, known, 'known failure(s)');
}

function failures(s: Summary, blocks: Blocks): string[] {
  if (s.failures.length === 0) return [];
  const out = ['', `## Failures (${s.failures.length})`];
  return blocks.add(
    out,
    s.failures.map((f) => fenced(formatFailure(f, s.seed))),
    'failure(s)',
  );
}

function capabilities(s: Summary): string[] {
  if (!s.capabilities?.length) return [];
  const out = [
    '',
    '## Capabilities',
    '',
    '| Capability | Outcome | Declared absent | Required | Probed | Seen | Note |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const c of s.capabilities) {
    const note = c.flag ? `⚠️ ${cell(c.flag)}` : '';
    out.push(
      `| ${cell(c.id)} | ${c.outcome} | ${c.declared ? 'yes' : 'no'} | ${c.required ? 'yes' : 'no'} | ${c.probed} | ${cell(c.detail)} | ${note} |`,
    );
  }
  return out;
}

function unhandled(s: Summary, blocks: Blocks): string[] {
  if (s.unhandledErrors.length === 0) return [];
  const out = ['', `## Errors outside the tests (${s.unhandledErrors.length})`];
  return blocks.add(
    out,
    s.unhandledErrors.map((e) => fenced(clip(e, 4000))),
    'error(s)',
  );
}

function coverage(s: Summary): string[] {
  const all = s.areas.reduce(
    (t, a) => ({
      total: t.total + a.total,
      pass: t.pass + a.pass,
      fail: t.fail + a.fail,
      skip: t.skip + a.skip,
      untested: t.untested + a.untested,
      requests: t.requests + (a.requests ?? 0),
    }),
    { total: 0, pass: 0, fail: 0, skip: 0, untested: 0, requests: 0 },
  );
  const out = [
    '',
    '## Clause coverage',
    '',
    `${all.total} clauses: ${counts(all)}.`,
    '',
    `| Area | Clauses | ${STATUS_ICON.pass} pass | ${STATUS_ICON.fail} fail | ${STATUS_ICON.skip} skip | ${STATUS_ICON.untested} untested | requests |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...s.areas.map((a) => `| ${cell(a.area)} | ${a.total} | ${a.pass} | ${a.fail} | ${a.skip} | ${a.untested} | ${a.requests ?? 0} |`),
    `| **all** | **${all.total}** | **${all.pass}** | **${all.fail}** | **${all.skip}** | **${all.untested}** | **${all.requests}** |`,
    '',
    '### Clauses by area',
  ];
  for (const a of s.areas) {
    const rows = s.clauses.filter((c) => c.area === a.area).map(clauseRow);
    out.push(
      '',
      `<details${a.fail > 0 ? ' open' : ''}><summary><b>${cell(a.area)}</b>: ${a.total} clauses — ${counts(a)}</summary>`,
      '',
      '| Clause | Status | Tests | Reason |',
      '|---|---|---:|---|',
      ...rows,
      '',
      '</details>',
    );
  }
  return out;
}

/**
 * What cleanup left on the target (with the command that finishes each, and the one that retries), the users still
 * being deleted, and the top-level groups awaiting the target's own deletion.
 */
function leftovers(s: Summary): string[] {
  const left = s.cleanup?.left ?? [];
  const deleting = s.cleanup?.deleting ?? 0;
  const awaiting = s.cleanup?.awaiting ?? [];
  const out: string[] = [];
  if (deleting > 0) {
    out.push(
      '',
      `Cleanup: ${deleting} user(s) still answered, blocked, being deleted by the target's background job (it removes deleted users minutes after its 204); counted as removed.`,
    );
  }
  if (awaiting.length > 0) {
    out.push(
      '',
      `Cleanup: ${awaiting.length} top-level group(s) of the run await the target's deletion (${awaiting.map((a) => a.what).join(', ')}): marked for deletion, as the target removes only subgroups at once (it refused \`permanently_remove\`); it deletes a marked top-level group itself once its deletion delay has passed (7 days by default)${left.length ? '' : '. Nothing else of the run is left'}.`,
    );
  }
  if (!left.length) return out;
  return [
    ...out,
    '',
    `## Left on the target (${left.length})`,
    '',
    'End-of-run cleanup could not remove these; the kit created them under the run prefix.',
    '',
    ...left.map((l) => `- ${l.what}: ${l.reason}${l.command ? `. Finish with \`${l.command}\`` : ''}`),
    ...(s.cleanup?.retry ? ['', `Retry with \`${s.cleanup.retry}\`.`] : []),
  ];
}

export function renderMarkdown(summary: Summary): string {
  const blocks = new Blocks();
  const text = [
    ...header(summary),
    ...failures(summary, blocks),
    ...leftovers(summary),
    ...baseline(summary, blocks),
    ...capabilities(summary),
    ...unhandled(summary, blocks),
    ...renderAuthorizationTable(summary),
    ...coverage(summary),
    '',
  ].join('\n');
  return underLimit(text);
}

/** The last guard of the 1 MiB limit (lists and the matrix are bounded by the run, not by a constant): the text cut, saying so. */
function underLimit(text: string): string {
  if (Buffer.byteLength(text) <= MARKDOWN_MAX) return text;
  const note = '\n\n… summary.md cut here to stay under 1 MiB: the whole report is in summary.json.\n';
  const kept = Buffer.from(text)
    .subarray(0, MARKDOWN_MAX - Buffer.byteLength(note) - 8)
    .toString('utf8');
  return `${kept.replace(/\uFFFD$/, '')}${note}`;
}
