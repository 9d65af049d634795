/** Unit tests of the bounded maps and sets: an entry set again moves to the end, the oldest goes past the bound. */
import { describe, expect, it } from 'vitest';
import { addIn, rememberIn } from './oldest-out.ts';

describe('oldest out', () => {
  it('keeps a map within its bound, dropping the entry set least recently', () => {
    const m = new Map<string, number>();
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['a', 3],
      ['c', 4],
    ] as const)
      rememberIn(m, k, v, 2);
    expect([...m]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('keeps a set within its bound, dropping the value added least recently', () => {
    const s = new Set<string>();
    for (const v of ['a', 'b', 'a', 'c']) addIn(s, v, 2);
    expect([...s]).toEqual(['a', 'c']);
  });
});
