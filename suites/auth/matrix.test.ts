/**
 * The authorization matrix (src/spec/authorization-matrix.ts: the operation table in, for every
 * operation and kind of caller the answer the spec requires and its clause out): one test per cell
 * the spec states, one request each, titled with operation and caller, citing the cell's clause.
 * So a server that opens one cell the spec closes fails that cell's test alone, and the failure
 * names the operation (a baseline entry narrowed to an operation excuses exactly that cell).
 * After a refused PUT or DELETE the administrator reads the item: still there, none of the refused
 * body's values applied. The other-item column (ownership isolation) is suites/auth/ownership.test.ts.
 *
 * Callers: anonymous (no credentials), the run's regular user, project members of the role below and
 * at the one the spec names (made for the file), and the administrator with Sudo naming the regular
 * user. Cells on clusters, epics and dependencies are skipped where the target does not offer them;
 * Sudo cells are skipped on a deployed target whose administrator token lacks the sudo scope.
 *
 *   POST /users by a regular user answers 403          -> users.create.non_admin
 *   POST /users by an administrator with Sudo as a regular user answers 403 -> auth.admin_only.403
 */
import { describe } from 'vitest';
import { check, clauseTest, fillAsync, requireThat, type ApiResponse, type ClauseContext, type Session } from '../../src/kit/index.ts';
import type { LedgerKind } from '../../src/kit/ledger.ts';
import { answerCells, CAPABILITY_OF_TAG, cellTitle, type Cell, type Expectation } from '../../src/spec/authorization-matrix.ts';
import { matrixWorld, operationByKey, type MatrixRequest } from './matrix-world.ts';
import table from './matrix-tracks.json' with { type: 'json' };

type AnswerCell = Cell & { expect: Extract<Expectation, { kind: 'answer' }> };

const tracks = new Map(
  (table.cases as { operation: string; track: { kind: LedgerKind; path?: string } }[]).map((c) => [c.operation, c.track]),
);
const world = matrixWorld();

/** Skips a cell of a capability the target does not offer (or the run skips). */
function capabilityOrSkip(ctx: ClauseContext, cell: AnswerCell): void {
  const tag = operationByKey(cell.key).tag;
  const id = CAPABILITY_OF_TAG[tag];
  if (!id) return;
  const state = ctx.s.target.capabilities.find((c) => c.id === id);
  if (state?.probed === 'absent') ctx.skip(`not offered by the target: ${id} (${state.detail})`);
  if (ctx.s.target.skip.includes(id)) ctx.skip(`${id}: declared absent by CONFORMANCE_SKIP`);
  if (id === 'epics' && ctx.s.target.epicsUnavailable)
    ctx.skip('epics are declared unavailable on the target (CONFORMANCE_EPICS_UNAVAILABLE)');
}

/** Sends the cell's request as its caller. */
async function send(ctx: ClauseContext, cell: AnswerCell, r: MatrixRequest): Promise<ApiResponse> {
  const { s } = ctx;
  const options = r.json ? { json: r.json } : {};
  switch (cell.caller) {
    case 'anonymous':
      return s.anon.request(r.method, r.path, options);
    case 'user':
      return s.user.request(r.method, r.path, options);
    case 'sudo': {
      const res = await s.admin.request(r.method, r.path, { ...options, sudo: s.target.user.id, sudoVia: 'header' });
      if (!s.target.bundled && res.status === 403 && res.json?.error === 'insufficient_scope') {
        ctx.skip('The administrator token lacks the sudo scope: give CONFORMANCE_ADMIN_TOKEN the sudo scope to certify the Sudo column.');
      }
      return res;
    }
    default: {
      const role = cell.expect.role;
      if (!role) throw new Error(`authorization matrix: the ${cell.caller} cell of ${cell.operation} names no role`);
      return (await world.member(s, role)).client.request(r.method, r.path, options);
    }
  }
}

/** Tracks what a faulty server created for a refused POST (removed at cleanup). */
async function trackCreated(s: Session, cell: AnswerCell, r: MatrixRequest, res: ApiResponse): Promise<void> {
  const track = tracks.get(cell.key);
  if (typeof res.json?.token === 'string') s.secrets.add(res.json.token);
  if (!track || res.status < 200 || res.status >= 300 || typeof res.json?.id !== 'number') return;
  const path = track.path === undefined ? undefined : await fillAsync(track.path, (name) => (name === 'id' ? res.json.id : r.values(name)));
  s.track(res, track.kind, path, track.kind === 'user' ? { hard_delete: 'true' } : undefined);
}

/** The administrator's reading of what a refused DELETE aimed at: true when it is still there. */
async function stillThere(s: Session, cell: AnswerCell, r: MatrixRequest): Promise<boolean | undefined> {
  const key = cell.key;
  if (key.includes('/identities/')) return undefined; // no read of one identity
  const uid = key.includes('/user') ? await r.values('user_id') : undefined;
  if (key.includes('emails/:email_id')) {
    const id = Number(r.path.split('/').pop());
    const list = await s.admin.get(`/users/${uid}/emails`, { query: { per_page: 100 } });
    return Array.isArray(list.json) && (list.json as { id: number }[]).some((e) => e.id === id);
  }
  const id = r.path.split('/').pop();
  const path = key.startsWith('DELETE /user/keys/')
    ? `/users/${uid}/keys/${id}`
    : key.startsWith('DELETE /user/gpg_keys/')
      ? `/users/${uid}/gpg_keys/${id}`
      : r.path;
  const read = await s.admin.get(path);
  if (key.includes('/impersonation_tokens/')) return read.status === 200 && read.json?.revoked === false;
  return read.status === 200;
}

/** After a refused write: the item is still there (DELETE), none of the refused body's values applied (PUT). */
async function unchanged(s: Session, cell: AnswerCell, r: MatrixRequest, title: string): Promise<void> {
  if (r.method === 'DELETE') {
    const there = await stillThere(s, cell, r);
    if (there !== undefined)
      requireThat(there, `After a refused ${title}, the item MUST still be there.`, 'still there', 'gone or changed');
    return;
  }
  if (r.method !== 'PUT' || !r.json) return;
  // The fields the sample fills with a fresh name: values no other request sent.
  const sample = operationByKey(cell.key).sample ?? {};
  const fresh = Object.keys(sample).filter((k) => typeof sample[k] === 'string' && (sample[k] as string).includes('{name}'));
  const read = await s.admin.get(r.path);
  const applied = fresh.filter((k) => read.json?.[k] === r.json![k]).map((k) => [k, r.json![k]]);
  requireThat(
    applied.length === 0,
    `After a refused ${title}, nothing of its body MUST be applied.`,
    '(unchanged)',
    Object.fromEntries(applied),
  );
}

describe.concurrent('authorization matrix', () => {
  for (const cell of answerCells().filter((c) => c.caller !== 'other-item')) {
    const title = cellTitle(cell);
    clauseTest(cell.expect.clause, title, async (ctx) => {
      ctx.task.meta.conformance!.cell = { operation: cell.operation, caller: cell.caller };
      capabilityOrSkip(ctx, cell);
      const { s } = ctx;
      // "even for a public project": the anonymous dependency list aims at a public one.
      const publicProject = cell.caller === 'anonymous' && operationByKey(cell.key).tag === 'dependencies';
      const r = await world.request(s, cell.key, { publicProject });
      const res = await send(ctx, cell, r);
      if (r.method === 'POST') await trackCreated(s, cell, r, res);
      const status = cell.expect.status;
      check.status(res, [status, ...(cell.expect.also ?? [])], `${title}: the spec requires ${status} (${cell.expect.clause}).`);
      if (status >= 400)
        await unchanged(s, cell, r, `${cell.operation} ${title.slice(cell.operation.length + 1, title.lastIndexOf(' answers'))}`);
    });
  }
});
