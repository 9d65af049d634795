/** Unit tests of the selection check: every test the suites hold stays selectable by its clause id, and what matches nothing is refused. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from './certify.ts';
import { checkSelection, suiteNames } from './selection.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('checkSelection', () => {
  test('the clause id of every literal clauseTest call, and its full title, pass within its own suite folder', () => {
    let seen = 0;
    for (const suite of suiteNames(PACKAGE_ROOT)) {
      const dir = join(PACKAGE_ROOT, 'suites', suite);
      for (const f of readdirSync(dir, { recursive: true })
        .map(String)
        .filter((n) => n.endsWith('.test.ts'))) {
        const text = readFileSync(join(dir, f), 'utf8');
        for (const m of text.matchAll(/clauseTest\(\s*'([\w.]+)',\s*'([^']*)'/g)) {
          expect(() => checkSelection(PACKAGE_ROOT, { suites: [suite], grep: escape(m[1]!) })).not.toThrow();
          expect(() =>
            checkSelection(PACKAGE_ROOT, { filters: [`suites/${suite}/${f}`], grep: `${escape(m[1]!)} ${escape(m[2]!)}$` }),
          ).not.toThrow();
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(200);
  });

  test('titles built from case tables and templates pass', () => {
    for (const grep of [
      'POST /users/:id/block by a non-admin answers 403',
      'adding a cluster without token answers 400',
      '^GET /broadcast_messages broadcast\\.list\\.status',
    ])
      expect(() => checkSelection(PACKAGE_ROOT, { grep })).not.toThrow();
  });

  test('a suite folder, a filter or a pattern that selects nothing is refused', () => {
    expect(() => checkSelection(PACKAGE_ROOT, { suites: ['users', 'nosuch'] })).toThrow(/--suite nosuch is not a suite folder/);
    expect(() => checkSelection(PACKAGE_ROOT, { filters: ['suites/users/nosuch.test.ts'] })).toThrow(/matches no suite file/);
    expect(() => checkSelection(PACKAGE_ROOT, { filters: ['suites/users/states.test.ts:87'] })).toThrow(/names a line/);
    expect(() => checkSelection(PACKAGE_ROOT, { grep: 'no such title anywhere' })).toThrow(/matches no test title in the suites/);
    expect(() => checkSelection(PACKAGE_ROOT, { suites: ['versioning'], grep: 'users\\.block' })).toThrow(/in the 1 selected suite file/);
  });
});
