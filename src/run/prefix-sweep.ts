/**
 * The prefix sweep: finds on a target what runs of the kit left behind, by the run prefixes they
 * used (from their ledger files), and removes it. Only names that start with such a prefix are
 * touched: `cfk-1a2b3c4d-` users, groups and projects, and broadcast messages whose target_path
 * lies under `/cfk-1a2b3c4d/`. Catches what a killed run created but had not yet recorded. Each
 * is removed for good (removal.ts): what the target only marked for deletion is removed with
 * permanently_remove; users it still deletes in the background are listed apart, and so are
 * top-level groups (the run group) that it only marked and will delete after its delay. Groups go
 * deepest first, in waves by depth (a subgroup can be removed for good, a top-level group maybe
 * not: deleting the run group first would only mark what it holds). The lists are read side by
 * side, and the removals of one kind or depth too (at most `concurrency` requests at once).
 *
 *   const { removed, deleting, awaiting, failed } = await sweepPrefixes(admin, ['cfk-1a2b3c4d'], { concurrency: 8 });  // removed: ['user 17 cfk-1a2b3c4d-u-3', ...]
 */
import type { ApiClient } from '../kit/client.ts';
import type { LedgerKind } from '../kit/ledger.ts';
import { removeForGood, type RemovalOptions } from './removal.ts';
import { mapBounded } from '../shared/bounded.ts';

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
  /** Top-level groups the target only marked and refused to remove at once: it deletes them after its delay. */
  awaiting: { what: string; reason: string }[];
  /** Still there: why, and the command that finishes the job where one does. */
  failed: { what: string; reason: string; command?: string }[];
}

export interface SweepOptions extends RemovalOptions {
  /** Paths the ledger cleanup already dealt with (users it left in background deletion still show): not touched again, not counted twice. */
  handled?: ReadonlySet<string>;
  /** Requests in flight at once: the lists are read side by side, and the removals of one kind (default 1). */
  concurrency?: number;
}

interface Found {
  label: string;
  kind: LedgerKind;
  path: string;
  query?: Record<string, string>;
}

export async function sweepPrefixes(admin: ApiClient, prefixes: readonly string[], options: SweepOptions = {}): Promise<SweepResult> {
  const result: SweepResult = { removed: [], deleting: [], awaiting: [], failed: [] };
  const owned = (name: string | undefined) => !!name && prefixes.some((p) => name === p || name.startsWith(`${p}-`));
  const limit = options.concurrency ?? 1;
  const remove = async ({ label, kind, path, query }: Found) => {
    const outcome = await removeForGood(admin, { kind, path, query }, options);
    if (outcome.result === 'deleting') result.deleting.push(label);
    else if (outcome.result === 'awaiting') result.awaiting.push({ what: label, reason: outcome.reason });
    else if (outcome.result !== 'left') result.removed.push(label);
    else result.failed.push({ what: label, reason: `${outcome.status || 'no answer'} ${outcome.reason}`, command: outcome.command });
  };
  // The lists are independent reads: side by side (each walks its own pages in order), each read keeping its kind.
  type Listed = 'message' | 'project' | 'group' | 'user';
  const reads: { listed: Listed; path: string; query: Record<string, string> }[] = [
    { listed: 'message', path: '/broadcast_messages', query: {} },
    // Projects and groups the target only marked for deletion keep the prefix (renamed <path>-deletion_scheduled-<id>).
    ...prefixes.map((prefix) => ({ listed: 'project' as const, path: '/projects', query: { search: prefix, simple: 'true' } })),
    ...prefixes.map((prefix) => ({ listed: 'group' as const, path: '/groups', query: { search: prefix, all_available: 'true' } })),
    ...prefixes.map((prefix) => ({ listed: 'user' as const, path: '/users', query: { search: prefix } })),
  ];
  const read = await mapBounded(reads, limit, async (r) => ({ listed: r.listed, items: await listAll(admin, r.path, r.query) }));
  const of = (listed: Listed) => read.filter((r) => r.listed === listed).flatMap((r) => r.items);
  const [messages, projects, groups, users] = [of('message'), of('project'), of('group'), of('user')];
  // One kind after the other, in dependency order; within a kind (a depth, for groups), side by side.
  const depth = (g: Item) => String(g.full_path ?? g.path).split('/').length;
  const ownGroups = groups.filter((g) => owned(g.path));
  const depths = [...new Set(ownGroups.map(depth))].sort((a, b) => b - a);
  const kinds: Found[][] = [
    messages
      .filter((m) => prefixes.some((p) => m.target_path?.startsWith(`/${p}/`)))
      .map((m) => ({
        label: `broadcast_message ${m.id} ${m.target_path}`,
        kind: 'broadcast_message',
        path: `/broadcast_messages/${m.id}`,
      })),
    projects
      .filter((p) => owned(p.path))
      .map((p) => ({ label: `project ${p.id} ${p.path_with_namespace ?? p.path}`, kind: 'project', path: `/projects/${p.id}` })),
    // Subgroups before their parents: the deepest first.
    ...depths.map((d) =>
      ownGroups
        .filter((g) => depth(g) === d)
        .map((g): Found => ({ label: `group ${g.id} ${g.full_path}`, kind: 'group', path: `/groups/${g.id}` })),
    ),
    users
      .filter((u) => owned(u.username))
      .map((u) => ({ label: `user ${u.id} ${u.username}`, kind: 'user', path: `/users/${u.id}`, query: { hard_delete: 'true' } })),
  ];
  for (const found of kinds) {
    const seen = new Set<string>();
    const todo = found.filter((f) => !options.handled?.has(f.path) && !seen.has(f.path) && seen.add(f.path));
    await mapBounded(todo, limit, remove);
  }
  return result;
}
