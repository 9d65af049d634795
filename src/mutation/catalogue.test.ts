/** The fault catalogue is consistent: each fault exists in the reference, breaks a known clause, names suites that exist. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findClause } from '../spec/clauses.ts';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { FAULTS } from '../reference/faults.ts';
import { CATALOGUE } from './catalogue.ts';
import { suiteGlob } from './projects.ts';

describe('fault catalogue', () => {
  test('has faults, each once', () => {
    expect(CATALOGUE).not.toEqual([]);
    expect(new Set(CATALOGUE.map((f) => f.id)).size).toBe(CATALOGUE.length);
  });

  test('every fault is one the reference can switch on, and every reference fault is catalogued', () => {
    const known = new Set<string>(FAULTS.map((f) => f.id));
    expect(CATALOGUE.filter((f) => !known.has(f.id)).map((f) => f.id)).toEqual([]);
    const catalogued = new Set(CATALOGUE.map((f) => f.id));
    expect(FAULTS.filter((f) => !catalogued.has(f.id)).map((f) => f.id)).toEqual([]);
  });

  test('every fault breaks a clause of the catalogue and names suites that exist', () => {
    for (const f of CATALOGUE) {
      expect(findClause(f.clause), `${f.id}: unknown clause ${f.clause}`).toBeDefined();
      for (const s of f.suites) {
        const glob = suiteGlob(s);
        const path = glob.endsWith('/**/*.test.ts') ? glob.slice(0, -'/**/*.test.ts'.length) : glob;
        expect(existsSync(join(PACKAGE_ROOT, path)), `${f.id}: ${path} does not exist`).toBe(true);
      }
    }
  });
});
