/**
 * Offset pagination shared by every list: page / per_page checks, the X-* headers and the Link
 * header (prev, next, first, last), with absolute URLs that keep the request's other query
 * parameters and never carry a token. Written as the spec says; declared variations change the
 * page through the paging policy (variation/paging-policy.ts), never here.
 *
 *   return paginate(request, reply, messages).map(view);   // messages: the whole, ordered list
 *   paginate(request, reply, new TableOrder(table, 'desc'));                // O(page)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LARGE_COLLECTION, PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../spec/limits.ts';
import { ctxOf, requestHost } from './context.ts';
import { fail } from './errors.ts';
import type { PageFacts, PageHeaders } from './variation/paging-policy.ts';

const TOKEN_PARAMS = new Set(['private_token', 'access_token']);

function integerOrInvalid(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\s*[+-]?\d+\s*$/.test(raw)) fail('invalid_parameter', `${name} is invalid`);
  const n = Number(raw.trim());
  if (!Number.isSafeInteger(n)) fail('invalid_parameter', `${name} is invalid`);
  return n;
}

/** per_page: default 20, over 100 clamps to 100, 0 is a 400, negative falls back to 20. */
export function readPerPage(query: Record<string, unknown>): number {
  const perPage = integerOrInvalid(query.per_page, 'per_page');
  if (perPage === undefined || perPage < 0) return PER_PAGE_DEFAULT;
  if (perPage === 0) fail('invalid_parameter', 'per_page does not have a valid value');
  return Math.min(perPage, PER_PAGE_MAX);
}

/** page: default 1, below 1 is 1. */
export function readPage(query: Record<string, unknown>): number {
  const page = integerOrInvalid(query.page, 'page');
  return page === undefined || page < 1 ? PAGE_DEFAULT : page;
}

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/** The decoded name of a query pair (a + is a space; bad percent-encoding is kept as written). */
function keyOf(pair: string): string {
  const eq = pair.indexOf('=');
  const name = eq < 0 ? pair : pair.slice(0, eq);
  if (!name.includes('%') && !name.includes('+')) return name;
  const raw = name.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The request's URL (absolute, http, from the Host header) with the query pairs named in
 * `drop` removed and `set` appended; tokens are never copied.
 */
export function linkUrl(request: FastifyRequest, drop: ReadonlySet<string>, set: ReadonlyArray<[string, string | number]>): string {
  const head = linkHead(request, ctxOf(request).variations.paging.linksKeepQuery, drop);
  if (set.length === 0) return head.endsWith('&') ? head.slice(0, -1) : head;
  return head + set.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
}

/**
 * What every link of one answer shares: the URL up to and including the separator before the
 * parameters a link sets (the request's own pairs kept, those in `drop` and tokens removed).
 * No closure per request: the server runs its TypeScript through tsx, which names each one.
 */
function linkHead(request: FastifyRequest, keepOthers: boolean, drop: ReadonlySet<string>): string {
  const url = request.url;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  let head = `http://${requestHost(request)}${path}?`;
  if (!keepOthers) return head;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const key = keyOf(pair);
    if (!drop.has(key) && !TOKEN_PARAMS.has(key)) head += `${pair}&`;
  }
  return head;
}

const PAGE_PARAMS = new Set(['page', 'per_page']);

/**
 * What paginate reads: the whole ordered list (an array), or a view of an ordered index that
 * answers one slice without building the rest (a store table's `slice`), so a deep page costs
 * no more than the first.
 */
export interface Ordered<T> {
  readonly length: number;
  slice(start: number, end: number): T[];
}

/** A store table in its id order, ascending or descending, as paginate reads it: O(page) per slice. */
export class TableOrder<T> implements Ordered<T> {
  constructor(
    private readonly table: { readonly size: number; slice(start: number, end: number, order?: 'asc' | 'desc'): T[] },
    private readonly order: 'asc' | 'desc',
  ) {}
  get length(): number {
    return this.table.size;
  }
  slice(start: number, end: number): T[] {
    return this.table.slice(start, end, this.order);
  }
}

/** Sets the offset-pagination headers and returns the requested page of `items`. */
export function paginate<T>(request: FastifyRequest, reply: FastifyReply, items: Ordered<T>): T[] {
  const ctx = ctxOf(request);
  const policy = ctx.variations.paging;
  const query = queryOf(request);
  const page = readPage(query);
  const perPage = query.per_page === undefined && ctx.has('pagination.per-page-default-50') ? 50 : readPerPage(query);
  const total = items.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const facts: PageFacts = { page, perPage, total, totalPages };
  const outOfRange = page > totalPages;
  const start = (page - 1) * perPage;
  const { from, end } = policy.window({ from: start, end: start + perPage }, facts);
  const slice = from >= total || end <= from ? [] : items.slice(from, end);
  const next = !outOfRange && page < totalPages ? page + 1 : undefined;
  const prev = !outOfRange && page > 1 ? page - 1 : undefined;
  const large = policy.largeCollectionRule && total > LARGE_COLLECTION;

  const links = policy.links({ prev, next, first: 1, last: large ? undefined : totalPages }, facts);
  const head = linkHead(request, policy.linksKeepQuery, PAGE_PARAMS);
  const tail = policy.linksKeepPerPage ? `&per_page=${perPage}` : '';
  const link: string[] = [];
  if (links.prev !== undefined) link.push(`<${head}page=${links.prev}${tail}>; rel="prev"`);
  if (links.next !== undefined) link.push(`<${head}page=${links.next}${tail}>; rel="next"`);
  link.push(`<${head}page=${links.first}${tail}>; rel="first"`);
  if (links.last !== undefined) link.push(`<${head}page=${links.last}${tail}>; rel="last"`);

  const headers = policy.headers(
    {
      ...(large ? {} : { 'x-total': String(total), 'x-total-pages': String(totalPages) }),
      'x-per-page': String(perPage),
      'x-page': String(page),
      'x-next-page': next === undefined ? '' : String(next),
      'x-prev-page': prev === undefined ? '' : String(prev),
    },
    facts,
  );
  sendHeaders(reply, headers);
  reply.header('link', link.join(', '));
  return slice;
}

/** Writes the offset headers present, in their order. */
export function sendHeaders(reply: FastifyReply, headers: PageHeaders): void {
  for (const name in headers) {
    const value = headers[name as keyof PageHeaders];
    if (value !== undefined) reply.header(name, value);
  }
}
