/**
 * The two artefacts written from the platform profile's declarations, never by hand:
 * baselines/platform.json (each departure's baseline entries, with its review date) and
 * FIDELITY.md's departures table (each departure's id, what it does, its platform source and the
 * platform-profile*.test.ts tests titled `<id>: ...` that pin it). `npm run generate` writes them;
 * platform-artefacts.test.ts fails when the committed files are not what it writes.
 *
 *   const { baseline, fidelity } = await platformArtefacts();   // the files' texts, as they should be
 *   await writePlatformArtefacts();                              // npm run generate
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { KnownEntry, PlatformSource, Variation } from './declaration.ts';
import { PLATFORM_PROFILE } from './registry.ts';

/** The command that writes the artefacts, as failures name it. */
export const GENERATE_COMMAND = 'npm run generate';

const ROOT = new URL('../../../', import.meta.url);
export const BASELINE_FILE = 'baselines/platform.json';
export const FIDELITY_FILE = 'src/reference/FIDELITY.md';
const PINS_DIR = 'src/reference/variation/';
const FIRST_PINS = 'platform-profile.test.ts';

const BEGIN = `<!-- Written by ${GENERATE_COMMAND} from the platform declarations (*.variations.ts): edit those, not this table. -->`;
const END = '<!-- End of the written table. -->';
const COMMENT =
  'Known departures of the real platform (current releases) from the API v4 spec, from ../shared/spec/platform-behaviour.md. ' +
  'Use: npm run certify -- --base-url URL --baseline baselines/platform.json. Review each entry by its date. ' +
  `Written by ${GENERATE_COMMAND} from the platform declarations of the reference (src/reference/**/*.variations.ts): edit those, not this file.`;

/** A departure the platform profile switches on, with its documentation: the declaration itself, or a fault's or capability's `platform`. */
interface Departure extends PlatformSource {
  readonly id: string;
}

function departureOf(v: Variation): Departure {
  const side: PlatformSource = v.kind === 'platform' ? v : v.platform!;
  return { id: v.id, source: side.source, fidelity: side.fidelity, known: side.known, expires: side.expires };
}

export const DEPARTURES: readonly Departure[] = PLATFORM_PROFILE.map(departureOf);

/** An entry of baselines/platform.json. */
interface BaselineEntry {
  clause?: string;
  resource?: string;
  fields?: string[];
  operations?: string[];
  races?: true;
  dataDependent?: true;
  reason: string;
  expires: string;
}

/** What an entry departs in: entries of several declarations with the same scope and reason are one entry with their fields. */
const scopeOf = (e: KnownEntry) =>
  JSON.stringify([
    'clause' in e ? e.clause : `resource ${e.resource}`,
    'operations' in e ? (e.operations ?? []) : [],
    ...('races' in e && e.races ? ['races'] : []),
    e.reason,
  ]);

/** The baseline's entries, in declaration order; throws when two declarations list the same entry twice or with two dates. */
export function baselineEntries(departures: readonly Departure[] = DEPARTURES): BaselineEntry[] {
  const byScope = new Map<string, BaselineEntry>();
  for (const d of departures) {
    for (const e of d.known) {
      const entry: BaselineEntry = {
        ...('clause' in e ? { clause: e.clause } : { resource: e.resource }),
        ...(e.fields ? { fields: [...e.fields] } : {}),
        ...('operations' in e && e.operations ? { operations: [...e.operations] } : {}),
        ...('races' in e && e.races ? { races: true as const } : {}),
        ...(e.dataDependent ? { dataDependent: true as const } : {}),
        reason: e.reason,
        expires: d.expires,
      };
      const same = byScope.get(scopeOf(e));
      if (!same) {
        byScope.set(scopeOf(e), entry);
        continue;
      }
      if (!same.fields || !entry.fields || same.expires !== entry.expires) {
        throw new Error(`${d.id}: its baseline entry for ${'clause' in e ? e.clause : e.resource} is listed already (same reason)`);
      }
      same.fields.push(...entry.fields.filter((f) => !same.fields!.includes(f)));
    }
  }
  return [...byScope.values()];
}

/** The tests of platform-profile*.test.ts titled `<id>: ...`, as FIDELITY.md pins them (`file` › `title`), platform-profile.test.ts first. */
function pinsOf(id: string): string[] {
  const files = readdirSync(new URL(PINS_DIR, ROOT))
    .filter((f) => /^platform-profile[\w-]*\.test\.ts$/.test(f))
    .sort((a, b) => Number(b === FIRST_PINS) - Number(a === FIRST_PINS) || a.localeCompare(b));
  const title = /\b(?:it|test)\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  return files.flatMap((file) =>
    [...readFileSync(new URL(PINS_DIR + file, ROOT), 'utf8').matchAll(title)]
      .map((m) => m[2]!.replace(/\\(.)/g, '$1'))
      .filter((t) => t.startsWith(`${id}: `))
      .map((t) => `\`${PINS_DIR}${file}\` › \`${t}\``),
  );
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** FIDELITY.md's departures table; throws for a departure no test pins. */
export function departuresTable(departures: readonly Departure[] = DEPARTURES): string {
  const rows = departures.map((d) => {
    const pins = pinsOf(d.id);
    if (pins.length === 0) throw new Error(`${d.id}: no test of ${PINS_DIR}platform-profile*.test.ts is titled "${d.id}: ..."`);
    return `| \`${d.id}\` | ${cell(d.fidelity)} | \`${cell(d.source)}\` | ${pins.map(cell).join('<br>')} |`;
  });
  return ['| Id | What it does | Platform source | Pinned by |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The document with the text between its markers replaced by the table. */
function withTable(doc: string, table: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FIDELITY_FILE} has lost its markers: ${BEGIN} ... ${END}`);
  return `${doc.slice(0, start + BEGIN.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');

/** The texts both files should have, formatted as the repository formats them. */
export async function platformArtefacts(): Promise<{ baseline: string; fidelity: string }> {
  const json = JSON.stringify({ $comment: COMMENT, known: baselineEntries() });
  const path = new URL(BASELINE_FILE, ROOT).pathname;
  const baseline = await format(json, { ...(await resolveConfig(path)), filepath: path });
  return { baseline, fidelity: withTable(read(FIDELITY_FILE), departuresTable()) };
}

/** Writes both files (npm run generate). */
export async function writePlatformArtefacts(): Promise<string[]> {
  const { baseline, fidelity } = await platformArtefacts();
  writeFileSync(new URL(BASELINE_FILE, ROOT), baseline);
  writeFileSync(new URL(FIDELITY_FILE, ROOT), fidelity);
  return [BASELINE_FILE, FIDELITY_FILE];
}
