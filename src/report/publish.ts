/**
 * Publishes a finished run's summary, once: summary.json and summary.md written into the reports
 * folder, then the failure blocks, the one-line verdict and where the reports are, printed last
 * (quiet: the verdict and the errors only).
 * Every string goes through the run's secrets (and the kit's secret environment variables) first.
 * certify() calls it after cleanup and the leak scan, so the verdict printed is the final one.
 *
 *   const shown = publishSummary(summary, { reportsDir: 'reports', secrets: [adminToken], log: console.log });
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KitError } from '../shared/errors.ts';
import { shellWord, shownPath } from '../shared/shell-path.ts';
import { SecretSet } from '../shared/redact.ts';
import { formatFailures, verdictLine } from './failure-format.ts';
import { renderMarkdown } from './markdown.ts';
import { redactDeep } from './redact-deep.ts';
import type { Summary } from './summary.ts';

/**
 * The Allure CLI the kit's HTML report is made and tested with (the devDependency's locked version),
 * pinned: a package user, who has no Allure CLI installed, runs this one through npx.
 */
export const ALLURE_CLI = 'allure@3.18.0';

/** The command that turns a reports folder's allure-results/ into an HTML report beside it. */
export function htmlReportCommand(reportsDir: string): string {
  const path = (name: string) => shellWord(join(reportsDir, name));
  return `npx ${ALLURE_CLI} generate ${path('allure-results')} -o ${path('allure-report')}`;
}

/** Environment variables of the kit that hold secrets: redacted too, belt and braces. */
const SECRET_ENV = ['CONFORMANCE_ADMIN_TOKEN', 'REFERENCE_ADMIN_TOKEN'];

export interface PublishOptions {
  reportsDir: string;
  /** Values to replace by [redacted] in everything written or printed. */
  secrets?: readonly string[];
  /** Console output, one call with every line. */
  log: (text: string) => void;
  /** Only the verdict line and the errors (CONFORMANCE_QUIET): no failure blocks, no list of reports. */
  quiet?: boolean;
  /** Writes one report file; default writeFileSync. */
  write?: (path: string, text: string) => void;
}

/** The run's secrets and the kit's secret environment variables, as one set. */
export function runSecrets(secrets: readonly string[] = []): SecretSet {
  return new SecretSet([...secrets, ...SECRET_ENV.map((k) => process.env[k])]);
}

/** Redacts the summary, writes summary.json and summary.md, prints the verdict; returns the redacted summary. */
export function publishSummary(raw: Summary, options: PublishOptions): Summary {
  const secrets = runSecrets(options.secrets);
  const redact = (s: string) => secrets.redact(s);
  const summary = redactDeep(raw, redact);
  const dir = resolve(options.reportsDir);
  const mdPath = join(dir, 'summary.md');
  try {
    mkdirSync(dir, { recursive: true });
    const write = options.write ?? ((path: string, text: string) => writeFileSync(path, text));
    write(join(dir, 'summary.json'), `${redact(JSON.stringify(summary, null, 2))}\n`);
    write(mdPath, redact(renderMarkdown(summary)));
  } catch (e) {
    throw new KitError('CONFIG_INVALID', `CONFORMANCE_REPORTS_DIR: cannot write the reports into ${dir}: ${(e as Error).message}`);
  }
  const shown = shownPath(mdPath);
  const lines: string[] = [];
  if (summary.failures.length && !options.quiet) lines.push('', 'Conformance failures:', '', formatFailures(summary));
  if (summary.unhandledErrors.length) lines.push('', `Errors outside the tests: ${summary.unhandledErrors.length} (see ${shown})`);
  for (const reason of summary.verdictReasons.filter((r) => r.startsWith('a secret appeared'))) lines.push(`conformance: ${reason}`);
  // Every FAIL says why, the reasons beyond failed tests first of all (a stale baseline entry, a leak...).
  const reasons = summary.verdictReasons.filter((r) => !/ failed$/.test(r) && !r.startsWith('a secret appeared'));
  if (summary.verdict === 'fail' && reasons.length) lines.push('', ...reasons.map((r) => `conformance: the run fails because ${r}`));
  lines.push('', verdictLine(summary, shown));
  // Relative to where the user is, unless it climbs out of it (as the verdict line's path).
  const shownDir = shownPath(dir);
  const reports = ['summary.md', 'summary.json', 'junit.xml', 'allure-results/'].map((f) => join(shownDir, f));
  if (!options.quiet) lines.push(`Reports: ${reports.join(', ')} (HTML: ${htmlReportCommand(shownDir)})`);
  options.log(redact((options.quiet ? lines.filter(Boolean) : lines).join('\n')));
  return summary;
}
