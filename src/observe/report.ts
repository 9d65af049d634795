/**
 * The observation's report: summary.json, summary.md and junit.xml in the reports folder. Findings
 * by side (server, then client), then operation and clause, each with how often it was seen and
 * one redacted reproducer; the coverage by operation (coverage.ts: seen, judged in full, judged without
 * the caller, not judged and why, and the totals not judged that have no operation) and the operations
 * never seen. With a baseline the server findings
 * it names are reported as known, through the certification's own code (report/baseline.ts); an
 * entry that matched nothing is unused, never stale: an observation judges only the traffic it saw.
 * Every text written goes through the observation's secrets and the credential patterns once more
 * (credentials.ts); the findings themselves were made private when noted (privacy.ts).
 *
 *   const summary = observeSummary(snapshot, { upstream, startedAt, durationMs, baseline });
 *   await writeObserveReports(summary, 'reports', secrets);   // the three paths
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyBaseline, type Baseline, type BaselineTarget } from '../report/baseline.ts';
import { escapeAttribute, escapeXml } from '../report/xml-text.ts';
import { SecretSet } from '../shared/redact.ts';
import { NOT_JUDGED_REASONS, notJudgedTotal, withoutOperation, type NotJudgedReason, type WithoutOperation } from './coverage.ts';
import { redactCredentialText } from './credentials.ts';
import type { ObserveCounts } from './judge-wire.ts';
import type { ObservationSnapshot, ObservedFinding } from './observation.ts';

export interface KnownFinding extends ObservedFinding {
  known: { reason: string; entries: string[]; expires: string };
}

/** observe --har: what was read (har-input.ts). */
export interface RecordedInput {
  /** The HAR files, in the order judged. */
  files: string[];
  /** Their entries, all of them (each is one exchange of the counts). */
  entries: number;
  /** Entries whose answer had a body the recording left out or cut: not judged for their body (counts.bodyNotJudged when judged). */
  answerBodiesLeftOut: number;
  /** Entries whose request body the recording left out (or holds as a file upload it cannot rebuild): judged without it. */
  requestBodiesLeftOut: number;
  /** What the reader noticed (files that overlap in time). */
  notes: string[];
}

export interface ObserveSummary {
  kind: 'observe';
  verdict: 'pass' | 'fail';
  upstream: string;
  kitVersion: string;
  startedAt: string;
  durationMs: number;
  /** The judges' counts, and the pool's (shed, sampled out...) where a live observe or a merge of them counted them. */
  counts: ObservationSnapshot['counts'] & Partial<Omit<ObserveCounts, keyof ObservationSnapshot['counts']>>;
  /** Server findings outside the baseline: each makes the verdict fail. */
  server: ObservedFinding[];
  /** Server findings the baseline names. */
  known: KnownFinding[];
  /** Client findings (the strict judge's): reported, never part of the verdict. */
  client: ObservedFinding[];
  /** `seen`: each operation's coverage; `notJudgedWithoutOperation`: what was not judged and has no operation (shed, sampled out, a judge that failed before the operation was known). */
  operations: ObservationSnapshot['operations'] & { notJudgedWithoutOperation: WithoutOperation };
  baseline?: { file: string; applied: string[]; unused: string[]; expired: string[] };
  /** observe --har: the recorded traffic judged (no upstream; the wire's counts stay 0). */
  recorded?: RecordedInput;
  /** --identify-callers was on: observe sent one GET /user per new credential (counts.identifyRequests). */
  identifyCallers?: boolean;
}

export interface SummaryMeta {
  upstream: string;
  kitVersion: string;
  startedAt: string;
  durationMs: number;
  baseline?: Baseline;
  /** YYYY-MM-DD the baseline's dates are read against (default today). */
  today?: string;
  /** --identify-callers was on. */
  identifyCallers?: boolean;
}

export function observeSummary(snapshot: ObservationSnapshot, meta: SummaryMeta): ObserveSummary {
  let server = snapshot.server;
  let known: KnownFinding[] = [];
  let baseline: ObserveSummary['baseline'];
  if (meta.baseline) {
    const target: BaselineTarget & { failures: { finding: ObservedFinding }[] } = {
      verdict: 'fail',
      totals: { passed: 0, failed: server.length, skipped: 0 },
      clauses: [...new Set(server.map((f) => f.clause))].map((id) => ({ id, status: 'fail' })),
      failures: server.map((f) => ({ clause: f.clause, fields: f.fields, resource: f.resource, operation: f.operation, finding: f })),
      verdictReasons: [],
    };
    const applied = applyBaseline(target, meta.baseline, meta.today ?? new Date().toISOString().slice(0, 10));
    server = applied.failures.map((f) => (f as unknown as { finding: ObservedFinding }).finding);
    known = (
      (applied.knownFailures ?? []) as { finding: ObservedFinding; known: { reason: string; entries: string[]; expires: string } }[]
    ).map((f) => ({ ...f.finding, known: f.known }));
    const outcome = applied.baseline!;
    baseline = { file: outcome.file, applied: outcome.applied, unused: [...outcome.unused, ...outcome.stale], expired: outcome.expired };
  }
  // A live observe's counts hold the pool's too (shed, sampled out, judge errors); a --har one's do not.
  const counts: ObserveSummary['counts'] = snapshot.counts;
  return {
    kind: 'observe',
    verdict: server.length ? 'fail' : 'pass',
    upstream: meta.upstream,
    kitVersion: meta.kitVersion,
    startedAt: meta.startedAt,
    durationMs: Math.round(meta.durationMs),
    counts: snapshot.counts,
    server,
    known,
    client: snapshot.client,
    operations: { ...snapshot.operations, notJudgedWithoutOperation: withoutOperation(counts, snapshot.operations.seen) },
    ...(baseline ? { baseline } : {}),
    ...(meta.identifyCallers ? { identifyCallers: true } : {}),
  };
}

const cell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The parameters a client finding names: the first few, and "and more" when there were others. */
const parameterNames = (f: ObservedFinding) => `${(f.parameters ?? [f.about]).join(', ')}${f.moreParameters ? ', and more' : ''}`;

/** The caller a security finding was first answered to: by id and username, never by credential. */
const callerOf = (f: ObservedFinding) => (f.security ? `user ${f.security.id} (${f.security.username})` : '');

type Column = readonly [head: string, value: (f: ObservedFinding) => string];
const code = (text: string) => `\`${text}\``;
/** The columns of each section's table: a security finding's adds its caller to a server finding's. */
const COLUMNS: Record<'server' | 'client' | 'security', readonly Column[]> = (() => {
  const start: Column[] = [
    ['operation', (f) => f.operation],
    ['clause', (f) => f.clause],
    ['seen', (f) => String(f.count)],
  ];
  const end: Column[] = [
    ['requirement', (f) => cell(f.requirement)],
    ['expected', (f) => cell(f.expected)],
    ['actual', (f) => cell(f.actual)],
    ['reproducer', (f) => code(cell(f.reproducer))],
  ];
  return {
    server: [...start, ...end],
    security: [...start, ['caller (the first)', (f) => cell(callerOf(f))], ...end],
    client: [
      ['operation', (f) => f.operation],
      ['finding', (f) => f.clause],
      ['parameters', (f) => cell(parameterNames(f))],
      ['seen', (f) => String(f.count)],
      ['detail (of the first)', (f) => cell(f.requirement)],
      ['reproducer', (f) => code(cell(f.reproducer))],
    ],
  };
})();

function findingRows(list: readonly ObservedFinding[], side: 'server' | 'client' | 'security'): string[] {
  if (!list.length) return ['None.', ''];
  const columns = COLUMNS[side];
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(columns.map(([head]) => head)),
    row(columns.map(() => '---')),
    ...list.map((f) => row(columns.map(([, value]) => value(f)))),
    '',
  ];
}

/** Who the callers were, and how observe learnt them. */
function callerLine(s: ObserveSummary): string[] {
  if (s.recorded) return ["Callers: learnt from the recording's own GET /user entries.", ''];
  const c = s.counts;
  return s.identifyCallers
    ? [
        `Callers: identified by observe's own GET /user, one per new credential, read-only (--identify-callers): ` +
          `${c.identifyRequests ?? 0} sent, ${c.callersIdentified ?? 0} named their caller; and learnt from the clients' own GET /user.`,
        '',
      ]
    : ["Callers: learnt from the clients' own GET /user (--identify-callers was off).", ''];
}

/** observe --har: which files were read, and what they left out. */
function recordedLines(r: RecordedInput | undefined): string[] {
  if (!r) return [];
  return [
    `Recorded traffic: ${r.entries} entries of ${r.files.map((f) => `\`${f}\``).join(', ')}, judged in the order given, each file's by startedDateTime. ` +
      `${r.answerBodiesLeftOut} answers and ${r.requestBodiesLeftOut} requests had a body the recording left out or cut: not judged for it.`,
    ...r.notes.map((n) => `Note: ${n}.`),
    '',
  ];
}

/** The exchanges forwarded but never judged (judges behind, --sample, a judge that failed), when there were any. */
function notJudged(c: ObserveSummary['counts']): string {
  const { shed = 0, sampledOut = 0, judgeErrors = 0 } = c;
  if (!shed && !sampledOut && !judgeErrors) return '';
  return ` Not judged, forwarded all the same: ${shed} shed (the judges were behind), ${sampledOut} sampled out (--sample), ${judgeErrors} whose judging failed.`;
}

/** Not judged, and why: '3: 2 body over the capture limit, 1 not answered' ('0' when all were judged). */
function whyNot(notJudged: Record<NotJudgedReason, number>): string {
  const total = notJudgedTotal({ notJudged });
  const why = (Object.keys(NOT_JUDGED_REASONS) as NotJudgedReason[])
    .filter((r) => notJudged[r] > 0)
    .map((r) => `${notJudged[r]} ${NOT_JUDGED_REASONS[r]}`);
  return why.length ? `${total}: ${why.join(', ')}` : String(total);
}

/** The coverage section: a row per operation seen, then the totals not judged that have no operation. */
function coverageLines(o: ObserveSummary['operations']): string[] {
  const w = o.notJudgedWithoutOperation;
  return [
    `## Coverage by operation (${o.seen.length} seen)`,
    '',
    'Exchanges matched to each operation: judged in full, judged without the caller (an answer that depends on who calls, ' +
      'from a caller not known), and not judged or not in full, with why. ' +
      `Not judged, with no operation: ${w.shed} shed (the judges were behind), ${w.sampledOut} sampled out (--sample), ` +
      `${w.judgeFailed} whose judging failed before its operation was known.`,
    '',
    ...(o.seen.length
      ? [
          '| operation | seen | judged in full | without the caller | not judged (why) |',
          '| --- | --- | --- | --- | --- |',
          ...o.seen.map((c) => `| ${c.operation} | ${c.count} | ${c.judgedInFull} | ${c.judgedWithoutCaller} | ${whyNot(c.notJudged)} |`),
        ]
      : ['None.']),
    '',
  ];
}

export function observeMarkdown(s: ObserveSummary): string {
  const c = s.counts;
  const security = s.server.filter((f) => f.security);
  const lines = [
    `# Observation of ${s.upstream}: ${s.verdict === 'pass' ? 'PASS' : 'FAIL'}`,
    '',
    `${c.exchanges} exchanges in ${(s.durationMs / 1000).toFixed(1)} s: ${c.judged} judged, ${c.outsideSpec} outside the spec and ${c.notApi} outside the API ` +
      `(passed through, not judged), ${c.unparsable} not readable as the spec's (forwarded, not judged), ` +
      `${c.bodyNotJudged} answers whose body was not judged (too large${s.recorded ? ', or left out of the recording' : ''}), ${c.upstreamErrors} not answered by the upstream, ` +
      `${c.shortBodies ?? 0} ended short of their Content-Length (forwarded and judged as received); ` +
      `${c.tunnels} upgrades tunnelled (not judged), ${c.drained} finished while stopping, ${c.cutAtStop} cut at the stop.` +
      notJudged(c),
    '',
    ...recordedLines(s.recorded),
    ...callerLine(s),
    // Security findings first, in a section of their own (they are server findings: they count in the verdict).
    `## Security findings (${security.length})`,
    '',
    ...findingRows(security, 'security'),
    `## Server findings (${s.server.length - security.length}${security.length ? ', besides the security findings' : ''})`,
    '',
    ...findingRows(
      s.server.filter((f) => !f.security),
      'server',
    ),
  ];
  if (s.baseline) {
    lines.push(`## Known departures (${s.known.length}, baseline ${s.baseline.file})`, '');
    lines.push(...(s.known.length ? findingRows(s.known, 'server') : ['None.', '']));
    if (s.baseline.expired.length) lines.push(`Expired entries (their findings count again): ${s.baseline.expired.join('; ')}`, '');
  }
  lines.push(`## Client findings (${s.client.length}; they do not change the verdict)`, '', ...findingRows(s.client, 'client'));
  lines.push(...coverageLines(s.operations));
  lines.push(`## Operations never seen (${s.operations.neverSeen.length})`, '', ...s.operations.neverSeen.map((o) => `- ${o}`), '');
  return lines.join('\n');
}

function testcase(f: ObservedFinding, suite: string, inner: string): string {
  return `    <testcase classname="${escapeAttribute(suite)}" name="${escapeAttribute(`${f.clause} ${f.operation} (${f.about})`)}">\n${inner}    </testcase>`;
}

const detail = (f: ObservedFinding) =>
  escapeXml(
    `${f.security ? `Security finding, first answered to ${callerOf(f)}.\n` : ''}${f.requirement}\nExpected: ${f.expected ?? ''}   Actual: ${f.actual ?? ''}\nSeen ${f.count} time(s). Reproduce with:\n   ${f.reproducer}`,
  );

export function observeJunit(s: ObserveSummary): string {
  const server = [
    ...s.server.map((f) =>
      testcase(
        f,
        'observe.server',
        `      <failure message="${escapeAttribute(f.requirement)}" type="${escapeAttribute(f.clause)}">${detail(f)}</failure>\n`,
      ),
    ),
    ...s.known.map((f) => testcase(f, 'observe.server', `      <skipped message="${escapeAttribute(`known: ${f.known.reason}`)}"/>\n`)),
    // Answers judged (for their status at least): neither those not answered nor those whose judge failed.
    ...s.operations.seen
      .map((o) => ({ operation: o.operation, answers: o.count - o.notJudged.noAnswer - o.notJudged.judgeFailed }))
      .filter((o) => o.answers > 0 && !s.server.some((f) => f.operation === o.operation))
      .map(
        (o) => `    <testcase classname="observe.server" name="${escapeAttribute(`${o.operation}: ${o.answers} answer(s), no finding`)}"/>`,
      ),
  ];
  const client = s.client.map((f) =>
    testcase(
      f,
      'observe.client',
      `      <skipped message="${escapeAttribute(`client finding (does not change the verdict): ${f.requirement}`)}"/>\n      <system-out>${detail(f)}</system-out>\n`,
    ),
  );
  const failures = s.server.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance observe" tests="${server.length + client.length}" failures="${failures}">`,
    `  <testsuite name="observe.server" tests="${server.length}" failures="${failures}" skipped="${s.known.length}">`,
    ...server,
    '  </testsuite>',
    `  <testsuite name="observe.client" tests="${client.length}" failures="0" skipped="${client.length}">`,
    ...client,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the three files (every text redacted once more: known secrets, credential headers, fields and query parameters); returns their paths. */
export async function writeObserveReports(s: ObserveSummary, dir: string, secrets: SecretSet = new SecretSet()): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const r = (t: string) => redactCredentialText(secrets.redact(t));
  const files: [string, string][] = [
    ['summary.json', `${JSON.stringify(s, null, 2)}\n`],
    ['summary.md', observeMarkdown(s)],
    ['junit.xml', observeJunit(s)],
  ];
  const paths: string[] = [];
  for (const [name, text] of files) {
    const path = join(dir, name);
    await writeFile(path, r(text));
    paths.push(path);
  }
  return paths;
}
