/**
 * A DELETE asked twice changes nothing the first did not: the item is gone after the first, so
 * the second asks for a resource that does not exist and answers 404, and the collection the
 * item was in is the same (same ids) before and after it. The first DELETE is set-up (any 2xx);
 * `settled` waits for a deletion the server finishes in the background before the second one.
 *
 *   await deleteTwice(s, {
 *     path: `/projects/${p.id}/variables/${key}`,
 *     collection: () => listedIds(s, `/projects/${p.id}/variables`, 'key'),
 *   });
 */
import { check, requireThat } from './checks.ts';
import type { ApiResponse } from './client.ts';
import type { Session } from './session.ts';
import { PER_PAGE_MAX } from '../spec/limits.ts';

type Id = number | string;

export interface RepeatedDelete {
  /** The item's path under the API root, e.g. `/broadcast_messages/12`. */
  path: string;
  /** The ids of the collection the item was in (the test's own view of it); compared around the second DELETE. */
  collection: () => Promise<readonly Id[]>;
  /** Resolves once the first deletion is done, for a server that deletes in the background. */
  settled?: () => Promise<unknown>;
}

/** The ids (or another identifying field) of one page of up to 100 items at `path`; fails on a non-array answer. */
export async function listedIds(s: Session, path: string, field = 'id', query: Record<string, unknown> = {}): Promise<Id[]> {
  const res = await s.admin.get(path, { query: { per_page: PER_PAGE_MAX, ...query } });
  requireThat(
    res.status === 200 && Array.isArray(res.json),
    `GET ${path} (reading the collection) MUST answer 200 with a JSON array.`,
    '200 and an array',
    res.status,
  );
  return (res.json as Record<string, Id>[]).map((item) => item[field]!);
}

/** The paths among `paths` that still answer a GET by the administrator with 200. */
export async function presentPaths(s: Session, paths: readonly string[]): Promise<string[]> {
  const answers = await Promise.all(paths.map(async (p) => [p, (await s.admin.get(p)).status] as const));
  return answers.filter(([, status]) => status === 200).map(([p]) => p);
}

const sorted = (ids: readonly Id[]) => ids.map(String).sort();

/** Deletes `path` twice as the administrator and judges the second DELETE (see the module comment); returns its answer. */
export async function deleteTwice(s: Session, d: RepeatedDelete): Promise<ApiResponse> {
  const first = await s.admin.delete(d.path);
  requireThat(first.status >= 200 && first.status < 300, `The first DELETE ${d.path} (set-up) MUST succeed.`, '2xx', first.status);
  await d.settled?.();
  const before = sorted(await d.collection());
  const second = await s.admin.delete(d.path);
  check.status(second, 404, 'A second DELETE of an item already deleted asks for a resource that no longer exists: it MUST answer 404.');
  const after = sorted(await d.collection());
  requireThat(
    JSON.stringify(after) === JSON.stringify(before),
    'A second DELETE of an item already deleted MUST leave the rest of its collection as it was (the same ids).',
    before,
    after,
  );
  return second;
}
