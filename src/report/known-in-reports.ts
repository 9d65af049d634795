/**
 * Known failures (excused by a baseline) are reported as known in every format, not only in the
 * summary: vitest's junit.xml and allure-vitest's results were written while the tests ran, when a
 * failure was a failure. After the run, each known test's <failure> in junit.xml becomes a
 * <skipped> naming the baseline (the counts follow), and its Allure result becomes skipped with
 * that reason, so a junit-based gate agrees with the run's exit code.
 *
 *   const known = [{ test: 'Users > users.update.conflict_404 ...', file: 'suites/users/update-delete.test.ts', reason: 'answers 409 since 15.x' }];
 *   markKnownInJunit(xml, known);  markKnownInAllure('reports/allure-results', known);
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeXml, unescapeXml } from './xml-text.ts';

export interface KnownTest {
  /** The test's full name, its suites and title joined by ' > ' (vitest's fullName). */
  test: string;
  /** Its file, relative to the package root. */
  file?: string;
  /** Why it is known: the baseline entry's reason. */
  reason: string;
}

/** junit.xml with the known tests' failures turned into skips, and every count recomputed. */
export function markKnownInJunit(xml: string, known: readonly KnownTest[]): string {
  const keys = new Map(known.map((k) => [`${k.file ?? ''}\u0000${k.test}`, k.reason]));
  const marked = xml.replace(
    /<testcase classname="([^"]*)" name="([^"]*)"([^>]*)>([\s\S]*?)<\/testcase>/g,
    (whole, classname: string, name: string, rest: string, body: string) => {
      const reason = keys.get(`${unescapeXml(classname)}\u0000${unescapeXml(name)}`) ?? keys.get(`\u0000${unescapeXml(name)}`);
      if (reason === undefined || !body.includes('<failure')) return whole;
      const kept = body.replace(/<failure[\s\S]*?(<\/failure>|\/>)/g, '').trimEnd();
      const skipped = `<skipped message="${escapeXml(`known departure (baseline): ${reason}`)}"/>`;
      return `<testcase classname="${classname}" name="${name}"${rest}>${kept}\n            ${skipped}\n        </testcase>`;
    },
  );
  return recount(marked);
}

/** failures= and skipped= of each testsuite, and failures= of testsuites, counted from the testcases. */
function recount(xml: string): string {
  let total = 0;
  const suites = xml.replace(/<testsuite ([^>]*)>([\s\S]*?)<\/testsuite>/g, (_whole, attrs: string, body: string) => {
    const failures = (body.match(/<failure/g) ?? []).length;
    const skipped = (body.match(/<skipped/g) ?? []).length;
    total += failures;
    const next = attrs.replace(/\bfailures="\d+"/, `failures="${failures}"`).replace(/\bskipped="\d+"/, `skipped="${skipped}"`);
    return `<testsuite ${next}>${body}</testsuite>`;
  });
  return suites.replace(/(<testsuites [^>]*?)\bfailures="\d+"/, `$1failures="${total}"`);
}

/** The Allure results of the known tests (failed or broken) marked skipped with the reason. */
export function markKnownInAllure(resultsDir: string, known: readonly KnownTest[]): number {
  if (!existsSync(resultsDir)) return 0;
  let marked = 0;
  for (const name of readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'))) {
    const path = join(resultsDir, name);
    const result = JSON.parse(readFileSync(path, 'utf8')) as { fullName?: string; status?: string; statusDetails?: { message?: string } };
    if (result.status !== 'failed' && result.status !== 'broken') continue;
    const match = known.find((k) => result.fullName?.endsWith(`${k.file ?? ''}#${k.test.split(' > ').join(' ')}`));
    if (!match) continue;
    result.status = 'skipped';
    result.statusDetails = { ...result.statusDetails, message: `known departure (baseline): ${match.reason}` };
    writeFileSync(path, JSON.stringify(result));
    marked += 1;
  }
  return marked;
}
