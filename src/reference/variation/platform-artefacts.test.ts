/**
 * baselines/platform.json and FIDELITY.md's departures table are what `npm run generate` writes
 * from the platform declarations, and those declarations hold together: every entry names a
 * catalogue clause or a known resource, a fault the platform shares lists its own clause, entries
 * of one clause with one reason merge into one entry with their fields.
 *
 *   npx vitest run src/reference/variation/platform-artefacts.test.ts
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../report/baseline.ts';
import { CLAUSES } from '../../spec/clauses.ts';
import {
  BASELINE_FILE,
  baselineEntries,
  DEPARTURES,
  departuresTable,
  FIDELITY_FILE,
  GENERATE_COMMAND,
  platformArtefacts,
} from './platform-artefacts.ts';
import { PLATFORM_PROFILE } from './registry.ts';

const committed = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('the artefacts written from the platform declarations', () => {
  it(`commits baselines/platform.json and FIDELITY.md as ${GENERATE_COMMAND} writes them`, async () => {
    const written = await platformArtefacts();
    expect(
      committed(BASELINE_FILE) === written.baseline,
      `${BASELINE_FILE} is not what the declarations write: run ${GENERATE_COMMAND}`,
    ).toBe(true);
    expect(
      committed(FIDELITY_FILE) === written.fidelity,
      `${FIDELITY_FILE} is not what the declarations write: run ${GENERATE_COMMAND}`,
    ).toBe(true);
  });

  it('writes a baseline the kit reads: catalogue clauses, known resources, each entry once', async () => {
    const { baseline } = await platformArtefacts();
    const parsed = parseBaseline(baseline, BASELINE_FILE, new Set(CLAUSES.map((c) => c.id)));
    expect(parsed.known.length).toBe(baselineEntries().length);
  });

  it('documents every departure the platform profile switches on, each pinned by a test titled with its id', () => {
    expect(DEPARTURES.map((d) => d.id)).toEqual(PLATFORM_PROFILE.map((v) => v.id));
    const table = departuresTable();
    for (const d of DEPARTURES) expect(table).toContain(`| \`${d.id}\` | `);
  });

  it('lists the clause of a fault the platform shares among its entries', () => {
    const faults = PLATFORM_PROFILE.filter((v) => v.kind === 'fault');
    expect(faults.length).toBeGreaterThan(0);
    expect(faults.filter((f) => !f.platform!.known.some((e) => 'clause' in e && e.clause === f.clause)).map((f) => f.id)).toEqual([]);
  });
});

describe('baselineEntries', () => {
  const departure = (id: string, known: object[], expires = '2027-06-30') =>
    ({ id, source: 's', fidelity: 'f', known, expires }) as (typeof DEPARTURES)[number];

  it('merges the fields of entries of one clause with one reason, in declaration order; keeps other reasons apart', () => {
    const entries = baselineEntries([
      departure('a', [{ clause: 'c', fields: ['x'], reason: 'same' }]),
      departure('b', [
        { clause: 'c', fields: ['y', 'x'], reason: 'same' },
        { clause: 'c', fields: ['z'], reason: 'other' },
      ]),
    ]);
    expect(entries).toEqual([
      { clause: 'c', fields: ['x', 'y'], reason: 'same', expires: '2027-06-30' },
      { clause: 'c', fields: ['z'], reason: 'other', expires: '2027-06-30' },
    ]);
  });

  it('refuses the same whole-clause entry twice, or one entry under two dates', () => {
    const whole = { clause: 'c', reason: 'r' };
    expect(() => baselineEntries([departure('a', [whole]), departure('b', [whole])])).toThrow(
      /b: its baseline entry for c is listed already/,
    );
    const narrowed = { clause: 'c', fields: ['x'], reason: 'r' };
    expect(() => baselineEntries([departure('a', [narrowed]), departure('b', [narrowed], '2028-01-01')])).toThrow(/listed already/);
  });
});
