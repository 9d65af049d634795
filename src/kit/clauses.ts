/**
 * The clause catalogue (a copy of the spec's clauses.json, kept in step): every suite test cites
 * one clause id from it.
 *
 *   getClause('broadcast.list.status').statement
 *   areaOf('broadcast.list.status')  // 'broadcast'
 */
import catalogue from './clauses.json' with { type: 'json' };

export interface Clause {
  id: string;
  section: string;
  statement: string;
  kind: string;
  testable: 'api' | 'config' | 'no';
  why?: string;
}

export const CLAUSES: readonly Clause[] = catalogue as Clause[];
const byId = new Map(CLAUSES.map((c) => [c.id, c]));

export function findClause(id: string): Clause | undefined {
  return byId.get(id);
}

export function getClause(id: string): Clause {
  const c = byId.get(id);
  if (!c) throw new Error(`Unknown clause id "${id}": it is not in src/kit/clauses.json`);
  return c;
}

export function areaOf(id: string): string {
  return id.split('.')[0] ?? id;
}
