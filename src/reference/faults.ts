/**
 * The faults of the reference server: deliberate, realistic bugs the kit's mutation testing
 * switches on at start-up (REFERENCE_FAULTS, the `faults` option), one id each. They are the
 * variations of kind 'fault', declared beside the code they break (`*.variations.ts`, collected
 * in variation/registry.ts); this module only lists and checks them. None is on by default.
 *
 *   const faults = createFaults(['pagination.no-link-last']);
 *   faults.has('pagination.no-link-last'); // true
 *   FAULTS.find((f) => f.id === 'status.create-200')?.description
 */
import { FAULT_VARIATIONS, type FaultId } from './variation/registry.ts';

export type { FaultId } from './variation/registry.ts';

/** Every fault: its id, what the server does with it on, the clause it breaks and the suites that catch it. */
export const FAULTS: readonly { id: FaultId; description: string; clause: string; suites: readonly string[] }[] = FAULT_VARIATIONS.map(
  ({ id, description, clause, suites }) => ({ id, description, clause, suites }),
);

export interface Faults {
  has(id: FaultId): boolean;
  readonly active: ReadonlySet<FaultId>;
}

const KNOWN = new Set<string>(FAULTS.map((f) => f.id));

export function isFaultId(id: string): id is FaultId {
  return KNOWN.has(id);
}

/** Throws on an unknown id: a misspelt fault must not silently test nothing. */
export function createFaults(ids: Iterable<string> = []): Faults {
  const active = new Set<FaultId>();
  for (const id of ids) {
    if (!isFaultId(id)) {
      throw new Error(`Unknown reference fault "${id}". Known: ${[...KNOWN].join(', ')}`);
    }
    active.add(id);
  }
  return { has: (id) => active.has(id), active };
}
