/**
 * The declared variations of success statuses (respond.ts) and of conditional GET (etag.ts): each fault once, with the clause it
 * breaks and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=status.create-200 npm run serve
 */
import type { Variation } from './variation/declaration.ts';

export const STATUS_VARIATIONS = [
  {
    id: 'status.create-200',
    kind: 'fault',
    description: 'every creating POST answers 200 instead of 201',
    clause: 'broadcast.create.status',
    suites: ['broadcast-messages'],
    wire: (p) => ({ ...p, createdStatus: 200 }),
  },
  {
    id: 'status.delete-200',
    kind: 'fault',
    description: 'DELETE answers 200 with the deleted object instead of 204',
    clause: 'broadcast.delete.status',
    suites: ['broadcast-messages'],
    wire: (p) => ({ ...p, deletedAnswer: 'deleted-object' }),
  },
  {
    id: 'conditional.stale-304',
    kind: 'fault',
    description: 'a GET with any If-None-Match answers 304, even when the ETag it names is of an older version (etag.ts)',
    clause: 'variables.update.value',
    suites: ['suites/variables/conditional.test.ts'],
  },
] as const satisfies readonly Variation[];
