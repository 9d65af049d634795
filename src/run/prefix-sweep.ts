/**
 * The prefix sweep: finds on a target what runs of the kit left behind, by the run prefixes they
 * used (from their ledger files), and removes it. Only names that start with such a prefix are
 * touched: `cfk-1a2b3c4d-` users, groups and projects, and broadcast messages whose target_path
 * lies under `/cfk-1a2b3c4d/`. Catches what a killed run created but had not yet recorded.
 *
 *   const removed = await sweepPrefixes(admin, ['cfk-1a2b3c4d']);  // ['user 17 cfk-1a2b3c4d-u-3', ...]
 */
import type { ApiClient } from '../kit/client.ts';

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
  removed: string[];
  failed: string[];
}

export async function sweepPrefixes(admin: ApiClient, prefixes: readonly string[]): Promise<SweepResult> {
  const result: SweepResult = { removed: [], failed: [] };
  const owned = (name: string | undefined) => !!name && prefixes.some((p) => name === p || name.startsWith(`${p}-`));
  const remove = async (label: string, path: string, query?: Record<string, string>) => {
    const res = await admin.delete(path, { query });
    if ((res.status >= 200 && res.status < 300) || res.status === 404) result.removed.push(label);
    else result.failed.push(`${label}: ${res.status || res.error}`);
  };
  const messages = await listAll(admin, '/broadcast_messages', {});
  for (const m of messages) {
    if (prefixes.some((p) => m.target_path?.startsWith(`/${p}/`)))
      await remove(`broadcast_message ${m.id} ${m.target_path}`, `/broadcast_messages/${m.id}`);
  }
  for (const prefix of prefixes) {
    for (const p of await listAll(admin, '/projects', { search: prefix, simple: 'true' })) {
      if (owned(p.path)) await remove(`project ${p.id} ${p.path_with_namespace ?? p.path}`, `/projects/${p.id}`);
    }
    // Top-level groups only: their subgroups go with them.
    for (const g of await listAll(admin, '/groups', { search: prefix, all_available: 'true' })) {
      if (owned(g.path) && g.full_path === g.path) await remove(`group ${g.id} ${g.full_path}`, `/groups/${g.id}`);
    }
    for (const u of await listAll(admin, '/users', { search: prefix })) {
      if (owned(u.username)) await remove(`user ${u.id} ${u.username}`, `/users/${u.id}`, { hard_delete: 'true' });
    }
  }
  return result;
}
