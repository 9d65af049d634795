/**
 * src/spec is the lowest layer but src/shared: outside its tests it imports nothing from the
 * kit, the run pipeline, the reporters, the reference or the tools (README, Layout).
 *
 *   npx vitest run src/spec/layers.test.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SPEC = fileURLToPath(new URL('.', import.meta.url));
const SRC = resolve(SPEC, '..');

it('src/spec imports only src/spec, src/shared and packages', () => {
  const files = (readdirSync(SPEC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  expect(files.length).toBeGreaterThan(5);
  const wrong = files.flatMap((f) => {
    const text = readFileSync(join(SPEC, f), 'utf8');
    return [...text.matchAll(/from '(\.[^']+)'/g)]
      .map((m) => relative(SRC, resolve(dirname(join(SPEC, f)), m[1]!)))
      .filter((target) => !target.startsWith('spec/') && !target.startsWith('shared/'))
      .map((target) => `${f} -> src/${target}`);
  });
  expect(wrong).toEqual([]);
});
