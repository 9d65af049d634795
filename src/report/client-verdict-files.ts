/**
 * The reports of `certify-client` in the reports folder: client-report.json (the verdict; its
 * `findings` are those outside the baseline, so `conformance baseline --from` adopts it),
 * client-report.md, and junit.xml: the command's exit as one testcase, one per finding (kind,
 * operation, parameter; known ones skipped as "known"), one per operation judged without a finding.
 * Every text goes through `redact` (the run's secrets) before it is written.
 *
 *   const files = writeClientVerdictReports(verdict, 'reports', (s) => secrets.redact(s));
 *   // ['reports/client-report.json', 'reports/client-report.md', 'reports/junit.xml']
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KitError } from '../shared/errors.ts';
import type { ClientVerdict } from './client-verdict.ts';
import { verdictLine } from './client-verdict.ts';
import { escapeAttribute, escapeXml } from './xml-text.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const commandText = (argv: readonly string[]) =>
  argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');

export function clientVerdictMarkdown(v: ClientVerdict): string {
  const seconds = (v.command.durationMs / 1000).toFixed(1);
  const judged = Object.values(v.requests).reduce((a, b) => a + b, 0);
  const lines = [
    '# Client report (certify-client)',
    '',
    `**${verdictLine(v)}**`,
    '',
    `- Command: \`${commandText(v.command.argv)}\` ${v.command.line} after ${seconds} s.`,
    `- Server: the reference, strict, profile ${v.profile}; ${judged} request(s) of ${Object.keys(v.requests).length} operation(s) judged.`,
  ];
  if (v.baseline) lines.push(`- Baseline: ${v.baseline.file}.`);
  lines.push('', `## Findings outside the baseline (${v.findings.length})`, '');
  if (v.findings.length === 0) lines.push('None: every request asked only what its operation reads, or the baseline knows it.');
  else {
    lines.push('| kind | operation | parameter | detail | requests | reproducer |', '| --- | --- | --- | --- | --- | --- |');
    for (const f of v.findings)
      lines.push(
        `| ${f.kind} | ${cell(f.operation)} | ${cell(f.parameter)} | ${cell(f.detail)} | ${f.count} | \`${cell(f.reproducer)}\` |`,
      );
  }
  if (v.knownFindings.length) {
    lines.push('', `## Known findings (${v.knownFindings.length}, excused by the baseline)`, '');
    lines.push('| kind | operation | parameter | requests | entry | reason | expires |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const f of v.knownFindings)
      lines.push(
        `| ${f.kind} | ${cell(f.operation)} | ${cell(f.parameter)} | ${f.count} | ${cell(f.known.entries.join(', '))} | ${cell(f.known.reason)} | ${f.known.expires} |`,
      );
  }
  const b = v.baseline;
  if (b && (b.stale.length || b.expired.length)) {
    lines.push('', '## Baseline entries to review', '');
    for (const label of b.stale) lines.push(`- ${label}: stale, no finding matches it now (remove it from ${b.file})`);
    for (const label of b.expired) lines.push(`- ${label}: expired, its findings count again`);
  }
  lines.push('', '## Operations the command used', '');
  if (judged === 0) lines.push('None: the command sent no request to an operation of the spec.');
  else {
    lines.push('| operation | requests | findings | known |', '| --- | --- | --- | --- |');
    for (const [operation, n] of Object.entries(v.requests)) {
      const out = v.findings.filter((f) => f.operation === operation).length;
      const known = v.knownFindings.filter((f) => f.operation === operation).length;
      lines.push(`| ${cell(operation)} | ${n} | ${out} | ${known} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function testcase(classname: string, name: string, inner = ''): string {
  const open = `    <testcase classname="${escapeAttribute(classname)}" name="${escapeAttribute(name)}" time="0"`;
  return inner ? `${open}>\n${inner}\n    </testcase>` : `${open}/>`;
}

export function clientVerdictJunit(v: ClientVerdict): string {
  const command = `the command exits 0: ${commandText(v.command.argv)}`;
  const commandCase = testcase(
    'certify-client',
    command,
    v.command.ok ? '' : `      <failure message="${escapeAttribute(`the command ${v.command.line}`)}" type="command"/>`,
  );
  const cases: string[] = [];
  for (const f of v.findings) {
    const body = `${f.detail}\n${f.count} request(s); first: ${f.request.method} ${f.request.url}\n${f.reproducer}`;
    cases.push(
      testcase(
        f.operation,
        `${f.kind} ${f.parameter}`,
        `      <failure message="${escapeAttribute(f.detail)}" type="${escapeAttribute(f.kind)}">${escapeXml(body)}</failure>`,
      ),
    );
  }
  for (const f of v.knownFindings)
    cases.push(
      testcase(f.operation, `${f.kind} ${f.parameter}`, `      <skipped message="${escapeAttribute(`known: ${f.known.reason}`)}"/>`),
    );
  const withFindings = new Set([...v.findings, ...v.knownFindings].map((f) => f.operation));
  for (const [operation, n] of Object.entries(v.requests))
    if (!withFindings.has(operation)) cases.push(testcase(operation, `${n} request(s) judged, no finding`));
  const seconds = (v.command.durationMs / 1000).toFixed(3);
  const failures = v.findings.length + (v.command.ok ? 0 : 1);
  const total = cases.length + 1;
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="conformance certify-client" tests="${total}" failures="${failures}" errors="0" skipped="${v.knownFindings.length}" time="${seconds}">`,
    `  <testsuite name="command" tests="1" failures="${v.command.ok ? 0 : 1}" errors="0" skipped="0" time="${seconds}">`,
    commandCase,
    '  </testsuite>',
    `  <testsuite name="client requests" tests="${cases.length}" failures="${v.findings.length}" errors="0" skipped="${v.knownFindings.length}" time="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Writes the three reports (each text through `redact`); returns their paths. */
export function writeClientVerdictReports(v: ClientVerdict, dir: string, redact: (text: string) => string = (s) => s): string[] {
  const files: [string, string][] = [
    ['client-report.json', `${JSON.stringify(v, null, 2)}\n`],
    ['client-report.md', clientVerdictMarkdown(v)],
    ['junit.xml', clientVerdictJunit(v)],
  ];
  return files.map(([name, text]) => {
    const path = join(dir, name);
    try {
      writeFileSync(path, redact(text));
    } catch (e) {
      throw new KitError('OUTPUT_UNWRITABLE', `cannot write ${path}: ${(e as Error).message}`);
    }
    return path;
  });
}
