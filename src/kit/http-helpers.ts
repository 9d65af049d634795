/**
 * Helpers for reading responses: the Link header (parsed with http-link-header) and the
 * server's own clock (its Date header), so time checks do not depend on the kit's clock.
 *
 *   parseLinks(res).next   // absolute URL of rel="next" (a relative one resolved), or undefined
 *   serverNow(res)         // Date of the response, or the kit's clock when absent
 */
import LinkHeader from 'http-link-header';
import type { ApiResponse } from './client.ts';
import { ConformanceFailure } from './checks.ts';
import { linkFailure, resolveLink } from './link-url.ts';

/**
 * The Link header's URLs by rel (the first of each rel), absolute: a relative reference is
 * resolved against the URL requested (link-url.ts). A rel whose value no client can request is
 * listed, but reading it throws the ConformanceFailure that names the rel, the value and what was
 * expected: the test that reads that rel fails, one that reads another rel does not. A Link
 * header that does not parse at all fails whoever reads it, naming the header as received.
 */
export function parseLinks(res: ApiResponse): Record<string, string> {
  const raw = res.headers.link;
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const ref of linkRefs(raw, res)) {
    for (const rel of String(ref.rel ?? '')
      .split(/\s+/)
      .filter(Boolean)) {
      if (rel in out) continue;
      const target = resolveLink(ref.uri, res.url);
      if ('url' in target) out[rel] = target.url;
      else {
        const failure = linkFailure(rel, ref.uri, target.problem, res);
        Object.defineProperty(out, rel, {
          enumerable: true,
          get: () => {
            throw failure;
          },
        });
      }
    }
  }
  return out;
}

/** The Link header's entries; a header that is not a list of `<URL>; rel="..."` values is a conformance failure. */
function linkRefs(raw: string, res: ApiResponse): LinkHeader.Reference[] {
  try {
    return LinkHeader.parse(raw).refs;
  } catch (e) {
    throw new ConformanceFailure(
      `The Link header MUST be a list of <URL>; rel="..." values (RFC 8288): it does not parse (${(e as Error).message}).`,
      '<URL>; rel="...", comma-separated',
      raw,
      { judged: res },
    );
  }
}

export function serverNow(res: ApiResponse): Date {
  const d = res.headers.date ? new Date(res.headers.date) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? new Date() : d;
}
