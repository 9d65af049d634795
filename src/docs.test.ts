/**
 * The README stays what a newcomer reads in five minutes: it opens with the two set-up commands (CI and
 * users rely on them), holds at most 200 lines, and links every page of docs/. Every relative link of
 * the README, CONTRIBUTING.md and docs/ leads to a file that exists (and, with a #fragment, to one of
 * its headings), so a moved section cannot leave a dead link behind.
 *
 *   npx vitest run src/docs.test.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = join(ROOT, 'docs');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const docsPages = () => readdirSync(DOCS).filter((f) => f.endsWith('.md'));

/** Markdown outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** The relative link targets of a Markdown text: `[text](target)`, not URLs with a scheme. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  return new Set([...prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!.trim())));
}

describe('README', () => {
  const readme = read('README.md');

  it('opens with the two set-up commands', () => {
    expect(readme.split('\n').slice(2, 6)).toEqual([
      '```sh',
      'npm ci && npm start     # certify the bundled reference server, write reports/summary.{json,md}, reports/junit.xml',
      'npm ci && npm test      # prove the kit itself: typecheck, unit tests, suites against the reference, faults caught',
      '```',
    ]);
  });

  it('holds at most 200 lines', () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
  });

  it('links every page of docs/ and CONTRIBUTING.md', () => {
    const linked = new Set(relativeLinks(readme).map((l) => l.split('#')[0]));
    expect(docsPages().filter((p) => !linked.has(`docs/${p}`))).toEqual([]);
    expect(linked.has('CONTRIBUTING.md')).toBe(true);
  });
});

describe('relative links', () => {
  const files = ['README.md', 'CONTRIBUTING.md', ...docsPages().map((p) => `docs/${p}`)];

  it.each(files)('%s links only files and headings that exist', (file) => {
    const dead = relativeLinks(read(file)).filter((link) => {
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = path ? relative(ROOT, join(ROOT, dirname(file), path)) : file;
      if (!existsSync(join(ROOT, target))) return true;
      return fragment !== undefined && target.endsWith('.md') && !anchors(target).has(fragment);
    });
    expect(dead).toEqual([]);
  });
});
