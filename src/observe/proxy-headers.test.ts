/**
 * The headers the proxy forwards (proxy-headers.ts forwardedHeaders) are those the plain filter it
 * replaced kept: hop-by-hop names and those the Connection header names left out, in any case,
 * Host replaced when asked; header lists drawn at random.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { forwardedHeaders, HOP_BY_HOP } from './proxy-headers.ts';

/** The filter as first written: every name lower-cased, the Connection header's names gathered first. */
function plainForwarded(raw: readonly string[], host?: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.toLowerCase() === 'connection') for (const n of raw[i + 1]!.split(',')) named.add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i]!, host !== undefined && name === 'host' ? host : raw[i + 1]!);
  }
  return out;
}

const cased = (name: string) => fc.constantFrom(name, name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1));
const NAMES = [...HOP_BY_HOP, 'host', 'x-custom', 'content-type', 'private-token', 'hosts', 'x-te'];
const name = fc.oneof(fc.constantFrom(...NAMES).chain(cased), fc.string({ minLength: 1, maxLength: 12 }));
const value = fc.oneof(
  fc.constantFrom('keep-alive', 'close', 'X-Custom, Private-Token', 'Upgrade', 'h:1', ''),
  fc.string({ maxLength: 10 }),
);

describe('forwarded headers', () => {
  test('the same pairs as the plain filter, with and without a Host of the upstream', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, value), { maxLength: 12 }),
        fc.option(fc.constant('up:8443'), { nil: undefined }),
        (pairs, host) => {
          const raw = pairs.flat();
          expect(forwardedHeaders(raw, host)).toEqual(plainForwarded(raw, host));
        },
      ),
      { seed: 39, numRuns: 3000 },
    );
  });
});
