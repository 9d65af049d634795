/**
 * The kit's HTTP client: undici with keep-alive, a per-request timeout, a cap on response body
 * size, the four token transports and sudo. Each exchange goes to the client's observers, in
 * order: by default only the secret learner (learn-secrets.ts); the test session adds the
 * recorder and the response checks (session.ts). A 429 answer is waited out and the request
 * sent again (throttle.ts), so observers and callers see the final answer only; past the
 * throttle's bound the request rejects with a KitError TARGET_THROTTLING.
 *
 *   const admin = new ApiClient({ apiUrl, timeoutMs: 10000, maxBodyBytes: 1 << 24, secrets, auth: { token } });
 *   const run = runClient({ apiUrl, timeoutMs, maxBodyBytes, secrets, auth, throttle: { maxWaitMs: 120_000 } });  // a run's
 *   const res = await admin.post('/broadcast_messages', { json: { message: 'hi' } });
 *   res.status; res.json; res.headers['x-total'];
 *   await admin.follow(parseLinks(res).next!);   // a Link URL, on the base URL if it names another host
 */
import { SecretSet } from '../shared/redact.ts';
import { exchange, type Answer, type ExchangeOptions } from './http-exchange.ts';
import { encodeParams } from './query-string.ts';
import { Agent } from './undici-agent.ts';
import { secretLearner } from './learn-secrets.ts';
import { followLinkOn } from './link-host.ts';
import { linkFailure, linkTarget } from './link-url.ts';
import { defaultThrottle, Throttle, type ThrottleOptions } from './throttle.ts';
import type { ApiResponse, ExchangeObserver } from './exchange.ts';

export type { ApiResponse, ExchangeObserver } from './exchange.ts';

/** How a token travels: header Private-Token, query private_token, header Authorization: Bearer, query access_token. */
export type Transport = 'private-token' | 'private_token' | 'bearer' | 'access_token';

export interface Credentials {
  token: string;
  via?: Transport;
}

export interface RequestOptions {
  /** Object: encoded with bracket notation (a[]=1, h[k]=v). String: sent as is (after the ?). */
  query?: Record<string, unknown> | string;
  json?: unknown;
  /** Object: form-encoded with bracket notation. String: sent as is. */
  form?: Record<string, unknown> | string;
  /** A raw body with its content type. */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Overrides the client's credentials; null sends none. */
  auth?: Credentials | null;
  sudo?: string | number;
  sudoVia?: 'header' | 'query';
}

export interface ClientOptions {
  apiUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
  secrets: SecretSet;
  auth?: Credentials | null;
  dispatcher?: Agent;
  /** In order; default: the secret learner of `secrets` alone. Secret learning must come first. */
  observers?: readonly ExchangeObserver[];
  /** How 429 answers are waited out, and the rate cap; default: the process's (throttle.ts: defaultThrottle). */
  throttle?: Throttle;
}

/** A run's client, in the main process and in a worker alike: the client's options, and its own throttle's. */
export interface RunClientOptions extends Omit<ClientOptions, 'throttle' | 'dispatcher'> {
  /** The bound on waiting out 429s, the rate cap, the requests in flight at most, the run's throttling log. */
  throttle: ThrottleOptions;
}

/**
 * The one factory of a run's clients (certify's preflight, the globalSetup, each worker's session):
 * each with a throttle of its own, which the clients derived from it (as(), other observers) share.
 */
export function runClient(options: RunClientOptions): ApiClient {
  return new ApiClient({ ...options, throttle: new Throttle(options.throttle) });
}

let sharedAgent: Agent | undefined;
function agent(): Agent {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connections: 32, pipelining: 1 });
  return sharedAgent;
}

export class ApiClient {
  readonly options: ClientOptions;
  private readonly observers: readonly ExchangeObserver[];
  constructor(options: ClientOptions) {
    this.options = options;
    this.observers = options.observers ?? [secretLearner(options.secrets)];
  }

  /** The same client acting with other credentials (null: anonymous). */
  as(auth: Credentials | null): ApiClient {
    return new ApiClient({ ...this.options, auth });
  }

  /** The same client (its throttle too) with other observers. */
  observedBy(observers: readonly ExchangeObserver[]): ApiClient {
    return new ApiClient({ ...this.options, observers });
  }

  /** The same client (its throttle too) with one more observer after its own. */
  alsoObservedBy(observer: ExchangeObserver): ApiClient {
    return this.observedBy([...this.observers, observer]);
  }

  get(path: string, o: RequestOptions = {}) {
    return this.request('GET', path, o);
  }
  post(path: string, o: RequestOptions = {}) {
    return this.request('POST', path, o);
  }
  put(path: string, o: RequestOptions = {}) {
    return this.request('PUT', path, o);
  }
  delete(path: string, o: RequestOptions = {}) {
    return this.request('DELETE', path, o);
  }
  patch(path: string, o: RequestOptions = {}) {
    return this.request('PATCH', path, o);
  }
  /**
   * GET a URL the server wrote in a Link header (parseLinks: absolute, a relative one resolved):
   * as written, or on the client's API root when it names another host (link-host.ts; the run's
   * summary then says so once). The response's url is the URL requested. A link no client can
   * request (relative, not a URL, not http(s)) rejects with the ConformanceFailure naming it
   * (link-url.ts), never a bare "Invalid URL".
   */
  async follow(link: string, o: RequestOptions = {}) {
    const target = linkTarget(link);
    if ('problem' in target) throw linkFailure(undefined, link, target.problem);
    return this.request('GET', followLinkOn(target.url, this.options.apiUrl), o);
  }

  /** Builds the absolute URL: a path is relative to the API root (/api/v4); an absolute URL is kept. */
  url(path: string, query?: RequestOptions['query']): string {
    const base = /^https?:\/\//.test(path) ? path : this.options.apiUrl + path;
    const qs = typeof query === 'string' ? query : query ? encodeParams(query) : '';
    if (!qs) return base;
    return base + (base.includes('?') ? '&' : '?') + qs;
  }

  async request(method: string, path: string, o: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    const query: Record<string, unknown> = {};
    const auth = o.auth === undefined ? this.options.auth : o.auth;
    if (auth) {
      const via = auth.via ?? 'private-token';
      if (via === 'private-token') headers['private-token'] = auth.token;
      else if (via === 'bearer') headers.authorization = `Bearer ${auth.token}`;
      else query[via] = auth.token;
    }
    if (o.sudo !== undefined) {
      if (o.sudoVia === 'query') query.sudo = String(o.sudo);
      else headers.sudo = String(o.sudo);
    }
    let url = this.url(path, o.query);
    if (Object.keys(query).length) url += (url.includes('?') ? '&' : '?') + encodeParams(query);

    let body: string | Buffer | undefined;
    if (o.json !== undefined) {
      body = JSON.stringify(o.json);
      headers['content-type'] = 'application/json';
    } else if (o.form !== undefined) {
      body = typeof o.form === 'string' ? o.form : encodeParams(o.form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (o.body !== undefined) {
      body = o.body;
      if (o.contentType) headers['content-type'] = o.contentType;
    }

    const throttle = this.options.throttle ?? defaultThrottle();
    const dispatcher = this.options.dispatcher ?? agent();
    const xo: ExchangeOptions = { method, headers, body, timeoutMs: this.options.timeoutMs, maxBodyBytes: this.options.maxBodyBytes };
    // A place among the process's requests in flight (the main process bounds them: CONFORMANCE_CONCURRENCY).
    const entering = throttle.enter();
    if (entering) await entering;
    let started: number;
    let final: Answer;
    try {
      if (throttle.interval) await throttle.slot();
      started = performance.now();
      final = await send(dispatcher, url, xo);
      // A 429 is waited out and asked again: the observers and the caller see the final answer only.
      if (final.status === 429) ({ answer: final, started } = await retryThrottled(final, dispatcher, url, xo, throttle));
    } finally {
      throttle.leave();
    }
    const res: ApiResponse = {
      method,
      url,
      requestHeaders: headers,
      status: final.status,
      headers: final.headers,
      text: '',
      json: undefined,
      durationMs: 0,
      requestBody: body === undefined ? undefined : typeof body === 'string' ? body : `<${body.length} bytes>`,
    };
    if (final.error) {
      res.error = transportError(final.error, this.options);
    } else {
      res.text = final.text;
      if (/\bjson\b/i.test(res.headers['content-type'] ?? '') || /^\s*[[{"]/.test(res.text)) {
        try {
          res.json = JSON.parse(res.text);
        } catch {
          res.json = undefined;
        }
      }
    }
    res.durationMs = performance.now() - started;
    for (const observe of this.observers) observe(res);
    return res;
  }
}

/** One exchange; a URL undici cannot take is a failed answer too. */
function send(dispatcher: Agent, url: string, o: ExchangeOptions): Promise<Answer> {
  try {
    return exchange(dispatcher, url, o);
  } catch (e) {
    return Promise.resolve({ status: 0, headers: {}, text: '', error: e as Error });
  }
}

/** Waits out 429 answers and asks again until another answer comes (or the throttle gives up: KitError TARGET_THROTTLING). */
async function retryThrottled(
  first: Answer,
  dispatcher: Agent,
  url: string,
  o: ExchangeOptions,
  throttle: Throttle,
): Promise<{ answer: Answer; started: number }> {
  const what = `${o.method} ${new URL(url).pathname}`; // no query: a token may travel there
  let answer = first;
  let started = 0;
  for (let tries = 1; answer.status === 429; tries += 1) {
    await throttle.waitOut(answer.headers, what, tries);
    if (throttle.interval) await throttle.slot();
    started = performance.now();
    answer = await send(dispatcher, url, o);
  }
  return { answer, started };
}

/**
 * Why no complete answer arrived, in words that name the cause: "no answer within 800 ms",
 * "the target reset the connection (ECONNRESET)", "response body over 1048576 bytes (...)".
 */
export function transportError(e: unknown, o: { timeoutMs: number; maxBodyBytes: number }): string {
  const err = e as Error & { code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return `no answer within ${o.timeoutMs} ms (CONFORMANCE_TIMEOUT_MS)`;
  }
  if (code === 'BODY_TOO_LARGE') return `response body over ${o.maxBodyBytes} bytes (CONFORMANCE_MAX_BODY_BYTES); the kit stopped reading`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `the target reset the connection (${code})`;
  if (code === 'UND_ERR_SOCKET') return `the target closed the connection before a complete answer (${err.message})`;
  if (code === 'ECONNREFUSED') return 'the target refused the connection (ECONNREFUSED)';
  return `${code ?? err.name}: ${err.message}`;
}
