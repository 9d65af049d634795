/**
 * The case tables of suites/ (JSON files of cases that differ only in data, run by one loop)
 * share one envelope, `{ "$comment": "...", "cases": [ ... ], "shared"?: { ... } }`, described by
 * suites/case-table.schema.json and checked for every table by a unit test. Their placeholders
 * are filled by placeholders.ts.
 *
 *   import table from './create-invalid.json' with { type: 'json' };
 *   const cases = casesOf<{ name: string; key: string }>(table);
 */

/** The file of the meta-schema every case table follows. */
export const CASE_TABLE_SCHEMA = new URL('../../suites/case-table.schema.json', import.meta.url);

/** The table's cases as the suite reads them (JSON imports type each row by its own keys). */
export function casesOf<Case>(table: { cases: readonly unknown[] }): Case[] {
  return table.cases as Case[];
}
