/**
 * `--identify-callers`: observe's own request, one per new credential, on the proxy's thread: a
 * `GET <root>/api/v4/user` with that credential in the form the client used (the same header, query
 * parameter or session cookie) and nothing else: read-only, never retried, bounded by a timeout. Its
 * answer names the caller (callers.ts CallerBook.currentUser); any other answer, or none, leaves the
 * credential unidentified (its exchanges are judged without the caller). The answer is not judged
 * (observe made the request) and the credential is never written.
 *
 *   const identify = callerIdentifier({ upstream: new URL('https://gitlab.internal'), urlRoot: '', ca });
 *   await identify({ form: 'header', name: 'private-token', sent: 'glpat-…', value: 'glpat-…' })  // { id: 3, username: 'ann', admin: false }
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CallerBook, type Caller, type Credential } from './callers.ts';

export interface IdentifyOptions {
  upstream: URL;
  /** The installation's relative URL root ('' or '/gitlab'). */
  urlRoot: string;
  /** PEM certificates an https upstream's chain may end at (upstream-tls.ts); default: Node's. */
  ca?: string[];
  /** How long one GET /user may take (default 10 000 ms). */
  timeoutMs?: number;
}

/** Bytes of the answer read at most (a user object is a few KB). */
const ANSWER_LIMIT = 1024 * 1024;

export type Identify = (credential: Credential) => Promise<Caller | null>;

export function callerIdentifier(o: IdentifyOptions): Identify {
  const base = o.upstream.pathname.replace(/\/+$/, '');
  return (credential) =>
    new Promise((settle) => {
      const path = `${base}${o.urlRoot}/api/v4/user`;
      const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'conformance-observe (identify caller)' };
      let target = path;
      if (credential.form === 'header') headers[credential.name] = credential.sent;
      else if (credential.form === 'cookie') headers.cookie = `${credential.name}=${credential.sent}`;
      else target = `${path}?${credential.name}=${encodeURIComponent(credential.sent)}`;
      const send = o.upstream.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        o.upstream,
        { method: 'GET', path: target, headers, timeout: o.timeoutMs ?? 10_000, ...(o.ca ? { ca: o.ca } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size <= ANSWER_LIMIT) chunks.push(c);
            else res.destroy();
          });
          res.on('error', () => settle(null));
          res.on('close', () => settle(null));
          res.on('end', () => {
            if (res.statusCode !== 200) return settle(null);
            try {
              settle(CallerBook.currentUser(JSON.parse(Buffer.concat(chunks).toString('utf8'))) ?? null);
            } catch {
              settle(null);
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => settle(null));
      req.end();
    });
}
