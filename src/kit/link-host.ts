/**
 * Link URLs that name another host. The platform writes the URLs of its `Link` header with its
 * configured host and port (`external_url`; offset_header_builder.rb: `base_request_uri`), not the
 * host the request came to. Where the kit reaches the server another way (a port mapping, an
 * internal name, a proxy), a link it follows as written would leave the target. So a link whose
 * origin (scheme, host, port) is not the base URL's is followed on the base URL instead, and the
 * run says once, in its summary, that the server names another host (recorder.ts: noteForRun).
 *
 * The path: what follows the API prefix (`/api/v4`) in the link is kept as written and put after the
 * kit's own API root, so a server root in the link (a relative URL root such as `/gitlab`, the
 * server's idea of it) becomes the base URL's (whatever the base URL's path is). A link whose path
 * has no `/api/v4` keeps its path as written, on the base URL's origin. The query is kept byte for
 * byte, the fragment dropped. A link on the base URL's own origin is followed exactly as written:
 * a wrong link still fails where it leads. (A link that is not an absolute http(s) URL never comes
 * here from follow(): parseLinks resolves a relative one, and one no client can request is a
 * failure naming it, link-url.ts; followedLink leaves such a link as written.)
 *
 *   followedLink('https://gitlab.internal:8443/api/v4/users?page=2', 'http://127.0.0.1:4010/api/v4')
 *   // { url: 'http://127.0.0.1:4010/api/v4/users?page=2', otherOrigin: 'https://gitlab.internal:8443' }
 *   followedLink('https://gitlab.example.com/gitlab/api/v4/users?page=2', 'http://10.0.0.5:8080/api/v4').url
 *   // 'http://10.0.0.5:8080/api/v4/users?page=2'
 */
import { noteForRun } from './recorder.ts';

const API_PREFIX = '/api/v4';
/** Scheme and authority of an absolute URL as written (the rest is the path, query and fragment). */
const ORIGIN_PART = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

export interface FollowedLink {
  /** The URL to request. */
  url: string;
  /** The link's origin when it is not the base URL's (the link was rebased onto the base URL). */
  otherOrigin?: string;
}

/** Where a link the server wrote is followed: on the kit's API root when it names another origin. */
export function followedLink(link: string, apiUrl: string): FollowedLink {
  let named: URL;
  try {
    named = new URL(link);
  } catch {
    return { url: link };
  }
  const base = new URL(apiUrl);
  if (!/^https?:$/.test(named.protocol) || named.origin === base.origin) return { url: link };
  const written = link.replace(ORIGIN_PART, '').replace(/#.*$/s, '');
  const q = written.indexOf('?');
  const path = q < 0 ? written : written.slice(0, q);
  const query = q < 0 ? '' : written.slice(q);
  const at = apiPrefixAt(path);
  const rebased = at < 0 ? `${base.origin}${path || '/'}` : `${apiUrl.replace(/\/+$/, '')}${path.slice(at + API_PREFIX.length)}`;
  return { url: rebased + query, otherOrigin: named.origin };
}

/** Where `/api/v4` starts in a path, as a whole segment (`/api/v4/...` or the path's end); -1 if nowhere. */
function apiPrefixAt(path: string): number {
  for (let at = path.indexOf(API_PREFIX); at >= 0; at = path.indexOf(API_PREFIX, at + 1)) {
    const after = path[at + API_PREFIX.length];
    if (after === undefined || after === '/') return at;
  }
  return -1;
}

/** The sentence the run's summary carries once: the server names another host in its links. */
export function linkHostNote(otherOrigin: string, apiUrl: string): string {
  const baseUrl = apiUrl.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
  return (
    `The server names another host in its Link URLs (${otherOrigin}) than the kit's base URL (${baseUrl}): ` +
    'the kit followed each link on its base URL, with the path after /api/v4 and the query as written (a link host is not judged).'
  );
}

/** followedLink, and the run's note when the link names another origin. */
export function followLinkOn(link: string, apiUrl: string): string {
  const followed = followedLink(link, apiUrl);
  if (followed.otherOrigin) noteForRun(linkHostNote(followed.otherOrigin, apiUrl));
  return followed.url;
}
