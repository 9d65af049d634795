/**
 * Realistic text for property runs: names and phrases in several scripts (Latin with
 * diacritics, Cyrillic, Greek, CJK, Arabic/Hebrew/Persian right-to-left, Devanagari) made by
 * faker's locales, emoji (astral-plane characters, skin tones, ZWJ sequences, flags), HTML-special
 * snippets, and long texts of an exact length in characters (code points). Every value comes from
 * the fast-check seed (faker is seeded by it), so a run replays exactly.
 *
 *   fc.sample(personName(), { seed: 1, numRuns: 3 });   // ['Нонна Журавлева', '古谷 あゆみ 👩‍💻', ...]
 *   fc.sample(mixedText({ maxUnits: 255 }), 1);          // 'Αγρίνιο <b>bold</b> 🇺🇦 ...'
 *   longText(1_000, 2_000)                                // texts of 1,000..2,000 code points
 *   codePoints('a😀'); // 2      utf8Bytes('a😀'); // 5
 */
// One entry per locale (its faker on [locale, en, base]), not the package index, which loads all
// seventy locales; each loaded on first use (require of the ES module), so a worker that draws no
// text in a script never loads its locales.
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import fc from 'fast-check';
import { fromFaker } from './faker.ts';

export const SCRIPTS = ['latin', 'cyrillic', 'greek', 'cjk', 'rtl', 'devanagari'] as const;
export type Script = (typeof SCRIPTS)[number];

const LOCALES: Record<Script, string[]> = {
  latin: ['fr', 'de', 'pl', 'cs_CZ', 'vi'],
  cyrillic: ['ru', 'uk'],
  greek: ['el'],
  cjk: ['ja', 'zh_CN', 'ko'],
  rtl: ['ar', 'he', 'fa'],
  devanagari: ['ne'],
};
const requireHere = createRequire(import.meta.url);
const fakers = new Map<string, Faker>();
/** The faker of a locale, loaded on first use. */
function fakerOf(locale: string): Faker {
  let f = fakers.get(locale);
  if (!f) {
    f = (requireHere(`@faker-js/faker/locale/${locale}`) as { faker: Faker }).faker;
    fakers.set(locale, f);
  }
  return f;
}

/** Emoji a text field must keep: astral-plane pictographs, skin tones, ZWJ sequences, flags, variation selectors. */
export const EMOJI = ['😀', '🎉', '🚀', '👍🏽', '🧑🏿‍🚀', '👩‍💻', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇺🇦', '🇯🇵', '❤️', '✨', '😶‍🌫️', '🀄', '𝄞', '𠮷'] as const;

/** Snippets with the characters HTML escaping would change (<, >, &, double and single quotes). */
export const HTML_SNIPPETS = [
  '<b>bold</b>',
  'Tom & Jerry',
  '"quoted"',
  "it's",
  '<script>alert(1)</script>',
  'a < b > c',
  '&amp; stays &amp;',
  '&lt;tag&gt;',
  '<a href="https://example.com">link</a>',
  'O\'Brien & "Sons"',
] as const;

/** Characters counted as the platform counts them: code points. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
export const hasAstral = (text: string): boolean => /[\u{10000}-\u{10FFFF}]/u.test(text);
export const isAscii = (text: string): boolean => /^[\x00-\x7f]*$/.test(text);

/** The longest prefix of whole code points that fits in `units` UTF-16 units. */
export function clipUnits(text: string, units: number): string {
  let out = '';
  for (const ch of text) {
    if (out.length + ch.length > units) break;
    out += ch;
  }
  return out;
}

/** A faker value made in one of the locales of a script (or of any script). */
export function inScript<T>(build: (f: Faker) => T, script?: Script): fc.Arbitrary<T> {
  const locales = script ? LOCALES[script] : SCRIPTS.flatMap((s) => LOCALES[s]);
  return fc.constantFrom(...locales).chain((locale) => fromFaker(build, fakerOf(locale)));
}

export const scriptArb: fc.Arbitrary<Script> = fc.constantFrom(...SCRIPTS);
export const emoji: fc.Arbitrary<string> = fc.constantFrom(...EMOJI);
export const htmlSnippet: fc.Arbitrary<string> = fc.constantFrom(...HTML_SNIPPETS);

/** A person's full name in any script, sometimes with an emoji. */
export function personName(): fc.Arbitrary<string> {
  return fc
    .tuple(
      scriptArb.chain((s) => inScript((f) => f.person.fullName(), s)),
      fc.option(emoji, { freq: 4 }),
    )
    .map(([name, e]) => (e ? `${name} ${e}` : name));
}

/** A short phrase (place, company, surname) in a script. */
export function phrase(script?: Script): fc.Arbitrary<string> {
  return inScript((f) => f.helpers.arrayElement([f.location.city(), f.company.name(), f.person.lastName(), f.location.street()]), script);
}

/** One fragment of a mixed text: a phrase in some script, an emoji, an HTML snippet or ASCII words. */
const fragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: scriptArb.chain((s) => phrase(s)) },
  { weight: 2, arbitrary: emoji },
  { weight: 1, arbitrary: htmlSnippet },
  { weight: 1, arbitrary: fromFaker((f) => f.lorem.sentence()) },
);

/**
 * A non-empty text of mixed scripts, emoji and punctuation, trimmed, at most `maxUnits` UTF-16
 * units (the strictest way servers count) when given.
 */
export function mixedText(options: { maxUnits?: number; minFragments?: number; maxFragments?: number } = {}): fc.Arbitrary<string> {
  const { maxUnits, minFragments = 1, maxFragments = 6 } = options;
  return fc
    .array(fragment, { minLength: minFragments, maxLength: maxFragments })
    .map((parts) => {
      const text = parts.join(' ').trim();
      return maxUnits === undefined ? text : clipUnits(text, maxUnits).trim();
    })
    .filter((t) => t.length > 0);
}

/** A mixed text that holds at least one HTML-special snippet. */
export function htmlText(options: { maxUnits?: number } = {}): fc.Arbitrary<string> {
  return fc
    .tuple(mixedText({ maxFragments: 3 }), htmlSnippet, fc.boolean())
    .map(([text, snippet, first]) => (first ? `${snippet} ${text}` : `${text} ${snippet}`))
    .map((t) => (options.maxUnits === undefined ? t : clipUnits(t, options.maxUnits).trim()))
    .filter((t) => t.length > 0);
}

/** Exactly `n` code points: a chunk repeated, then cut at a code point boundary; no space at either end (servers strip them). */
export function repeatToLength(chunk: string, n: number): string {
  const unit = `${chunk.trim() || 'x'} `;
  const cps = Array.from(unit);
  const whole = Math.floor(n / cps.length);
  const text = unit.repeat(whole) + cps.slice(0, n - whole * cps.length).join('');
  // The last character alone: a regex anchored at the end would try every position of a long text.
  return /\s/.test(text.slice(-1)) ? `${text.slice(0, -1)}.` : text;
}

/** Texts of `min`..`max` code points made of a mixed chunk (non-ASCII most of the time). */
export function longText(min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min, max }), mixedText({ minFragments: 2 })).map(([n, chunk]) => repeatToLength(chunk, n));
}

/** A text for a field the platform caps at `limit` characters: 1 character, exactly `limit`, or anything between. */
export function boundedText(limit: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mixedText({ maxUnits: limit }) },
    { weight: 1, arbitrary: fc.constantFrom('x', 'é', 'ж', '中') },
    { weight: 1, arbitrary: phrase().map((p) => clipUnits(repeatToLength(p.replace(/\s+/g, '-'), limit), limit)) },
  );
}
