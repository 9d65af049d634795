/** The shipped baselines parse and cite only clauses of the catalogue, none expired. */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CLAUSES } from '../spec/clauses.ts';
import { parseBaseline } from './baseline.ts';

const dir = new URL('../../baselines/', import.meta.url);

describe('shipped baselines', () => {
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    test(`${f} is a valid baseline of known clauses`, () => {
      const b = parseBaseline(readFileSync(new URL(f, dir), 'utf8'), f, new Set(CLAUSES.map((c) => c.id)));
      expect(b.known.length).toBeGreaterThan(0);
      for (const e of b.known) expect(e.expires >= new Date().toISOString().slice(0, 10)).toBe(true);
    });
  }
});
