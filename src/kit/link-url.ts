/**
 * The URL a Link value leads to, as a client follows it. A Link target is a URI reference (RFC 8288
 * §3): an absolute URL, or a reference relative to the URL of the request, which the client resolves
 * (RFC 3986 §5). The spec shows no Link URL and says nothing of their form (the real platform writes
 * them absolute), so a relative reference is no failure: it is resolved, and the run says once that
 * the server writes relative Link URLs (a client that takes them as absolute cannot follow them).
 * A value no client can request is a conformance failure of the test that reads it, naming the
 * header and its rel, the value as received and what was expected: characters a URI reference
 * cannot hold (a space, a quote...), a % without two hex digits, an http(s) URL without a host, a
 * value that does not parse even relative to the request's URL, a scheme other than http or https.
 *
 *   linkTarget('/api/v4/users?page=2', 'http://h/api/v4/users?per_page=2')
 *   // { url: 'http://h/api/v4/users?page=2', relative: true }
 *   linkTarget('http:///api/v4/users?page=2', 'http://h/api/v4/users')   // { problem: 'its host is empty' }
 *   throw linkFailure('next', 'http:///api/v4/users?page=2', 'its host is empty', res);
 */
import { ConformanceFailure } from './checks.ts';
import { noteForRun } from './recorder.ts';

export type LinkTarget = { url: string; relative: boolean } | { problem: string };

/** What a Link value must be, as a failure's Expected says it. */
export const LINK_URL_EXPECTED = "an absolute http(s) URL, or a URI reference relative to the request's URL (RFC 8288)";

/** The sentence the run's summary carries once: the server writes relative Link URLs. */
export const RELATIVE_LINK_NOTE =
  "The server writes relative Link URLs: the kit resolved them against the request's URL, as RFC 8288 says (the spec does not say they are absolute, so this is no failure); a client that takes Link URLs as absolute cannot follow them.";

/** The first character a URI reference cannot hold (RFC 3986 allows unreserved, reserved and the % of an escape). */
const NOT_URI_CHARACTER = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/u;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Where `value` (a Link target as received) leads, resolved against `requestUrl`; or why no client can request it. */
export function linkTarget(value: string, requestUrl?: string): LinkTarget {
  const bad = NOT_URI_CHARACTER.exec(value)?.[0];
  if (bad !== undefined) return { problem: `it holds ${character(bad)}, which a URI reference cannot hold` };
  if (/%(?![0-9A-Fa-f]{2})/.test(value)) return { problem: 'it holds a % not followed by two hex digits' };
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined && requestUrl === undefined)
    return { problem: 'it is relative, and there is no request URL to resolve it against' };
  if (scheme === 'http' || scheme === 'https') {
    const authority = /^[^:]+:\/\/([^/?#]*)/.exec(value)?.[1];
    if (authority === undefined) return { problem: `it names the scheme ${scheme}: without // and a host` };
    if (authority.replace(/^.*@/, '').replace(/:\d*$/, '') === '') return { problem: 'its host is empty' };
  }
  let url: URL;
  try {
    url = new URL(value, requestUrl);
  } catch {
    return {
      problem: requestUrl === undefined ? 'it does not parse as a URL' : "it does not parse as a URL, even relative to the request's URL",
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: `it names the scheme ${url.protocol}, which is not http or https` };
  return { url: scheme === undefined ? url.href : value, relative: scheme === undefined };
}

/** The failure of a Link value no client can request (`rel` when known; `res`: the response that carried it, for the reproducer). */
export function linkFailure(rel: string | undefined, value: string, problem: string, res?: object): ConformanceFailure {
  const which = rel === undefined ? 'A URL of the Link header' : `The Link header's rel="${rel}" URL`;
  return new ConformanceFailure(
    `${which} MUST be a URL a client can follow (clients follow these links): ${problem}.`,
    LINK_URL_EXPECTED,
    value,
    {
      judged: res,
    },
  );
}

/** linkTarget against the response's request URL; the run's note when the value was relative. */
export function resolveLink(value: string, requestUrl: string): LinkTarget {
  const target = linkTarget(value, requestUrl);
  if ('url' in target && target.relative) noteForRun(RELATIVE_LINK_NOTE);
  return target;
}

/** A character as a person reads it in a message: 'a space', 'a control character (U+000A)', '"|"'. */
function character(c: string): string {
  if (c === ' ') return 'a space';
  const code = c.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code < 0x20 || code === 0x7f) return `a control character (${hex})`;
  if (code > 0x7e) return `a character outside ASCII ("${c}", ${hex}) not percent-encoded`;
  return `"${c}"`;
}
