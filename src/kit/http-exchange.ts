/**
 * One HTTP exchange over undici's dispatcher API: the status, the headers (names lower-cased,
 * repeated ones joined with ", ") and the body as text, with an overall deadline and a cap on the
 * body. The kit's client sends every request through here: undici's request() makes a readable
 * stream, an abort signal and a promise chain per response, which cost about 75 us of CPU a
 * request on top of this (issue 11 bench: 182 against 106 us, warm).
 *
 *   const a = await exchange(agent, 'http://h/api/v4/users', { method: 'GET', headers, timeoutMs: 10_000, maxBodyBytes: 1 << 24 });
 *   a.status; a.headers['x-total']; a.text
 *
 * It never rejects: a failed exchange has `error`, an Error whose name is 'TimeoutError' past the
 * deadline, whose code is 'BODY_TOO_LARGE' past the cap, or undici's own (ECONNRESET,
 * UND_ERR_SOCKET...), with the status and headers as far as they came.
 */
import type { Dispatcher } from 'undici';

export interface ExchangeOptions {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connection to last byte; also undici's headers and body timeouts. */
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface Answer {
  /** 0 when no answer started. */
  status: number;
  headers: Record<string, string>;
  /** The body; empty when the exchange failed. */
  text: string;
  /** Why the exchange did not complete (status and headers stay as far as they came). */
  error?: Error;
}

/**
 * An error of the exchange, and how undici is told to drop the request, both kept clear of this
 * module's frames. Node formats the stack of the error a socket is closed with; in vitest's main
 * process (the globalSetup's requests) that goes through vite's stack mapping, which throws on
 * modules from the module cache ("code.charCodeAt is not a function") and would crash the run.
 * So the error's stack is written at once, and the abort runs from the event loop, not under a
 * frame of this module (as an AbortSignal's would).
 */
function failure(message: string, fields: { name?: string; code?: string }): Error {
  const error = Object.assign(new Error(message), fields);
  error.stack = `${error.name}: ${message}`;
  return error;
}

function abortLater(controller: Dispatcher.DispatchController, reason: Error): void {
  setImmediate(controller.abort.bind(controller), reason);
}

export function exchange(dispatcher: Dispatcher, url: string, o: ExchangeOptions): Promise<Answer> {
  const target = new URL(url);
  return new Promise<Answer>((resolve) => {
    const chunks: Buffer[] = [];
    const headers: Record<string, string> = {};
    let status = 0;
    let size = 0;
    let settled = false;
    let controller: Dispatcher.DispatchController | undefined;
    let stopped: Error | undefined;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(error ? { status, headers, text: '', error } : { status, headers, text: Buffer.concat(chunks).toString('utf8') });
    };
    /** Ends the exchange with `reason`: undici drops the request, the promise answers now. */
    const stop = (reason: Error) => {
      if (stopped) return;
      stopped = reason;
      if (controller) abortLater(controller, reason);
      finish(reason);
    };
    const deadline = setTimeout(() => stop(failure(`no answer within ${o.timeoutMs} ms`, { name: 'TimeoutError' })), o.timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (stopped) abortLater(c, stopped);
      },
      onResponseStart(_c, statusCode, responseHeaders) {
        if (statusCode < 200) return; // 1xx informational: the answer is still to come
        status = statusCode;
        for (const [name, value] of Object.entries(responseHeaders)) {
          if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
        }
      },
      onResponseData(_c, chunk) {
        size += chunk.length;
        if (size > o.maxBodyBytes) stop(failure(`response body over ${o.maxBodyBytes} bytes`, { code: 'BODY_TOO_LARGE' }));
        else chunks.push(chunk);
      },
      onResponseEnd() {
        finish();
      },
      onResponseError(_c, error) {
        finish(error);
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin: target.origin,
          path: target.pathname + target.search,
          method: o.method as Dispatcher.HttpMethod,
          headers: o.headers,
          body: o.body,
          headersTimeout: o.timeoutMs,
          bodyTimeout: o.timeoutMs,
        },
        handler,
      );
    } catch (error) {
      finish(error as Error); // options undici refuses outright
    }
  });
}
