/**
 * FIDELITY.md stays true to the code: every row of its tables names a platform source and tests
 * that exist (the file, and the exact title of an `it`/`test` in it, or one an `it.each` template
 * produces). The departures table is written from the declarations (npm run generate;
 * variation/platform-artefacts.test.ts holds it): here its pins are checked as every row's are.
 *
 *   npx vitest run src/reference/fidelity.test.ts
 *
 * A pin reads `path/to/file.test.ts` › `title`; a cell may hold several, separated by <br>.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const DOC = readFileSync(new URL('FIDELITY.md', import.meta.url), 'utf8');
const IMITATED = '## Imitated in both profiles';
const DEPARTURES = '## Departures in the platform profile';

/** The body rows of the first table under a heading, each as its trimmed cells (`\|` stays inside a cell). */
function tableUnder(heading: string): string[][] {
  const lines = DOC.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`FIDELITY.md has no heading "${heading}"`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    rows.push(
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // header and separator
}

const unquote = (text: string) => text.replace(/^`|`$/g, '').trim();

interface Pin {
  file: string;
  title: string;
}

function pinsOf(cell: string): Pin[] {
  return cell
    .split('<br>')
    .map((pin) => pin.trim())
    .filter(Boolean)
    .map((pin) => {
      const at = pin.indexOf(' › ');
      return at < 0 ? { file: unquote(pin), title: '' } : { file: unquote(pin.slice(0, at)), title: unquote(pin.slice(at + 3)) };
    });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unescapeJs = (text: string) => text.replace(/\\(.)/g, '$1');

/** Whether a test file declares a test of that title: a literal title, or a template (`${x}`, it.each's %s or $name) it fits. */
function declares(source: string, title: string): boolean {
  const literal = /\b(?:it|test)(?:\.(?:only|skip|concurrent|fails))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const each = /\b(?:it|test)\.each\b[\s\S]*?\)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const templates: string[] = [];
  for (const match of source.matchAll(literal)) {
    const text = unescapeJs(match[2]);
    if (match[1] !== '`' || !match[2].includes('${')) {
      if (text === title) return true;
    } else templates.push(match[2]);
  }
  for (const match of source.matchAll(each)) templates.push(match[2]);
  return templates.some((template) => {
    const parts = template.split(/\$\{[^}]*\}|%[sdifjo#]|\$[A-Za-z_][\w.]*/);
    if (parts.length < 2) return false;
    return new RegExp(`^${parts.map((part) => escapeRegExp(unescapeJs(part))).join('.+')}$`).test(title);
  });
}

/** What is wrong with one pin, or null. */
function pinProblem(pin: Pin): string | null {
  if (!/^src\/(reference|ecosystem)\/.+\.test\.ts$/.test(pin.file))
    return `${pin.file}: not a test file under src/reference or src/ecosystem`;
  const url = new URL(pin.file, ROOT);
  if (!existsSync(url)) return `${pin.file}: no such file`;
  if (!pin.title) return `${pin.file}: no test title (write \`file\` › \`title\`)`;
  return declares(readFileSync(url, 'utf8'), pin.title) ? null : `${pin.file}: no test titled "${pin.title}"`;
}

describe('FIDELITY.md', () => {
  it('gives every imitated behaviour a description, a platform source and tests that exist', () => {
    const rows = tableUnder(IMITATED);
    expect(rows.length).toBeGreaterThan(30);
    const problems = rows.flatMap((cells, i) => {
      const where = `imitated row ${i + 1} (${cells[0]?.slice(0, 50)})`;
      if (cells.length !== 3) return [`${where}: ${cells.length} cells, not 3`];
      const [behaviour, source, pinned] = cells;
      const pins = pinsOf(pinned);
      return [
        ...(behaviour ? [] : [`${where}: no behaviour`]),
        ...(source ? [] : [`${where}: no platform source`]),
        ...(pins.length > 0 ? [] : [`${where}: pinned by nothing`]),
        ...pins.map(pinProblem).flatMap((p) => (p ? [`${where}: ${p}`] : [])),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('pins every departure by tests of platform-profile*.test.ts that exist', () => {
    const rows = tableUnder(DEPARTURES);
    expect(rows.length).toBeGreaterThan(0);
    const problems = rows.flatMap((cells) => {
      const [id, , , pinned] = cells.map((cell) => cell ?? '');
      const pins = pinsOf(pinned ?? '');
      return [
        ...(cells.length === 4 ? [] : [`${id}: ${cells.length} cells, not 4`]),
        ...(pins.length > 0 ? [] : [`${id}: pinned by nothing`]),
        ...pins.flatMap((pin) => {
          const problem = pinProblem(pin);
          if (problem) return [`${id}: ${problem}`];
          return /^src\/reference\/variation\/platform-profile[\w-]*\.test\.ts$/.test(pin.file)
            ? []
            : [`${id}: pinned outside the platform-profile*.test.ts files`];
        }),
      ];
    });
    expect(problems).toEqual([]);
  });
});

describe('the title finder', () => {
  const source = [
    "it('plain title', () => {});",
    'test("a \\"quoted\\" title", () => {});',
    'it(`${action}: refused for a missing user`, () => {});',
    "it.each([['a', 1]])('%s is counted once', () => {});",
  ].join('\n');

  it('finds literal titles, templates and it.each titles, and nothing else', () => {
    expect(
      ['plain title', 'a "quoted" title', 'block: refused for a missing user', 'an object is counted once'].map((t) => declares(source, t)),
    ).toEqual([true, true, true, true]);
    expect(
      ['plain', 'plain title too', ': refused for a missing user', 'block: refused', 'is counted once'].map((t) => declares(source, t)),
    ).toEqual([false, false, false, false, false]);
  });
});
