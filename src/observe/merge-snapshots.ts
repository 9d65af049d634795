/**
 * Several observations as one: the judges of one observe (one per worker thread) and the observes
 * of several front-end nodes (`observe --merge-reports`). Counts add up, field by field (whatever
 * counts there are); findings alike (side, operation, clause and, for the server, the check) become
 * one, their counts added, the first snapshot's example kept, a client finding's parameters united
 * up to PARAMETERS_KEPT; each operation's coverage adds up (coverage.ts), and an operation is never
 * seen only where no snapshot saw it.
 *
 *   mergeSnapshots([a, b])   // { counts: a.counts + b.counts, server: [...], client: [...], operations }
 */
import { mergeCoverage } from './coverage.ts';
import {
  addParameter,
  findingOrder,
  neverSeen,
  type ObservationCounts,
  type ObservationSnapshot,
  type ObservedFinding,
} from './observation.ts';

const findingKey = (f: ObservedFinding) =>
  f.side === 'server' ? `${f.side}\u0000${f.operation}\u0000${f.clause}\u0000${f.about}` : `${f.side}\u0000${f.operation}\u0000${f.clause}`;

function mergeFindings(lists: readonly (readonly ObservedFinding[])[]): ObservedFinding[] {
  const byKey = new Map<string, ObservedFinding>();
  for (const list of lists)
    for (const f of list) {
      const had = byKey.get(findingKey(f));
      if (!had) {
        byKey.set(findingKey(f), { ...f, ...(f.parameters ? { parameters: [...f.parameters] } : {}) });
        continue;
      }
      had.count += f.count;
      for (const name of f.parameters ?? []) addParameter(had, name);
      if (f.moreParameters) had.moreParameters = true;
    }
  return [...byKey.values()].sort(findingOrder);
}

export function mergeSnapshots(snapshots: readonly ObservationSnapshot[]): ObservationSnapshot {
  const counts: Record<string, number> = {};
  for (const s of snapshots)
    for (const [name, n] of Object.entries(s.counts)) if (typeof n === 'number') counts[name] = (counts[name] ?? 0) + n;
  const seen = mergeCoverage(snapshots.map((s) => s.operations.seen));
  return {
    counts: counts as unknown as ObservationCounts,
    server: mergeFindings(snapshots.map((s) => s.server)),
    client: mergeFindings(snapshots.map((s) => s.client)),
    operations: {
      seen,
      neverSeen: neverSeen(new Set(seen.map((o) => o.operation))),
    },
  };
}
