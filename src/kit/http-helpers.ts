/**
 * Helpers for reading responses: the Link header (parsed with http-link-header) and the
 * server's own clock (its Date header), so time checks do not depend on the kit's clock.
 *
 *   parseLinks(res).next   // absolute URL of rel="next", or undefined
 *   serverNow(res)         // Date of the response, or the kit's clock when absent
 */
import LinkHeader from 'http-link-header';
import type { ApiResponse } from './client.ts';

export function parseLinks(res: ApiResponse): Record<string, string> {
  const raw = res.headers.link;
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const ref of LinkHeader.parse(raw).refs) {
    for (const rel of ref.rel.split(/\s+/)) if (!(rel in out)) out[rel] = ref.uri;
  }
  return out;
}

export function serverNow(res: ApiResponse): Date {
  const d = res.headers.date ? new Date(res.headers.date) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? new Date() : d;
}
