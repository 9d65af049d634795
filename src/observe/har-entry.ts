/**
 * One HAR 1.2 entry (what browsers, mitmproxy and the kit's own run.har write) as the exchange
 * observe's judge reads (ObservedExchange), as if the proxy had seen it. The target is the entry's
 * whole URL (an absolute-form target: its path is judged, and reproducers name the recorded origin);
 * headers in lower case, repeated ones joined; the request body from postData.text, or rebuilt from
 * postData.params (form fields); the answer's body from content.text (base64 when content.encoding
 * says so). A HAR holds bodies decoded, so Content-Encoding and Content-Length are dropped from the
 * answer's headers (the judge would try to gunzip a decoded body). A body the HAR leaves out (no
 * content.text though the answer had one; cut, as the kit's `_cut` or a text shorter than
 * content.size says; over the live capture limit) is marked cut: not judged for its body, counted.
 * Status 0 (no answer: a browser's blocked or failed request) is an upstream error.
 *
 *   const m = harExchange(entry, 'run.har', 12);
 *   // { exchange: { method: 'GET', target: 'http://127.0.0.1:4010/api/v4/users?page=2', ... }, answerLeftOut: false, requestLeftOut: false }
 */
import { KitError } from '../shared/errors.ts';
import { CAPTURE_LIMIT, type ObservedExchange } from './proxy.ts';
import { isRecord } from '../shared/is-record.ts';

export interface MappedEntry {
  exchange: ObservedExchange;
  /** The answer had a body the HAR does not hold whole: not judged for its body. */
  answerLeftOut: boolean;
  /** The request had a body the HAR does not hold whole (or as fields it cannot rebuild, a file upload). */
  requestLeftOut: boolean;
  /** The entry's startedDateTime in ms since the epoch (NaN when it has none that parses). */
  startedMs: number;
}

interface HarPair {
  name?: unknown;
  value?: unknown;
  fileName?: unknown;
}

/** HAR header pairs as the judge reads headers: names in lower case, HTTP/2 pseudo-headers left out, repeats joined. */
function harHeaders(list: unknown, drop: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const pair of list as HarPair[]) {
    if (!isRecord(pair) || typeof pair.name !== 'string') continue;
    const name = pair.name.toLowerCase();
    if (name.startsWith(':') || drop.includes(name)) continue;
    const value = String(pair.value ?? '');
    out[name] = out[name] === undefined ? value : `${out[name]}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return out;
}

/** The request target: the URL as recorded (absolute) for http(s), else as written (a data: or blob: URL is outside the API). */
function target(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}${u.pathname}${u.search}` : url;
  } catch {
    return url;
  }
}

/** The request's body and whether the HAR left it out. */
function requestBody(request: Record<string, unknown>, headers: Record<string, string>): { body: Buffer; leftOut: boolean } {
  const post = request.postData;
  const declared = typeof request.bodySize === 'number' ? request.bodySize : -1;
  if (!isRecord(post)) return { body: Buffer.alloc(0), leftOut: declared > 0 };
  if (typeof post.mimeType === 'string' && post.mimeType !== '' && headers['content-type'] === undefined)
    headers['content-type'] = post.mimeType;
  if (typeof post.text === 'string') return { body: Buffer.from(post.text, 'utf8'), leftOut: post._cut === true };
  if (Array.isArray(post.params)) {
    const params = post.params as HarPair[];
    // A file upload's fields cannot be rebuilt as the client sent them (multipart, its boundary): left out.
    if (params.some((p) => isRecord(p) && p.fileName !== undefined)) return { body: Buffer.alloc(0), leftOut: true };
    const form = new URLSearchParams();
    for (const p of params) if (isRecord(p) && typeof p.name === 'string') form.append(p.name, String(p.value ?? ''));
    return { body: Buffer.from(form.toString(), 'utf8'), leftOut: false };
  }
  return { body: Buffer.alloc(0), leftOut: declared > 0 };
}

/** The answer's body (decoded, as a HAR holds it) and whether the HAR left it out. */
function answerBody(response: Record<string, unknown>, method: string, status: number): { body: Buffer; leftOut: boolean } {
  const content = isRecord(response.content) ? response.content : {};
  const size = typeof content.size === 'number' ? content.size : -1;
  if (typeof content.text !== 'string') {
    // No text: an empty answer, or one the recorder did not keep (a browser's option, a failed request).
    const none = size === 0 || status === 0 || status === 204 || status === 304 || method === 'HEAD';
    return { body: Buffer.alloc(0), leftOut: !none };
  }
  const body = content.encoding === 'base64' ? Buffer.from(content.text, 'base64') : Buffer.from(content.text, 'utf8');
  const leftOut = content._cut === true || body.length < size || body.length > CAPTURE_LIMIT;
  return { body: body.length > CAPTURE_LIMIT ? body.subarray(0, CAPTURE_LIMIT) : body, leftOut };
}

/** One entry of `file` (the `index`th) as an observed exchange; a KitError (exit 2) when it is no HAR entry. */
export function harExchange(entry: unknown, file: string, index: number): MappedEntry {
  const bad = (what: string) => new KitError('HAR_INVALID', `${file} is not a HAR 1.2: entry ${index} ${what}`);
  if (!isRecord(entry)) throw bad('is not an object');
  const { request, response } = entry;
  if (!isRecord(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
    throw bad('has no request with a method and a url');
  if (!isRecord(response) || typeof response.status !== 'number') throw bad('has no response with a status');
  const method = request.method.toUpperCase();
  const requestHeaders = harHeaders(request.headers);
  const sent = requestBody(request, requestHeaders);
  // The HAR holds the request body decoded too.
  delete requestHeaders['content-encoding'];
  const status = Math.max(0, Math.trunc(response.status));
  const got = answerBody(response, method, status);
  // A browser's `_error` beside a status: the answer broke off (its body is not judged); without a status: no answer.
  const broken = typeof response._error === 'string' && response._error !== '' ? response._error : undefined;
  if (broken !== undefined) got.leftOut = true;
  const error = status === 0 ? (broken ?? 'no answer recorded') : undefined;
  return {
    exchange: {
      method,
      target: target(request.url),
      requestHeaders,
      requestBody: sent.body,
      requestCut: sent.leftOut,
      status,
      headers: harHeaders(response.headers, ['content-encoding', 'content-length']),
      body: got.body,
      bodyCut: got.leftOut,
      durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
      ...(error !== undefined ? { error } : {}),
    },
    answerLeftOut: status !== 0 && got.leftOut,
    requestLeftOut: sent.leftOut,
    startedMs: typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : Number.NaN,
  };
}
