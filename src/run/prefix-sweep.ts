/**
 * The prefix sweep: finds on a target what runs of the kit left behind, by the run prefixes they
 * used (from their ledger files), and removes it. Only names that start with such a prefix are
 * touched: `cfk-1a2b3c4d-` users, groups and projects, and broadcast messages whose target_path
 * lies under `/cfk-1a2b3c4d/`. Catches what a killed run created but had not yet recorded. Each
 * is removed for good (removal.ts): what the target only marked for deletion is removed with
 * permanently_remove; users it still deletes in the background are listed apart.
 *
 *   const { removed, deleting, failed } = await sweepPrefixes(admin, ['cfk-1a2b3c4d']);  // removed: ['user 17 cfk-1a2b3c4d-u-3', ...]
 */
import type { ApiClient } from '../kit/client.ts';
import type { LedgerKind } from '../kit/ledger.ts';
import { removeForGood, type RemovalOptions } from './removal.ts';

interface Item {
  id: number;
  username?: string;
  path?: string;
  full_path?: string;
  path_with_namespace?: string;
  target_path?: string;
}

/** Every item of a list (per_page 100, following X-Next-Page), at most `cap` pages. */
async function listAll(admin: ApiClient, path: string, query: Record<string, string>, cap = 50): Promise<Item[]> {
  const out: Item[] = [];
  for (let page = 1; page <= cap; page++) {
    const res = await admin.get(path, { query: { ...query, per_page: '100', page: String(page) } });
    if (res.status !== 200 || !Array.isArray(res.json)) break;
    out.push(...(res.json as Item[]));
    if (!res.headers['x-next-page'] || (res.json as unknown[]).length < 100) break;
  }
  return out;
}

export interface SweepResult {
  /** Removed, or already gone. */
  removed: string[];
  /** Users that still answer, blocked: the target deletes them in a background job (count them as removed). */
  deleting: string[];
  /** Still there: why, and the command that finishes the job where one does. */
  failed: { what: string; reason: string; command?: string }[];
}

export interface SweepOptions extends RemovalOptions {
  /** Paths the ledger cleanup already dealt with (users it left in background deletion still show): not touched again, not counted twice. */
  handled?: ReadonlySet<string>;
}

export async function sweepPrefixes(admin: ApiClient, prefixes: readonly string[], options: SweepOptions = {}): Promise<SweepResult> {
  const result: SweepResult = { removed: [], deleting: [], failed: [] };
  const owned = (name: string | undefined) => !!name && prefixes.some((p) => name === p || name.startsWith(`${p}-`));
  const remove = async (label: string, kind: LedgerKind, path: string, query?: Record<string, string>) => {
    if (options.handled?.has(path)) return;
    const outcome = await removeForGood(admin, { kind, path, query }, options);
    if (outcome.result === 'deleting') result.deleting.push(label);
    else if (outcome.result !== 'left') result.removed.push(label);
    else result.failed.push({ what: label, reason: `${outcome.status || 'no answer'} ${outcome.reason}`, command: outcome.command });
  };
  const messages = await listAll(admin, '/broadcast_messages', {});
  for (const m of messages) {
    if (prefixes.some((p) => m.target_path?.startsWith(`/${p}/`)))
      await remove(`broadcast_message ${m.id} ${m.target_path}`, 'broadcast_message', `/broadcast_messages/${m.id}`);
  }
  for (const prefix of prefixes) {
    // Projects and groups the target only marked for deletion keep the prefix (renamed <path>-deletion_scheduled-<id>).
    for (const p of await listAll(admin, '/projects', { search: prefix, simple: 'true' })) {
      if (owned(p.path)) await remove(`project ${p.id} ${p.path_with_namespace ?? p.path}`, 'project', `/projects/${p.id}`);
    }
    // Top-level groups only: their subgroups go with them.
    for (const g of await listAll(admin, '/groups', { search: prefix, all_available: 'true' })) {
      if (owned(g.path) && g.full_path === g.path) await remove(`group ${g.id} ${g.full_path}`, 'group', `/groups/${g.id}`);
    }
    for (const u of await listAll(admin, '/users', { search: prefix })) {
      if (owned(u.username)) await remove(`user ${u.id} ${u.username}`, 'user', `/users/${u.id}`, { hard_delete: 'true' });
    }
  }
  return result;
}
