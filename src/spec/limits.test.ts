/**
 * The limits of src/spec/limits.ts are the spec's: each is read back from the Limits table of the
 * spec (src/spec/api-v4.md, a copy of ../shared/spec/api-v4.md held in step where that file is present).
 *
 *   npx vitest run src/spec/limits.test.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as L from './limits.ts';

const SPEC = new URL('./api-v4.md', import.meta.url);
const SHARED = new URL('../../../shared/spec/api-v4.md', import.meta.url);

/** The Limits table: limit name -> value text. */
function limitsTable(): Map<string, string> {
  const text = readFileSync(SPEC, 'utf8');
  const section = text.slice(text.indexOf('## Limits'), text.indexOf('## Versioning'));
  const rows = [...section.matchAll(/^\| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => [m[1]!.trim(), m[2]!.trim()] as const);
  return new Map(rows);
}

it.runIf(existsSync(SHARED))('the copy in src/spec is in step with ../shared/spec/api-v4.md', () => {
  expect(readFileSync(SPEC, 'utf8')).toBe(readFileSync(SHARED, 'utf8'));
});

describe("the spec's limits", () => {
  const table = limitsTable();
  const row = (name: string) => {
    const value = table.get(name);
    if (value === undefined) throw new Error(`the spec's Limits table has no row "${name}"`);
    return value;
  };

  it('pagination: per_page default and maximum, page default, the epic list default', () => {
    expect(row('per_page default')).toBe(String(L.PER_PAGE_DEFAULT));
    expect(row('per_page maximum')).toBe(String(L.PER_PAGE_MAX));
    expect(row('page default')).toBe(String(L.PAGE_DEFAULT));
    expect(row('Epic list default')).toBe(`${L.EPIC_LIST_PER_PAGE_DEFAULT} results per page`);
  });

  it('lengths: the variable key (and its characters), the epic description', () => {
    expect(row('Variable key length')).toBe(`at most ${L.VARIABLE_KEY_MAX_LENGTH} characters; characters A-Z a-z 0-9 _`);
    expect(L.VARIABLE_KEY_PATTERN.test('Az09_')).toBe(true);
    expect(['A-B', 'A B', 'Ü', 'A.B', ''].filter((k) => L.VARIABLE_KEY_PATTERN.test(k))).toEqual([]);
    expect(row('Epic description length')).toBe(`at most ${L.EPIC_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`);
  });

  it('time and size rules: the large collection, deactivation, the activity window, the broadcast duration', () => {
    expect(row('Collection size above which X-Total, X-Total-Pages and rel=last are omitted')).toContain(
      `more than ${L.LARGE_COLLECTION.toLocaleString('en-US')} items`,
    );
    expect(row('Deactivation')).toContain(`past ${L.DEACTIVATION_INACTIVE_DAYS} days`);
    expect(row('Activity list default window')).toBe(`${L.ACTIVITY_WINDOW_MONTHS} months back`);
    expect(row('Broadcast message default duration')).toContain('one hour');
    expect(L.BROADCAST_DEFAULT_DURATION_MS).toBe(3_600_000);
  });
});
