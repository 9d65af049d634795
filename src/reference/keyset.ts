/**
 * Keyset pagination (only GET /projects with order_by=id): per_page items after (asc) or
 * before (desc) the id in id_after / id_before; a Link (and the legacy Links) header with
 * rel="next" while the page is not empty; no X-* offset headers.
 *
 *   if (isKeyset(query)) return keysetPaginate(request, reply, projects, sort).map(view);
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf } from './context.ts';
import { linkUrl, queryOf, readPerPage, sendHeaders } from './pagination.ts';

const CURSOR_PARAMS = new Set(['id_after', 'id_before', 'page']);

export function isKeyset(query: Record<string, unknown>): boolean {
  return query.pagination === 'keyset';
}

/**
 * `items` are already filtered (id_after / id_before applied) and ordered by id in `sort`
 * order; returns the first page and sets the next link.
 */
export function keysetPaginate<T extends { id: number }>(
  request: FastifyRequest,
  reply: FastifyReply,
  items: readonly T[],
  sort: 'asc' | 'desc',
): T[] {
  const policy = ctxOf(request).variations.paging;
  const perPage = policy.keysetPerPage(queryOf(request), readPerPage);
  const page = items.slice(0, perPage);
  const last = page[page.length - 1];
  const total = items.length;
  sendHeaders(reply, policy.keysetHeaders({ page: 1, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) }));
  if (last) {
    const cursor: [string, number] = sort === 'asc' ? ['id_after', last.id] : ['id_before', last.id];
    const next = `<${linkUrl(request, CURSOR_PARAMS, [cursor])}>; rel="next"`;
    reply.header('link', next);
    reply.header('links', next);
  }
  return page;
}
