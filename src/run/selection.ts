/**
 * What a certification was asked to run, checked before anything runs (one line, exit 2 each):
 * `--suite` names that are not suite folders, file filters that match no suite file, and a `--grep`
 * pattern that matches no test title of the selected files.
 *
 *   checkSelection(PACKAGE_ROOT, { suites: ['versioning', 'nosuch'] });
 *   // KitError: --suite nosuch is not a suite folder; the suites are: auth, broadcast-messages, ...
 *
 * The grep check is a scan, not a collection: vitest would have to import every selected file (and
 * the kit) in its workers to list the titles. A test's title is `<clause id> <title>` under its
 * describe titles, all written as string literals in the suite file or the case tables (*.json) of
 * its folder; the pattern is tried against each literal, each pair of neighbouring literals (a
 * clause id and its title), and those under each describe title of the file. A pattern that matches
 * none of them can match no test. The scan leans towards running: a pattern it lets through may
 * still match only text around a title, and then the run reports its tests as skipped by the filter.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { didYouMean } from '../shared/did-you-mean.ts';
import { KitError } from '../shared/errors.ts';

export interface Selection {
  /** --suite folder names. */
  suites?: readonly string[];
  /** Positional file filters (vitest's: a part of a file's path). */
  filters?: readonly string[];
  grep?: string;
}

/** The suite folders (suites/<name>/ holding test files). */
export function suiteNames(root: string): string[] {
  return readdirSync(join(root, 'suites'))
    .filter((name) => statSync(join(root, 'suites', name)).isDirectory())
    .sort();
}

/** Every suite test file, relative to the root (the `suites` project's include, suites/** /*.test.ts). */
function testFiles(root: string, dir = 'suites'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? testFiles(root, join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []))
    .sort();
}

/** vitest's filter match (Vitest.filterFiles): a part of the path relative to the root, or a path from the working directory. */
function fileMatches(root: string, file: string, f: string): boolean {
  const absolute = join(root, file);
  if (isAbsolute(f) && absolute.startsWith(f)) return true;
  const fromCwd = f.endsWith('/') ? join(relative(root, resolve(f)), '/') : relative(root, resolve(f));
  const lower = file.toLowerCase();
  return lower.includes(f.toLowerCase()) || lower.includes(fromCwd.toLowerCase());
}

/** The selected suite files: those of the named folders and those the filters match (all files without either). */
function selectedFiles(root: string, s: Selection, files: string[]): string[] {
  const filters = [...(s.filters ?? []), ...(s.suites ?? []).map((name) => `suites/${name}/`)];
  return filters.length ? files.filter((file) => filters.some((f) => fileMatches(root, file, f))) : files;
}

const LITERAL = /'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\])*)`/g;

function literals(text: string): string[] {
  return [...text.matchAll(LITERAL)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/**
 * Candidate full names of a file's tests: its literals (a template's `${...}` filled with each of
 * the file's short literals), pairs of literals one or two apart (`clause, title` in a call, or
 * `"clause": ..., "title": ...` in a case table), and those under the file's describe titles.
 */
function titleCandidates(root: string, file: string): string[] {
  const key = join(root, file);
  let found = candidates.get(key);
  if (!found) candidates.set(key, (found = scanTitles(root, file)));
  return found;
}

/** Candidates by file (a file's are read once per process). */
const candidates = new Map<string, string[]>();

function scanTitles(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const folder = join(root, file, '..');
  const tables = readdirSync(folder)
    .filter((n) => n.endsWith('.json'))
    .map((n) => readFileSync(join(folder, n), 'utf8'));
  const literal = [text, ...tables].flatMap(literals);
  const short = [...new Set(literal.filter((l) => l.length <= 80 && !l.includes('${')))];
  const all = literal.flatMap((l) => (l.includes('${') ? short.map((v) => l.replace(/\$\{[^}]*\}/g, v)) : [l]));
  const pieces = [...all, ...all.slice(1).map((l, i) => `${all[i]} ${l}`), ...all.slice(2).map((l, i) => `${all[i]} ${l}`)];
  const describes = [...text.matchAll(/describe(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]!);
  const prefixes = [...describes, ...describes.slice(1).map((d, i) => `${describes[i]} ${d}`)];
  return [...pieces, ...prefixes.flatMap((d) => pieces.map((p) => `${d} ${p}`))];
}

export function checkSelection(root: string, s: Selection): void {
  const names = suiteNames(root);
  for (const name of s.suites ?? []) {
    if (!names.includes(name.replace(/^suites\//, '').replace(/\/$/, ''))) {
      throw new KitError('USAGE', `--suite ${name} is not a suite folder${didYouMean(name, names)} (the suites: ${names.join(', ')})`);
    }
  }
  const files = testFiles(root);
  for (const filter of s.filters ?? []) {
    // vitest's file:line filter needs test locations, which the suites project does not record: it ended in a stack trace.
    if (/:\d+$/.test(filter))
      throw new KitError('USAGE', `the filter "${filter}" names a line: certify takes files; pick tests with --grep and their clause id`);
    if (!files.some((file) => fileMatches(root, file, filter))) {
      throw new KitError('USAGE', `the filter "${filter}" matches no suite file (a part of a path such as suites/users/states.test.ts)`);
    }
  }
  if (s.grep === undefined) return;
  let pattern: RegExp;
  try {
    pattern = new RegExp(s.grep);
  } catch (e) {
    throw new KitError('USAGE', `--grep ${JSON.stringify(s.grep)} is not a regular expression: ${(e as Error).message}`);
  }
  const selected = selectedFiles(root, s, files);
  if (!selected.some((file) => titleCandidates(root, file).some((title) => pattern.test(title)))) {
    throw new KitError(
      'USAGE',
      `--grep ${JSON.stringify(s.grep)} matches no test title in ${selected.length === files.length ? 'the suites' : `the ${selected.length} selected suite file(s)`} (titles start with their clause id, e.g. users.block)`,
    );
  }
}
