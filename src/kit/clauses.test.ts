/**
 * Meta-tests of the clause catalogue: the project's copy matches the spec's, and every clause id
 * a suite cites exists in it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLAUSES, findClause } from './clauses.ts';

const SUITES = new URL('../../suites/', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('clause catalogue', () => {
  test('ids are unique', () => {
    expect(new Set(CLAUSES.map((c) => c.id)).size).toBe(CLAUSES.length);
  });

  const shared = new URL('../../../shared/spec/clauses.json', import.meta.url).pathname;
  test.runIf(existsSync(shared))('the copy in src/kit is in step with ../shared/spec/clauses.json', () => {
    expect(JSON.parse(readFileSync(shared, 'utf8'))).toEqual(CLAUSES);
  });

  test('every clause id cited by a suite exists', () => {
    const cited: string[] = [];
    for (const f of files(SUITES)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:clauseTest|stable)\(\s*'([^']+)'/g)) cited.push(m[1]!);
    }
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((id) => !findClause(id))).toEqual([]);
  });

  test('no suite cites a clause the catalogue marks untestable through the API', () => {
    const cited = files(SUITES).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/(?:clauseTest|stable)\(\s*'([^']+)'/g)].map((m) => m[1]!));
    expect(cited.filter((id) => findClause(id)?.testable === 'no')).toEqual([]);
  });
});
