/**
 * The methods errors.method.not_allowed sends to paths the spec serves with other methods: every
 * method an HTTP server written in Node 20 can receive as a request (its parser's list, http.METHODS),
 * but the path's own, HEAD where GET is served, OPTIONS (which the platform answers 204 with Allow,
 * and the spec does not call unsupported) and CONNECT (a tunnel request: undici sends it only as
 * one; the reference's 405 to it is in src/reference/other-methods.test.ts). Any other token a
 * Node server never sees: its parser answers 400 first. Only the status is the spec's: the
 * Allow header, and the body (not shown), are not asserted here; a front end such as nginx
 * answers TRACE with its own 405 and no Allow.
 *
 *   for (const [path, served] of OTHER_METHOD_PATHS) for (const m of otherMethodsOf(served)) ...   // QUERY /user -> 405
 */
import { METHODS } from 'node:http';

/** Known paths of the spec and the methods it serves them with (PATCH /user_counts is its own example). */
export const OTHER_METHOD_PATHS: readonly (readonly [string, readonly string[]])[] = [
  ['/broadcast_messages', ['GET', 'POST']],
  ['/user', ['GET']],
  ['/user_counts', ['GET']],
];

/** Methods of no request to the path: besides those served, HEAD (with GET), OPTIONS and CONNECT. */
const NOT_SENT = ['HEAD', 'OPTIONS', 'CONNECT'];

/** Every method Node's parser passes on that the path does not serve. */
export function otherMethodsOf(served: readonly string[]): string[] {
  return METHODS.filter((m) => !served.includes(m) && !NOT_SENT.includes(m));
}
