/**
 * What the pagination suite knows of a list endpoint it can fill (collections.ts lists them).
 *
 *   const c: Collection = { name: 'broadcast messages', operationId: 'listBroadcastMessages', path: () => '/broadcast_messages', fill };
 */
import type { Session } from '../../src/kit/index.ts';

export interface Collection {
  name: string;
  /**
   * The list operation of the table (src/spec/operations/) this collection pages through; none for
   * a list of the fixture surface (GET /projects). pagination-coverage.test.ts holds every list
   * operation to a collection or a reason in WITHOUT_COLLECTION.
   */
  operationId?: string;
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
