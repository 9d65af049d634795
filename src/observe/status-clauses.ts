/**
 * The clause that states an operation's success status, read from the catalogue: the status clause
 * whose statement starts with the operation ('POST /broadcast_messages ... returns 201'), else the
 * general rule of its kind (a creating POST's 201, a DELETE's 204). None when neither fits: a
 * status of that operation is then not judged (observe never claims a clause it cannot name).
 *
 *   successStatusClause(operationById('createBroadcastMessage'))   // 'broadcast.create.status'
 */
import { CLAUSES } from '../spec/clauses.ts';
import type { Operation } from '../spec/operation.ts';
import { specPath } from '../spec/paths.ts';

/** Path parameters spelled alike (':id', ':id_or_username', ':user_id' all ':_'). */
const shape = (path: string) => path.replace(/:\w+/g, ':_');

const STATUS_CLAUSES = CLAUSES.filter((c) => c.kind === 'status' && c.testable === 'api').map((c) => {
  const m = /^(GET|POST|PUT|DELETE) (\/\S*)/.exec(c.statement);
  return { id: c.id, statement: c.statement, key: m ? `${m[1]} ${shape(m[2]!)}` : undefined };
});

const cache = new Map<string, string | undefined>();

export function successStatusClause(row: Operation): string | undefined {
  const key = `${row.method} ${shape(specPath(row.path))}`;
  if (cache.has(key)) return cache.get(key);
  const own = STATUS_CLAUSES.find((c) => c.key === key && new RegExp(`\\breturns? ${row.success.status}\\b`).test(c.statement));
  const general =
    row.method === 'POST' && row.success.status === 201
      ? 'conv.status.post_201'
      : row.method === 'DELETE' && row.success.status === 204
        ? 'conv.status.delete_204'
        : undefined;
  const clause = own?.id ?? general;
  cache.set(key, clause);
  return clause;
}
