/**
 * Snapshot and restore of the store: rows, id sequences and indexes come back as they were.
 *
 *   npx vitest run src/reference/control/snapshot.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createStore } from '../store.ts';
import { restoreStore, snapshotStore } from './snapshot.ts';

describe('store snapshot', () => {
  it('restores rows, ids and indexes, and stays reusable', () => {
    const store = createStore();
    const now = new Date(0);
    const token = {
      userId: 1,
      name: 't',
      scopes: ['api'],
      kind: 'personal' as const,
      revoked: false,
      expiresAt: null,
      createdAt: now,
      lastUsedAt: null,
    };
    store.tokens.insert({ ...token, token: 'kept' });
    const saved = snapshotStore(store);
    for (let round = 0; round < 2; round += 1) {
      store.tokens.update(1, { token: 'changed' });
      store.tokens.insert({ ...token, token: 'added' });
      restoreStore(store, saved);
      expect(store.tokens.all().map((t) => [t.id, t.token])).toEqual([[1, 'kept']]);
      expect(store.tokensByValue.get('kept')).toHaveLength(1);
      expect(store.tokensByValue.get('changed')).toEqual([]);
      expect(store.tokensByValue.get('added')).toEqual([]);
      expect(store.tokens.insert({ ...token, token: 'next' }).id).toBe(2);
      restoreStore(store, saved);
    }
  });
});
