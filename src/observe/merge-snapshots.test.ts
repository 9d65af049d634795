/**
 * Findings are grouped by operation, clause and kind, never by value (issue 39, item 4): 20,000
 * distinct unknown parameters are one client finding with a count and the first few names; and
 * several observations merged (worker judges, several front-end nodes) equal one that saw it all.
 */
import { describe, expect, it } from 'vitest';
import { mergeSnapshots } from './merge-snapshots.ts';
import { Observation, PARAMETERS_KEPT } from './observation.ts';
import { observedExchange } from './fixtures/exchange.ts';

const exchange = observedExchange;

const traffic = (n: number) => Array.from({ length: n }, (_, i) => exchange(`/api/v4/broadcast_messages?probe_${i}=1`));

describe('observe findings', () => {
  it('keeps distinct unknown parameters as one finding with a count and the first names', () => {
    const o = new Observation('http://h');
    for (const x of traffic(2000)) o.record(x);
    const unknown = o.snapshot().client.filter((f) => f.clause === 'unknown-parameter');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ count: 2000, moreParameters: true });
    expect(unknown[0]!.parameters).toEqual(Array.from({ length: PARAMETERS_KEPT }, (_, i) => `probe_${i}`));
  });

  it('merges observations that split the traffic into what one observation of it all says', () => {
    const all = new Observation('http://h');
    const a = new Observation('http://h');
    const b = new Observation('http://h');
    const xs = [
      ...traffic(PARAMETERS_KEPT - 1),
      exchange('/api/v4/broadcast_messages/1', '{"id":"1"}'),
      exchange('/api/v4/users/1/keys', '{}'),
      // Coverage's reasons add up too: an answer not judged for its body, one not answered.
      { ...exchange('/api/v4/broadcast_messages/2', '{"id"'), bodyCut: true },
      { ...exchange('/api/v4/users/1/keys'), status: 0 },
    ];
    xs.forEach((x, i) => {
      all.record(x);
      (i % 2 ? a : b).record(x);
    });
    const merged = mergeSnapshots([b.snapshot(), a.snapshot()]);
    const one = all.snapshot();
    expect(merged.counts).toEqual(one.counts);
    expect(merged.operations).toEqual(one.operations);
    expect(one.operations.seen.find((o) => o.operation === 'GET /users/:id_or_username/keys')?.notJudged.noAnswer).toBe(1);
    // A client finding's first parameter is whichever judge saw one first: its names are compared as a set.
    const shape = (fs: typeof one.server) =>
      fs.map((f) => [f.operation, f.clause, f.side === 'server' ? f.about : '', f.count, [...(f.parameters ?? [])].sort()]);
    expect(shape(merged.server)).toEqual(shape(one.server));
    expect(shape(merged.client)).toEqual(shape(one.client));
    expect(one.server.length).toBeGreaterThan(0);
  });
});
