/**
 * What the pagination suite knows of a list endpoint it can fill (collections.ts lists them).
 *
 *   const c: Collection = { name: 'broadcast messages', path: () => '/broadcast_messages', fill };
 */
import type { Session } from '../../src/kit/index.ts';

export interface Collection {
  name: string;
  /** List path under /api/v4 (after fill). */
  path: () => string;
  /** A filter sent with every request: links must keep it. */
  query?: Record<string, string>;
  /** Makes the collection hold at least n items; returns the exact size when known. */
  fill: (s: Session, n: number) => Promise<number | undefined>;
  /** Others (the server's users, parallel test files) change it during the run: only single-request checks apply. */
  shared?: boolean;
  /** Cheap and private enough to fill past 100 items for the per_page maximum. */
  bulk?: boolean;
  /** How items are told apart (default: their id); e.g. variables by key. */
  itemKey?: (item: Record<string, any>) => number | string;
  /** Why the target cannot hold this collection (a missing capability); its tests are then skipped with the reason. */
  unavailable?: (s: Session) => Promise<string | undefined>;
}
