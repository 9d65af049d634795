/**
 * The view each GET of the spec answers, where it does not depend on the caller, derived from
 * the operation table: the kit's response checks validate every such 200 against its schema,
 * whatever test made the request, and cite the clause that states the shape.
 *
 *   viewOf('/user/keys/7')          // { schema: 'ssh-key', array: false, clause: 'keys.field.shape' }
 *   viewOf('/users/3/emails')       // { schema: 'email', array: true, clause: 'emails.field.shape' }
 *   viewOf('/users/3')              // undefined: the view depends on the caller
 */
import type { Operation } from './operation.ts';
import { OPERATIONS } from './operations/index.ts';
import { pathPattern } from './paths.ts';

export interface RouteView {
  /** Schema name (schemas/<schema>.json) of the body, or of each item when `array`. */
  schema: string;
  array: boolean;
  /** The clause stating that shape; undefined where no single clause states the whole view. */
  clause?: string;
}

/** The view of an operation's success body, when it is one view the caller does not change. */
export function successView(o: Operation): RouteView | undefined {
  const { view, clause, clauseView } = o.success;
  if (typeof view !== 'string') return undefined;
  return { schema: clauseView ?? view, array: Boolean(o.list), ...(clause !== undefined ? { clause } : {}) };
}

const ROUTES: readonly (readonly [RegExp, RouteView])[] = OPERATIONS.flatMap((o) => {
  const view = o.method === 'GET' ? successView(o) : undefined;
  return view ? [[pathPattern(o.path), view] as const] : [];
});

/** Every clause a view cites. */
export const VIEW_CLAUSES: readonly string[] = [...new Set(ROUTES.flatMap(([, v]) => (v.clause ? [v.clause] : [])))];

/** The view of a GET path (under /api/v4, without the query), or undefined when unknown or caller-dependent. */
export function viewOf(path: string): RouteView | undefined {
  for (const [re, view] of ROUTES) if (re.test(path)) return view;
  return undefined;
}
