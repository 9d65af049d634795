/**
 * The variation point of pagination (pagination.ts, keyset.ts): the spec's page computed by
 * paginate() passes through these hooks before it is sent, so a declared variation changes a
 * page's window, its links or its headers without paginate() naming it. SPEC_PAGING is the spec
 * (every hook the identity).
 *
 *   paging: (p) => ({ ...p, links: (l) => ({ ...l, last: undefined }) })   // no rel="last"
 */

/** What is known of the page asked for. */
export interface PageFacts {
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly totalPages: number;
}

/** The offsets served, [from, end): empty when end <= from. */
export interface PageWindow {
  readonly from: number;
  readonly end: number;
}

/** The pages the Link header points to, rendered prev, next, first, last. */
export interface PageLinks {
  readonly prev?: number;
  readonly next?: number;
  readonly first: number;
  readonly last?: number;
}

/** The offset headers, sent in this key order; an absent key is not sent. */
export interface PageHeaders {
  readonly 'x-total'?: string;
  readonly 'x-total-pages'?: string;
  readonly 'x-per-page'?: string;
  readonly 'x-page'?: string;
  readonly 'x-next-page'?: string;
  readonly 'x-prev-page'?: string;
}

export interface PagingPolicy {
  window(window: PageWindow, facts: PageFacts): PageWindow;
  links(links: PageLinks, facts: PageFacts): PageLinks;
  headers(headers: PageHeaders, facts: PageFacts): PageHeaders;
  /** Link URLs keep the request's other query parameters. */
  readonly linksKeepQuery: boolean;
  /** Link URLs carry per_page. */
  readonly linksKeepPerPage: boolean;
  /** Over 10,000 items, no X-Total, X-Total-Pages nor rel="last" (a feature flag on the platform). */
  readonly largeCollectionRule: boolean;
  /** Keyset per_page from the query; `spec` reads it as offset pagination does (clamped to 100). */
  keysetPerPage(query: Record<string, unknown>, spec: (query: Record<string, unknown>) => number): number;
  /** Headers a keyset page carries besides its links: none. */
  keysetHeaders(facts: PageFacts): PageHeaders;
}

const same = <T>(value: T): T => value;
const NO_HEADERS: PageHeaders = {};

export const SPEC_PAGING: PagingPolicy = {
  window: same,
  links: same,
  headers: same,
  linksKeepQuery: true,
  linksKeepPerPage: true,
  largeCollectionRule: false,
  keysetPerPage: (query, spec) => spec(query),
  keysetHeaders: () => NO_HEADERS,
};

/** The headers with `name` set to `value`, where they carry it (the over-10,000 rule drops some). */
export function withHeader(headers: PageHeaders, name: keyof PageHeaders, value: string): PageHeaders {
  return name in headers ? { ...headers, [name]: value } : headers;
}

/** The headers without `name`. */
export function withoutHeader(headers: PageHeaders, name: keyof PageHeaders): PageHeaders {
  const { [name]: _dropped, ...rest } = headers;
  return rest;
}
