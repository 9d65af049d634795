/**
 * The clause catalogue (clauses.json, a copy of the spec's ../shared/spec/clauses.json kept in
 * step): every suite test cites one clause id from it; the report shows every clause's status;
 * the run's skippable areas are the first segments of its ids.
 *
 *   getClause('broadcast.list.status').statement
 *   areaOf('broadcast.list.status')  // 'broadcast'
 *   AREAS.includes('users')          // true
 *   getClause('no.such.id')          // throws KitError UNKNOWN_CLAUSE
 */
import { KitError } from '../shared/errors.ts';
import catalogue from './clauses.json' with { type: 'json' };

export interface Clause {
  id: string;
  /** The spec's section the clause comes from. */
  section: string;
  statement: string;
  kind: string;
  /** 'api': testable through the API; 'config': only on a server set up for it; 'no': not through the API. */
  testable: 'api' | 'config' | 'no';
  /** Why it is not testable through the API. */
  why?: string;
}

export const CLAUSES: readonly Clause[] = catalogue as Clause[];
const byId = new Map(CLAUSES.map((c) => [c.id, c]));

export function findClause(id: string): Clause | undefined {
  return byId.get(id);
}

export function getClause(id: string): Clause {
  const c = byId.get(id);
  if (!c) throw new KitError('UNKNOWN_CLAUSE', `Unknown clause id "${id}": it is not in src/spec/clauses.json`);
  return c;
}

/** The area of a clause: the first segment of its id ('users' for users.block.status). */
export function areaOf(id: string): string {
  return id.split('.')[0] || id;
}

/** Every area of the catalogue, in the catalogue's order: what CONFORMANCE_SKIP may name besides capabilities. */
export const AREAS: readonly string[] = [...new Set(CLAUSES.map((c) => areaOf(c.id)))];
