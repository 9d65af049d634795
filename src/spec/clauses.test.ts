/**
 * Meta-tests of the clause catalogue: the project's copy matches the spec's, every clause id a
 * suite cites exists in it, an unknown id is a KitError, and the areas are the ids' first segments.
 *
 *   npx vitest run src/spec/clauses.test.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isKitError } from '../shared/errors.ts';
import { AREAS, areaOf, CLAUSES, findClause, getClause } from './clauses.ts';

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
  test.runIf(existsSync(shared))('the copy in src/spec is in step with ../shared/spec/clauses.json', () => {
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
    const cited = files(SUITES).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/(?:clauseTest|stable)\(\s*'([^']+)'/g)].map((m) => m[1]!),
    );
    expect(cited.filter((id) => findClause(id)?.testable === 'no')).toEqual([]);
  });

  test('getClause refuses an unknown id with a KitError (UNKNOWN_CLAUSE)', () => {
    expect(getClause('broadcast.list.status').id).toBe('broadcast.list.status');
    let thrown: unknown;
    try {
      getClause('no.such.clause');
    } catch (e) {
      thrown = e;
    }
    expect(isKitError(thrown) && thrown.code).toBe('UNKNOWN_CLAUSE');
  });

  test('the areas are the first segments of the ids, each once', () => {
    expect(areaOf('users.block.status')).toBe('users');
    expect([...AREAS].sort()).toEqual([...new Set(CLAUSES.map((c) => c.id.split('.')[0]))].sort());
    expect(AREAS).toContain('users');
    expect(AREAS).toContain('versioning');
  });
});
