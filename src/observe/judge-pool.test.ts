/**
 * The judges off the proxy's thread (issue 39, item 5): everything handed over is judged before a
 * snapshot answers; past the queue's bound exchanges are counted as shed, never kept; --sample leaves
 * out its share of the API exchanges (counted); a judge that throws costs one exchange (counted); a
 * worker that dies is started again, its checkpoint kept. No timing is asserted.
 */
import { describe, expect, it } from 'vitest';
import { JudgePool } from './judge-pool.ts';
import { observedExchange } from './fixtures/exchange.ts';

const exchange = observedExchange;

const base = 'http://127.0.0.1:1';

describe('JudgePool', () => {
  it(
    'judges every exchange handed over before a snapshot answers, with two workers, and learns their secrets',
    { timeout: 120_000 },
    async () => {
      const pool = await JudgePool.start({ replayBase: base, workers: 2, secrets: ['known-secret-value'] });
      try {
        for (let i = 0; i < 300; i++) pool.offer(exchange(`/api/v4/broadcast_messages?probe_${i}=1`));
        pool.offer({ ...exchange('/api/v4/user'), requestHeaders: { 'private-token': 'learned-token-value' } });
        pool.offer(exchange('/elsewhere'));
        const { snapshot, secrets } = await pool.snapshot();
        expect(snapshot.counts).toMatchObject({ exchanges: 302, judged: 301, notApi: 1, shed: 0, sampledOut: 0, judgeErrors: 0 });
        expect(snapshot.client.find((f) => f.clause === 'unknown-parameter')?.count).toBe(300);
        expect(secrets).toEqual(expect.arrayContaining(['known-secret-value', 'learned-token-value']));
      } finally {
        await pool.close();
      }
    },
  );

  it('counts as shed what exceeds the bound, and as sampled out what --sample leaves out', { timeout: 120_000 }, async () => {
    // busyAbove 1: the spare judge is never left out for a busy event loop (a loaded machine), the bound alone counts.
    const pool = await JudgePool.start({ replayBase: base, queueLimit: 10, busyAbove: 1 });
    try {
      // All offered in one turn of the loop: nothing is judged meanwhile, the bound holds.
      expect(pool.admits()).toBe(true);
      for (let i = 0; i < 50; i++) pool.offer(exchange('/api/v4/broadcast_messages'));
      expect(pool.queued()).toBe(10);
      // Full: the proxy keeps no copy of the next request, counted as shed all the same.
      expect(pool.admits()).toBe(false);
      pool.shedUncopied();
      const { snapshot } = await pool.snapshot();
      expect(snapshot.counts).toMatchObject({ exchanges: 51, judged: 10, shed: 41 });
    } finally {
      await pool.close();
    }
    const sampled = await JudgePool.start({ replayBase: base, sample: 0.25 });
    try {
      for (let i = 0; i < 100; i++) {
        sampled.offer(exchange('/api/v4/broadcast_messages'));
      }
      sampled.offer(exchange('/not-the-api'));
      const { snapshot } = await sampled.snapshot();
      expect(snapshot.counts).toMatchObject({ exchanges: 101, judged: 25, sampledOut: 75, notApi: 1, shed: 0 });
    } finally {
      await sampled.close();
    }
  });

  it('counts an exchange whose judge throws, and starts a dead worker again with its checkpoint kept', { timeout: 120_000 }, async () => {
    const pool = await JudgePool.start({ replayBase: base });
    try {
      pool.offer({ ...exchange('/api/v4/broadcast_messages'), requestHeaders: null as unknown as Record<string, string> });
      pool.offer(exchange('/api/v4/broadcast_messages?probe=1'));
      expect((await pool.snapshot()).snapshot.counts).toMatchObject({ exchanges: 2, judgeErrors: 1 });
      // The worker dies (as if it ran out of memory): started again; what it judged before is kept.
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      await slots[0]!.worker.terminate();
      pool.offer(exchange('/api/v4/broadcast_messages'));
      const { snapshot } = await pool.snapshot();
      // The exchange whose judge threw is counted among the exchanges and as a judge error, not as judged.
      expect(snapshot.counts).toMatchObject({ workerRestarts: 1, exchanges: 3, judged: 2, judgeErrors: 1 });
      expect(snapshot.client.find((f) => f.clause === 'unknown-parameter')?.count).toBe(1);
    } finally {
      await pool.close();
    }
  });
});
