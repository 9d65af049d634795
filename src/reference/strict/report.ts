/**
 * The client report of strict mode, written when the server closes: JSON (the findings as
 * ref.findings() returns them) and Markdown (one line per kind of finding with the request that
 * showed it and its reproducer). Tokens are already redacted by the findings store.
 *
 *   await writeClientReport(store.list(), 'reports/client-report');
 *   // reports/client-report.json, reports/client-report.md
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Finding } from './findings.ts';

/** Default base path (no extension) of the report, in the working folder. */
export const DEFAULT_CLIENT_REPORT = 'reports/client-report';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function clientReportMarkdown(findings: readonly Finding[]): string {
  const lines = ['# Client report (strict mode)', ''];
  if (findings.length === 0) return [...lines, 'No findings: every request asked only what its operation reads.', ''].join('\n');
  lines.push(
    `${findings.length} finding(s).`,
    '',
    '| kind | operation | parameter | detail | requests | reproducer |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const f of findings) {
    lines.push(`| ${f.kind} | ${f.operationId} | ${cell(f.parameter)} | ${cell(f.detail)} | ${f.count} | \`${cell(f.reproducer)}\` |`);
  }
  return [...lines, ''].join('\n');
}

/** Writes `<base>.json` and `<base>.md`; returns their paths. */
export async function writeClientReport(findings: readonly Finding[], base = DEFAULT_CLIENT_REPORT): Promise<string[]> {
  const stem = base.replace(/\.(json|md)$/, '');
  await mkdir(dirname(stem), { recursive: true });
  const json = `${stem}.json`;
  const md = `${stem}.md`;
  await writeFile(json, `${JSON.stringify({ findings }, null, 2)}\n`);
  await writeFile(md, clientReportMarkdown(findings));
  return [json, md];
}
