/**
 * Requests Node's HTTP parser refuses before fastify sees them (a NUL or space on the request
 * line, a control byte in a header, broken chunked framing, both Content-Length and
 * Transfer-Encoding, headers past the size limit, a request that never completes): answered on
 * the socket with the API's declared error and a JSON body, then the connection is closed.
 *
 *   Fastify({ clientErrorHandler: answerClientError });
 *   ignoreUnknownExpectations(app.server);
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { apiError, type ApiError } from './errors.ts';

function errorOf(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return apiError('header_too_large');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return apiError('request_timeout');
  return apiError('bad_request', 'malformed HTTP request');
}

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A client that went away, or a socket already answered: nothing to say.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const err = errorOf(error.code);
  const body = JSON.stringify(err.body);
  socket.end(
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? ''}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** An Expect other than 100-continue is ignored and the request handled (Node would answer a bare 417 with no body). */
export function ignoreUnknownExpectations(server: Server): void {
  server.on('checkExpectation', (request, response) => server.emit('request', request, response));
}
