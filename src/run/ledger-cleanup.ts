/**
 * End-of-run removal of what a ledger lists: deletes in dependency order (what depends on others
 * first, newest first within a kind, each path once), each for good (removal.ts: a project or
 * group the target only marked for deletion is removed with permanently_remove; a user the
 * target is still deleting in the background counts as removed, listed apart), reports what it
 * could not remove, and removes the ledger when nothing is left. Entries of one kind are independent
 * and go side by side, at most `concurrency` at once; a kind finishes before the next starts. Groups
 * go in waves by depth (subgroups before their parents, never beside them), as the ledger records
 * each group's parent; a ledger of an older kit, without parents, removes its groups one by one.
 * What lives under another entry of the ledger (a token of a user, a member of a project or group
 * the run made), or is recorded to go with one (`goesWith`: a top-level group solely owned by a
 * user the run hard-deletes), goes with it: no request of its own, unless its owner could not be
 * removed, in which case it is removed after (issue 21: a request that repeats what the owner's
 * removal does). The run group, top level, goes last of the groups; where the target only marks
 * it and refuses its permanent removal, it is `awaiting` the target's own deletion (not left).
 *
 *   const result = await cleanupLedger(ledgerPath, admin, { concurrency: 8 });  // { removed, gone, deleting, awaiting, failed }
 */
import { rmSync } from 'node:fs';
import type { ApiClient } from '../kit/client.ts';
import { KIND_ORDER, readLedger, type LedgerEntry } from '../kit/ledger.ts';
import { removeForGood, type RemovalOptions, type RemovalOutcome } from './removal.ts';
import { mapBounded } from '../shared/bounded.ts';

export interface CleanupResult {
  removed: LedgerEntry[];
  /** Already gone (404): nothing to do. */
  gone: LedgerEntry[];
  /** Users that still answer, blocked: the target deletes them in a background job (counted as removed). */
  deleting: LedgerEntry[];
  /** Top-level groups the target only marked for deletion and refused to remove at once: it deletes them after its delay. */
  awaiting: { entry: LedgerEntry; reason: string }[];
  /** Still there: why, and the command that finishes the job where one does. */
  failed: { entry: LedgerEntry; status: number; reason: string; command?: string }[];
}

export interface CleanupOptions extends RemovalOptions {
  /** Removals in flight at once within a wave (default 1: one after the other). */
  concurrency?: number;
}

/** Groups by depth, deepest first, each wave newest first; one group a wave when a parent is not recorded. */
function groupWaves(groups: LedgerEntry[]): LedgerEntry[][] {
  if (groups.some((g) => g.parent === undefined)) return groups.map((g) => [g]);
  const byId = new Map(groups.map((g) => [g.id, g]));
  const depth = (g: LedgerEntry, seen = new Set<number>()): number => {
    const parent = g.parent === null || g.parent === undefined ? undefined : byId.get(g.parent);
    if (!parent || seen.has(g.id)) return 0;
    seen.add(g.id);
    return 1 + depth(parent, seen);
  };
  const waves: LedgerEntry[][] = [];
  for (const g of groups) (waves[depth(g)] ??= []).push(g);
  return waves.filter(Boolean).reverse();
}

/** Kinds whose removal takes what lives under their path along (a user's tokens, a project's or group's members). */
const OWNERS: ReadonlySet<LedgerEntry['kind']> = new Set(['user', 'project', 'group']);

/** Whether removing `owner` takes `e` along: a user's hard deletion takes the groups it solely owns. */
const takesAlong = (owner: LedgerEntry | undefined, e: LedgerEntry) =>
  e.kind !== 'group' || (owner?.kind === 'user' && owner.query?.hard_delete === 'true');

/** The ledger entry `e` lives under (its path below the owner's) or goes with (`goesWith`), if the ledger holds one. */
function ownerOf(e: LedgerEntry, owners: ReadonlyMap<string, LedgerEntry>): LedgerEntry | undefined {
  if (e.goesWith !== undefined) {
    const owner = owners.get(e.goesWith);
    return owner && takesAlong(owner, e) ? owner : undefined;
  }
  if (OWNERS.has(e.kind)) return undefined;
  const owner = /^\/(users|projects|groups)\/\d+(?=\/)/.exec(e.path)?.[0];
  return owner === undefined ? undefined : owners.get(owner);
}

/** Deletes every ledger entry, dependency order first, newest first within a kind; independent ones side by side. */
export async function cleanupLedger(file: string, admin: ApiClient, options: CleanupOptions = {}): Promise<CleanupResult> {
  const entries = readLedger(file);
  const seen = new Set<string>();
  const ordered = entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.e.kind) - KIND_ORDER.indexOf(b.e.kind) || b.i - a.i)
    .map(({ e }) => e)
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
  const owners = new Map(ordered.filter((e) => OWNERS.has(e.kind)).map((e) => [e.path, e]));
  // What goes with its owner waits for the owner's outcome.
  const ownerPaths = new Map<LedgerEntry, string>();
  for (const e of ordered) {
    const owner = ownerOf(e, owners);
    if (owner) ownerPaths.set(e, owner.path);
  }
  const waves = KIND_ORDER.flatMap((kind) => {
    const ofKind = ordered.filter((e) => e.kind === kind && !ownerPaths.has(e));
    if (!ofKind.length) return [];
    return kind === 'group' ? groupWaves(ofKind) : [ofKind];
  });
  const result: CleanupResult = { removed: [], gone: [], deleting: [], awaiting: [], failed: [] };
  const remove = async (wave: LedgerEntry[]) => {
    const outcomes = await mapBounded(wave, options.concurrency ?? 1, (entry): Promise<RemovalOutcome> =>
      // The client gave up on a target that keeps throttling (KitError TARGET_THROTTLING): the entry stays in the ledger.
      removeForGood(admin, entry, options).catch((e: unknown) => ({ result: 'left' as const, status: 0, reason: (e as Error).message })),
    );
    wave.forEach((entry, i) => {
      const outcome = outcomes[i]!;
      if (outcome.result === 'left')
        result.failed.push({ entry, status: outcome.status, reason: outcome.reason, command: outcome.command });
      else if (outcome.result === 'awaiting') result.awaiting.push({ entry, reason: outcome.reason });
      else result[outcome.result].push(entry);
    });
  };
  for (const wave of waves) await remove(wave);
  // Gone with their owner, or removed now that the owner is left on the target.
  const leftOwners = new Set(result.failed.map((f) => f.entry.path));
  const orphans: LedgerEntry[] = [];
  for (const [entry, owner] of ownerPaths) (leftOwners.has(owner) ? orphans : result.removed).push(entry);
  if (orphans.length) await remove(orphans);
  if (result.failed.length === 0) rmSync(file, { force: true });
  return result;
}
