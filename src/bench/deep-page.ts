/**
 * Measurement 3: median latency of a deep page of GET /users against the first page, on a
 * reference holding N generated users (100,000 by default). Requests alternate first/deep on
 * one connection. Target: the deep page at most 2x the first (a list must not cost O(n) per
 * request). The deep page is checked to be full first, so an empty page past the end cannot
 * pass for a fast one.
 *
 *   const m = await deepPageLatency({ apiUrl, token, users: 100_000, samples: 400, log });
 */
import { request } from 'undici';
import { KitError } from '../shared/errors.ts';
import { interleavedMedians } from './latency.ts';
import { judge, round, type Measurement } from './measurement.ts';

export interface DeepPageOptions {
  apiUrl: string;
  token: string;
  /** Generated users on the server (the administrator comes on top). */
  users: number;
  samples: number;
  log: (line: string) => void;
}

const PER_PAGE = 20;

/** The deep page: two pages before the last full one (page 4999 of 5001 for 100,000 users). */
export function deepPageNumber(users: number): number {
  return Math.max(1, Math.floor((users + 1) / PER_PAGE) - 1);
}

export async function deepPageLatency(o: DeepPageOptions): Promise<Measurement> {
  const headers = { 'private-token': o.token };
  const deep = deepPageNumber(o.users);
  const first = `/users?per_page=${PER_PAGE}&page=1`;
  const deepPath = `/users?per_page=${PER_PAGE}&page=${deep}`;
  const check = await request(`${o.apiUrl}${deepPath}`, { headers });
  const body = (await check.body.json()) as unknown[];
  if (check.statusCode !== 200 || !Array.isArray(body) || body.length !== PER_PAGE || check.headers['x-total'] !== String(o.users + 1)) {
    throw new KitError(
      'BENCH_FAILED',
      `GET ${deepPath} is not a full page of ${o.users + 1} users (status ${check.statusCode}, ${Array.isArray(body) ? body.length : '?'} items, X-Total ${check.headers['x-total']})`,
    );
  }
  const m = await interleavedMedians(o.apiUrl, [first, deepPath], { headers, samples: o.samples, warmup: Math.ceil(o.samples / 10) });
  const a = m[first]!;
  const b = m[deepPath]!;
  o.log(`  page 1: median ${round(a.medianMs, 3)} ms; page ${deep}: median ${round(b.medianMs, 3)} ms (${o.samples} each)`);
  return judge({
    id: 'deep-page',
    title: `GET /users page ${deep} / page 1 median latency (${o.users} users)`,
    value: round(b.medianMs / a.medianMs),
    unit: 'x',
    target: { op: '<=', value: 2 },
    summary: `median ${round(b.medianMs, 3)} vs ${round(a.medianMs, 3)} ms, ${o.samples} interleaved requests each`,
    details: { users: o.users, perPage: PER_PAGE, deepPage: deep, first: a, deep: b },
  });
}
