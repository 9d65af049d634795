/**
 * The declared variations of offset and keyset pagination (pagination.ts, keyset.ts): each fault
 * once, with the clause it breaks and the suites that catch it, and the capability its server
 * option switches on. Behaviour a declaration carries is applied at the shared variation points;
 * the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=pagination.no-link-last npm run serve
 */
import type { Variation } from './variation/declaration.ts';
import { withHeader as patch, withoutHeader as without } from './variation/paging-policy.ts';
import type { SendTransform } from './variation/wire-policy.ts';

/** The offset-pagination table, run in three files (suites/pagination/offset-table.ts). */
const OFFSET_TABLE = ['suites/pagination/offset.test.ts', 'suites/pagination/offset-b.test.ts', 'suites/pagination/offset-c.test.ts'];

/** Where pagination.counts-dropped-over-1000 stops counting: a tenth of the spec's LARGE_COLLECTION. */
const COUNTS_CUT = 1_000;

/** Link URLs written without their host (`http:///api/v4/...`), as a server whose host setting is empty writes them. */
const linksWithoutHost: SendTransform = (reply, payload) => {
  const link = reply.getHeader('link');
  if (typeof link === 'string') reply.header('link', link.replace(/<(https?:\/\/)[^/?#>]*/g, '<$1'));
  return payload;
};

export const PAGINATION_VARIATIONS = [
  {
    id: 'pagination.no-link-last',
    kind: 'fault',
    description: 'the Link header has no rel="last"',
    clause: 'conv.pagination.link_last',
    suites: ['pagination'],
    paging: (p) => ({ ...p, links: (l, f) => ({ ...p.links(l, f), last: undefined }) }),
  },
  {
    id: 'pagination.x-total-off-by-one',
    kind: 'fault',
    description: 'X-Total is one more than the number of items',
    clause: 'conv.pagination.x_total',
    suites: ['pagination'],
    paging: (p) => ({ ...p, headers: (h, f) => patch(p.headers(h, f), 'x-total', String(f.total + 1)) }),
  },
  {
    id: 'pagination.link-drops-filters',
    kind: 'fault',
    description: 'Link URLs lose the other query parameters',
    clause: 'conv.pagination.link_follow',
    suites: ['pagination'],
    paging: (p) => ({ ...p, linksKeepQuery: false }),
  },
  {
    id: 'pagination.next-on-last-page',
    kind: 'fault',
    description: 'the last page also links rel="next" (to the page after it)',
    clause: 'conv.pagination.link_next',
    suites: OFFSET_TABLE,
    paging: (p) => ({
      ...p,
      links: (l, f) => {
        const links = p.links(l, f);
        return links.next === undefined && f.page === f.totalPages ? { ...links, next: f.page + 1 } : links;
      },
    }),
  },
  {
    id: 'pagination.link-drops-per-page',
    kind: 'fault',
    description: 'Link URLs lose per_page (the other query parameters are kept)',
    clause: 'conv.pagination.link_follow',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, linksKeepPerPage: false }),
  },
  {
    id: 'pagination.link-first-current-page',
    kind: 'fault',
    description: 'rel="first" names the page requested instead of page 1 (a link that leads to the wrong page)',
    clause: 'conv.pagination.link_first',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, links: (l, f) => ({ ...p.links(l, f), first: f.page }) }),
  },
  {
    id: 'pagination.link-without-host',
    kind: 'fault',
    description:
      'Link URLs are written without a host (http:///api/v4/...), as a server whose host setting is empty writes them: no client can follow them',
    clause: 'conv.pagination.link_first',
    suites: OFFSET_TABLE,
    wire: (p) => ({ ...p, onSend: [...p.onSend, linksWithoutHost] }),
  },
  {
    id: 'pagination.page-two-repeats-first',
    kind: 'fault',
    description: 'page 2 returns the items of page 1',
    clause: 'conv.pagination.page_param',
    suites: OFFSET_TABLE,
    paging: (p) => ({
      ...p,
      window: (w, f) => {
        const window = p.window(w, f);
        return f.page === 2 ? { from: 0, end: window.end - window.from } : window;
      },
    }),
  },
  {
    id: 'pagination.no-x-total-pages',
    kind: 'fault',
    description: 'the X-Total-Pages header is not sent',
    clause: 'conv.pagination.x_total_pages',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => without(p.headers(h, f), 'x-total-pages') }),
  },
  {
    id: 'pagination.no-x-per-page',
    kind: 'fault',
    description: 'the X-Per-Page header is not sent',
    clause: 'conv.pagination.x_per_page',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => without(p.headers(h, f), 'x-per-page') }),
  },
  {
    id: 'pagination.x-page-zero-based',
    kind: 'fault',
    description: 'X-Page counts from 0 (page 1 says X-Page: 0)',
    clause: 'conv.pagination.x_page',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => patch(p.headers(h, f), 'x-page', String(f.page - 1)) }),
  },
  {
    id: 'pagination.no-x-next-page',
    kind: 'fault',
    description: 'the X-Next-Page header is not sent',
    clause: 'conv.pagination.x_next_page',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => without(p.headers(h, f), 'x-next-page') }),
  },
  {
    id: 'pagination.no-x-prev-page',
    kind: 'fault',
    description: 'the X-Prev-Page header is not sent',
    clause: 'conv.pagination.x_next_page',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => without(p.headers(h, f), 'x-prev-page') }),
  },
  {
    id: 'pagination.no-x-total',
    kind: 'fault',
    description:
      'the X-Total header is not sent, though X-Total-Pages and rel="last" are (not the over-10,000 rule, which drops all three)',
    clause: 'conv.pagination.x_total',
    suites: OFFSET_TABLE,
    paging: (p) => ({ ...p, headers: (h, f) => without(p.headers(h, f), 'x-total') }),
  },
  {
    id: 'pagination.x-next-page-on-last',
    kind: 'fault',
    description: 'the last page names a next page in X-Next-Page (the page after it); rel="next" stays right',
    clause: 'conv.pagination.x_next_page',
    suites: OFFSET_TABLE,
    paging: (p) => ({
      ...p,
      headers: (h, f) => (f.page === f.totalPages ? patch(p.headers(h, f), 'x-next-page', String(f.page + 1)) : p.headers(h, f)),
    }),
  },
  {
    id: 'pagination.per-page-default-50',
    kind: 'fault',
    description: 'a list that does not ask for per_page gets 50 items a page and X-Per-Page: 50 (a page-size setting of 50)',
    clause: 'limits.pagination.per_page_default',
    suites: OFFSET_TABLE,
  },
  {
    id: 'pagination.keyset-offset-headers',
    kind: 'fault',
    description: 'keyset pages also carry X-Total, X-Page and the other offset headers',
    clause: 'conv.keyset.no_offset_headers',
    suites: ['suites/pagination/keyset.test.ts'],
    paging: (p) => ({
      ...p,
      keysetHeaders: (f) => ({
        'x-total': String(f.total),
        'x-total-pages': String(f.totalPages),
        'x-per-page': String(f.perPage),
        'x-page': '1',
        'x-next-page': f.total > f.perPage ? '2' : '',
        'x-prev-page': '',
      }),
    }),
  },
  {
    id: 'pagination.keyset-per-page-unclamped',
    kind: 'fault',
    description: 'keyset pagination serves more than 100 items when per_page asks for more',
    clause: 'conv.keyset.per_page_max',
    suites: ['suites/pagination/keyset.test.ts'],
    paging: (p) => ({
      ...p,
      keysetPerPage: (query, spec) => {
        const asked = Number(query.per_page);
        return Number.isInteger(asked) && asked > 100 ? asked : p.keysetPerPage(query, spec);
      },
    }),
  },
  {
    id: 'pagination.odd-per-page-short',
    kind: 'fault',
    description:
      'with an odd per_page (3 and up), every page between the first and the last holds one item fewer (the slice end is rounded down to an even offset): those items are never served',
    clause: 'conv.pagination.page_param',
    suites: ['suites/properties/pagination-partition.test.ts'],
    paging: (p) => ({
      ...p,
      window: (w, f) => {
        const window = p.window(w, f);
        const middle = f.page > 1 && f.page < f.totalPages;
        return middle && f.perPage > 1 && f.perPage % 2 === 1 ? { from: window.from, end: window.end - 1 } : window;
      },
    }),
  },
  {
    id: 'pagination.deep-pages-empty',
    kind: 'fault',
    description: 'pages after the 10th come back empty although in range (a deep-offset cut-off): X-Total and the links still count them',
    clause: 'conv.pagination.page_param',
    suites: ['suites/properties/pagination-partition.test.ts'],
    paging: (p) => ({ ...p, window: (w, f) => (f.page > 10 ? { from: 0, end: 0 } : p.window(w, f)) }),
  },
  {
    id: 'pagination.per-page-max-exclusive',
    kind: 'fault',
    description:
      'per_page=100, the maximum itself, is read as past it and falls back to the default 20 items (as every per_page above 100, clamped to 100, does), in offset and keyset pages',
    clause: 'limits.pagination.per_page_max',
    suites: [...OFFSET_TABLE, 'suites/pagination/keyset.test.ts'],
    paging: (p) => ({
      ...p,
      window: (w, f) => (f.perPage === 100 ? { from: (f.page - 1) * 20, end: f.page * 20 } : p.window(w, f)),
      keysetPerPage: (query, spec) => {
        const perPage = p.keysetPerPage(query, spec);
        return perPage === 100 ? 20 : perPage;
      },
    }),
  },
  {
    id: 'pagination.counts-dropped-over-1000',
    kind: 'fault',
    description:
      'over 1,000 items (instead of 10,000), lists send neither X-Total, X-Total-Pages nor rel="last": the counts stop ten times too early',
    clause: 'conv.pagination.x_total',
    suites: ['suites/limits/counts-over-1000.test.ts'],
    paging: (p) => ({
      ...p,
      links: (l, f) => (f.total > COUNTS_CUT ? { ...p.links(l, f), last: undefined } : p.links(l, f)),
      headers: (h, f) => (f.total > COUNTS_CUT ? without(without(p.headers(h, f), 'x-total'), 'x-total-pages') : p.headers(h, f)),
    }),
  },
  {
    id: 'pagination.large-collections',
    kind: 'capability',
    description: 'over 10,000 items, lists send neither X-Total, X-Total-Pages nor rel="last" (a feature flag on the platform)',
    option: 'largeCollectionFlag',
    env: 'REFERENCE_LARGE_COLLECTIONS',
    paging: (p) => ({ ...p, largeCollectionRule: true }),
  },
] as const satisfies readonly Variation[];
