/**
 * What one answer of an offset-paginated list shows of the pagination rules (Conventions #6 and
 * the platform's reading, platform-behaviour.md > Pagination): the X-* headers present and
 * agreeing with the request and with each other, and the Link header's rels. Only what this one
 * exchange can show: no second page is requested. Over 10,000 items X-Total, X-Total-Pages and
 * rel="last" are left out together (limits.large_collection.no_x_total): all three absent is no
 * finding, X-Total absent beside either of the others is one. X-Next-Page and X-Prev-Page name the
 * neighbouring pages (empty on the last and the first), and a list that did not ask for a page size
 * gets the default one (limits.pagination.per_page_default; the epic list's epics.list.page_size).
 *
 *   judgeOffsetPage(res, 'page=2&per_page=1')   // [{ clause: 'conv.pagination.x_page', ... }]
 *   judgeKeysetPage(res, 'pagination=keyset&order_by=id&per_page=500')
 */
import type { Finding } from '../kit/check-registry.ts';
import type { ApiResponse } from '../kit/exchange.ts';
import { linkTarget } from '../kit/link-url.ts';
import { EPIC_LIST_PER_PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../spec/limits.ts';

const INT = /^\d+$/;

const finding = (clause: string, requirement: string, expected: unknown, actual: unknown): Finding => ({
  clause,
  requirement,
  expected: String(expected),
  actual: String(actual),
});

/** rel -> URL as written, from a Link header value (first of each rel). */
export function linkRels(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  for (const m of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel="?([^";,]+)"?/i.exec(m[2] ?? '')?.[1];
    for (const r of (rel ?? '').split(/\s+/).filter(Boolean)) if (!(r in out)) out[r] = m[1]!;
  }
  return out;
}

/** The query parameters of an absolute URL (its first '?' to its fragment), without parsing the rest of it. */
function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  if (q < 0) return new URLSearchParams();
  const hash = url.indexOf('#', q);
  return new URLSearchParams(url.slice(q + 1, hash < 0 ? undefined : hash));
}

/** The integer a query parameter asks for, when it is a plain one. */
function asked(params: URLSearchParams, name: string): number | undefined {
  const v = params.get(name);
  return v !== null && INT.test(v) ? Number(v) : undefined;
}

/** Query parameters that name credentials: never expected in a Link URL. */
const CREDENTIALS = new Set(['private_token', 'access_token', 'job_token']);

/** `epicList`: the list is GET /groups/:id/epics, whose default page size has a clause of its own. */
export function judgeOffsetPage(res: ApiResponse, query: string, epicList = false): Finding[] {
  const out: Finding[] = [];
  const h = res.headers;
  const params = new URLSearchParams(query);
  const perPageAsked = asked(params, 'per_page');
  const pageAsked = asked(params, 'page');
  const perPage = perPageAsked !== undefined && perPageAsked >= 1 && perPageAsked <= PER_PAGE_MAX ? perPageAsked : undefined;
  const page = pageAsked !== undefined && pageAsked >= 1 ? pageAsked : pageAsked === undefined ? 1 : undefined;
  const items = Array.isArray(res.json) ? res.json.length : undefined;

  const xPerPage = h['x-per-page'];
  if (xPerPage === undefined || !INT.test(xPerPage))
    out.push(
      finding(
        'conv.pagination.x_per_page',
        'The X-Per-Page header MUST hold the per_page value applied.',
        'an integer',
        xPerPage ?? '(absent)',
      ),
    );
  else if (perPage !== undefined && Number(xPerPage) !== perPage)
    out.push(finding('conv.pagination.x_per_page', 'The X-Per-Page header MUST hold the per_page value applied.', perPage, xPerPage));
  const applied = xPerPage !== undefined && INT.test(xPerPage) ? Number(xPerPage) : perPage;
  if (items !== undefined && applied !== undefined && items > applied)
    out.push(
      finding('conv.pagination.per_page_param', `per_page=${applied} MUST return at most ${applied} items.`, `at most ${applied}`, items),
    );
  if (!params.has('per_page')) out.push(...defaultPageSize(xPerPage, items, epicList));

  const xPage = h['x-page'];
  if (xPage === undefined || !INT.test(xPage))
    out.push(finding('conv.pagination.x_page', 'The X-Page header MUST hold the current page number.', 'an integer', xPage ?? '(absent)'));
  else if (page !== undefined && Number(xPage) !== page)
    out.push(finding('conv.pagination.x_page', 'The X-Page header MUST hold the current page number; the first page is 1.', page, xPage));

  for (const name of ['x-next-page', 'x-prev-page'])
    if (h[name] === undefined)
      out.push(
        finding(
          'conv.pagination.x_next_page',
          `The ${name === 'x-next-page' ? 'X-Next-Page' : 'X-Prev-Page'} header MUST be sent (empty when there is none).`,
          '(present)',
          '(absent)',
        ),
      );

  const xTotal = h['x-total'];
  const xPages = h['x-total-pages'];
  const total = xTotal !== undefined && INT.test(xTotal) ? Number(xTotal) : undefined;
  const current = xPage !== undefined && INT.test(xPage) ? Number(xPage) : page;
  if (xTotal !== undefined && total === undefined)
    out.push(finding('conv.pagination.x_total', 'The X-Total header MUST hold the total number of items.', 'an integer', xTotal));
  // The over-10,000 allowance leaves out X-Total, X-Total-Pages and rel="last" together, never X-Total alone.
  if (xTotal === undefined && (xPages !== undefined || linkRels(h.link).last !== undefined))
    out.push(
      finding(
        'conv.pagination.x_total',
        'The X-Total header MUST hold the total number of items (only a collection over 10,000 items leaves it out, and then X-Total-Pages and rel="last" too).',
        'an integer',
        `(absent), with ${xPages !== undefined ? `X-Total-Pages: ${xPages}` : 'rel="last"'}`,
      ),
    );
  if (total !== undefined) {
    const pages = applied ? Math.max(1, Math.ceil(total / applied)) : undefined;
    if (xPages === undefined || !INT.test(xPages))
      out.push(
        finding(
          'conv.pagination.x_total_pages',
          'The X-Total-Pages header MUST hold the number of pages.',
          pages ?? 'an integer',
          xPages ?? '(absent)',
        ),
      );
    else if (pages !== undefined && Number(xPages) !== pages)
      out.push(
        finding(
          'conv.pagination.x_total_pages',
          `The X-Total-Pages header MUST hold the number of pages (${total} items, ${applied} a page).`,
          pages,
          xPages,
        ),
      );
    if (items !== undefined && applied !== undefined && current !== undefined && pages !== undefined && current <= pages) {
      const onPage = Math.min(applied, Math.max(0, total - (current - 1) * applied));
      if (items !== onPage)
        out.push(
          finding(
            'conv.pagination.x_total',
            `X-Total (${total}) MUST count the items: page ${current} of ${applied} a page then holds ${onPage}.`,
            onPage,
            items,
          ),
        );
    }
  }

  const rels = linkRels(h.link);
  if (rels.first === undefined)
    out.push(
      finding(
        'conv.pagination.link_first',
        'An offset-paginated list MUST carry a Link header with a rel="first" URL.',
        'rel="first"',
        h.link ?? '(no Link header)',
      ),
    );
  if (total !== undefined && rels.last === undefined)
    out.push(
      finding('conv.pagination.link_last', 'The Link header MUST have a rel="last" URL.', 'rel="last"', h.link ?? '(no Link header)'),
    );
  const last = xPages !== undefined && INT.test(xPages) ? Number(xPages) : undefined;
  if (current !== undefined && last !== undefined) {
    if (current < last && rels.next === undefined)
      out.push(
        finding(
          'conv.pagination.link_next',
          `Page ${current} of ${last} MUST link rel="next".`,
          'rel="next"',
          h.link ?? '(no Link header)',
        ),
      );
    if (current >= last && rels.next !== undefined)
      out.push(
        finding('conv.pagination.link_next', `The last page (${current} of ${last}) MUST NOT link rel="next".`, 'no rel="next"', rels.next),
      );
  }
  // The page served is the one asked for (X-Page is judged apart), else the one X-Page names.
  out.push(...neighbourPages(h, page ?? current, last));
  if (current !== undefined && current > 1 && (last === undefined || current <= last) && rels.prev === undefined)
    out.push(finding('conv.pagination.link_next', `Page ${current} MUST link rel="prev".`, 'rel="prev"', h.link ?? '(no Link header)'));
  for (const [rel, value] of Object.entries(rels)) {
    const target = linkTarget(value, res.url);
    if ('problem' in target) {
      out.push(
        finding(
          'conv.pagination.link_first',
          `The Link header's rel="${rel}" URL MUST be a URL a client can follow.`,
          'a followable URL',
          `${value} (${target.problem})`,
        ),
      );
      continue;
    }
    const linked = queryOf(target.url);
    if (rel === 'first' && linked.get('page') !== '1')
      out.push(
        finding(
          'conv.pagination.link_first',
          'The rel="first" URL MUST lead to page 1.',
          'page=1',
          `page=${linked.get('page') ?? '(none)'}`,
        ),
      );
    for (const [name, v] of params) {
      if (name === 'page' || CREDENTIALS.has(name)) continue;
      if (name === 'per_page' && perPage === undefined) continue;
      if (!linked.getAll(name).includes(v))
        out.push(
          finding(
            'conv.pagination.link_follow',
            `The rel="${rel}" URL MUST keep the request's other query parameters (${name}).`,
            `${name}=${v}`,
            value,
          ),
        );
    }
  }
  return out;
}

/** Without per_page: X-Per-Page is the default and the page holds at most that many items. */
function defaultPageSize(xPerPage: string | undefined, items: number | undefined, epicList: boolean): Finding[] {
  const out: Finding[] = [];
  const clause = 'limits.pagination.per_page_default';
  if (xPerPage !== undefined && INT.test(xPerPage) && Number(xPerPage) !== PER_PAGE_DEFAULT)
    out.push(
      finding(clause, `A list that does not ask for per_page MUST say X-Per-Page: ${PER_PAGE_DEFAULT}.`, PER_PAGE_DEFAULT, xPerPage),
    );
  const most = epicList ? EPIC_LIST_PER_PAGE_DEFAULT : PER_PAGE_DEFAULT;
  if (items !== undefined && items > most)
    out.push(
      finding(
        epicList ? 'epics.list.page_size' : clause,
        `A list that does not ask for per_page MUST hold at most ${most} items.`,
        `at most ${most}`,
        items,
      ),
    );
  return out;
}

/**
 * X-Next-Page and X-Prev-Page against the page (conv.pagination.x_next_page): page + 1 when a next
 * page exists, empty on the last (X-Total-Pages known); page - 1 after page 1, empty on page 1.
 * Presence is judged apart; a page past the last is left alone.
 */
function neighbourPages(h: Record<string, string>, current: number | undefined, last: number | undefined): Finding[] {
  const out: Finding[] = [];
  if (current === undefined || (last !== undefined && current > last)) return out;
  const clause = 'conv.pagination.x_next_page';
  const next = h['x-next-page'];
  if (next !== undefined) {
    const expected = last === undefined ? (next === '' ? '' : String(current + 1)) : current < last ? String(current + 1) : '';
    if (next.trim() !== expected)
      out.push(
        finding(
          clause,
          expected === ''
            ? `The last page (${current} of ${last}) MUST NOT name a next page in X-Next-Page.`
            : `X-Next-Page MUST name the next page (${expected}) of page ${current}.`,
          expected === '' ? '(empty)' : expected,
          next === '' ? '(empty)' : next,
        ),
      );
  }
  const prev = h['x-prev-page'];
  if (prev !== undefined) {
    const expected = current > 1 ? String(current - 1) : '';
    if (prev.trim() !== expected)
      out.push(
        finding(
          clause,
          expected === ''
            ? 'Page 1 MUST NOT name a previous page in X-Prev-Page.'
            : `X-Prev-Page MUST name the previous page (${expected}) of page ${current}.`,
          expected === '' ? '(empty)' : expected,
          prev === '' ? '(empty)' : prev,
        ),
      );
  }
  return out;
}

const OFFSET_HEADERS = ['x-total', 'x-total-pages', 'x-per-page', 'x-page', 'x-next-page', 'x-prev-page'];

/** A keyset page (GET /projects?pagination=keyset): none of the offset headers, at most 100 items. */
export function judgeKeysetPage(res: ApiResponse): Finding[] {
  const out: Finding[] = [];
  const sent = OFFSET_HEADERS.filter((n) => res.headers[n] !== undefined);
  if (sent.length)
    out.push(
      finding('conv.keyset.no_offset_headers', 'Keyset responses MUST send none of the offset headers.', 'none of them', sent.join(', ')),
    );
  if (Array.isArray(res.json) && res.json.length > PER_PAGE_MAX)
    out.push(
      finding(
        'conv.keyset.per_page_max',
        `A keyset page MUST hold at most ${PER_PAGE_MAX} items.`,
        `at most ${PER_PAGE_MAX}`,
        res.json.length,
      ),
    );
  return out;
}
