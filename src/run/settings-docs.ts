/**
 * `.env.example` and the table of docs/configuration.md, written from the settings' rows (the
 * kit's: kit/settings.ts; the bundled reference's: reference-settings.ts), never by hand. A test
 * holds that the committed files are what this writes.
 *
 *   npm run generate          // writes .env.example and the docs table
 *   renderEnvExample()                        // '# Configuration of the API v4 conformance kit...'
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { defaultValue, SETTING_KEYS, SETTINGS, type Setting } from '../kit/settings.ts';
import { REFERENCE_SETTINGS } from './reference-settings.ts';
import { variableText } from './config.ts';

const COMMAND = 'npm run generate';
export const ENV_EXAMPLE = '.env.example';
export const CONFIGURATION_DOC = 'docs/configuration.md';
const BEGIN = `<!-- The settings table: written by \`${COMMAND}\` from src/kit/settings.ts and src/run/reference-settings.ts. -->`;
const END = '<!-- End of the settings table. -->';

/** One setting as both files show it: its variable, flag, line value, default as read, and meaning. */
interface Row {
  env: string;
  flag?: string;
  value: string;
  shown: string;
  doc: string;
}

function rows(): Row[] {
  const kit = SETTING_KEYS.map((key): Row => {
    const row: Setting = SETTINGS[key];
    const value = variableText(defaultValue(key) as Parameters<typeof variableText>[0]) ?? '';
    return { env: row.env, flag: row.flag, value, shown: row.default ?? value, doc: row.doc };
  });
  const reference = REFERENCE_SETTINGS.map((r): Row => ({ ...r, shown: r.default ?? r.value }));
  return [...kit, ...reference];
}

/** Words into `# ` comment lines of at most `width` characters. */
function comment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(/\s+/)) {
    if (line.length > 1 && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

export function renderEnvExample(): string {
  const head = [
    ...comment('Configuration of the API v4 conformance kit. Copy to .env; flags (--base-url, ...) override.'),
    ...comment('Every value is checked at start; a bad one stops the run with a line naming it (exit code 2).'),
    ...comment(
      `Written by \`${COMMAND}\` from the settings' rows (src/kit/settings.ts, src/run/reference-settings.ts): edit them, not this file.`,
    ),
  ];
  const blocks = rows().map((r) => [...comment(r.doc), `${r.env}=${r.value}`].join('\n'));
  return `${[head.join('\n'), ...blocks].join('\n\n')}\n`;
}

/** Text in a table cell: no pipes, no angle brackets read as HTML. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const code = (text: string | undefined) => (text ? `\`${text}\`` : '');

export function renderSettingsTable(): string {
  const lines = rows().map(
    (r) => `| ${code(r.env)} | ${code(r.flag)} | ${r.shown === r.value ? code(r.value) : cell(r.shown)} | ${cell(r.doc)} |`,
  );
  return ['| variable | flag | default | meaning |', '|---|---|---|---|', ...lines].join('\n');
}

/** The docs page with its table between the markers replaced by the rows' own. */
export function renderConfigurationDoc(page: string): string {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${CONFIGURATION_DOC} has lost its table's markers: ${BEGIN} ... ${END}`);
  return `${page.slice(0, begin + BEGIN.length)}\n\n${renderSettingsTable()}\n\n${page.slice(end)}`;
}

export function writeSettingsDocs(): void {
  writeFileSync(ENV_EXAMPLE, renderEnvExample());
  writeFileSync(CONFIGURATION_DOC, renderConfigurationDoc(readFileSync(CONFIGURATION_DOC, 'utf8')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeSettingsDocs();
  console.log(`Wrote ${ENV_EXAMPLE} and the table of ${CONFIGURATION_DOC}.`);
}
