/**
 * The fault catalogue: realistic bugs the reference server can switch on at start-up
 * (REFERENCE_FAULTS=id,id or the `faults` option), each tied to the clause it breaks and to the
 * suites that must catch it. The kit proves its teeth by failing the reference with each one.
 * Derived from the reference's fault declarations (the `*.variations.ts` modules of src/reference): adding a
 * fault there adds it here.
 *
 *   CATALOGUE.find((f) => f.id === 'status.create-200')?.clause  // 'broadcast.create.status'
 */
import { FAULTS } from '../reference/faults.ts';

export interface Fault {
  id: string;
  /** The clause the fault breaks (a test citing it must fail). */
  clause: string;
  /** Suites enough to catch it: folders or files under suites/ ('errors', 'suites/users/states.test.ts'). */
  suites: string[];
}

export const CATALOGUE: readonly Fault[] = FAULTS.map(({ id, clause, suites }) => ({ id, clause, suites: [...suites] }));
