/**
 * A raw HTTP/1.1 client over node:net for the robustness tests: the request line, headers and
 * body go out byte for byte as given (bad percent-encoding, NUL bytes, duplicate headers, a
 * body on GET, no Content-Type), which URL objects and ordinary clients refuse to send. One
 * connection per request (Connection: close); the answer is read to the end and parsed.
 *
 *   const res = await sendRaw(port, { method: 'GET', path: '/api/v4/users/%zz', headers: [['private-token', t]] });
 *   res.status;  res.headers['content-type'];  res.body;
 *   describeRaw(req);   // the exact request, truncated, to reproduce a failure
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent as is on the request line (no encoding applied). */
  path: string;
  /** In order; duplicates allowed. Host and Connection are added; Content-Length too unless given. */
  headers: [string, string][];
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

function bytesOf(body: string | Buffer | undefined): Buffer | undefined {
  return body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
}

/** The request's bytes: request line, headers, blank line, body. */
export function encodeRaw(req: RawRequest, host: string): Buffer {
  const body = bytesOf(req.body);
  const names = new Set(req.headers.map(([n]) => n.toLowerCase()));
  const lines = [`${req.method} ${req.path} HTTP/1.1`, `Host: ${host}`, 'Connection: close'];
  for (const [name, value] of req.headers) lines.push(`${name}: ${value}`);
  if (body !== undefined && !names.has('content-length') && !names.has('transfer-encoding')) {
    lines.push(`Content-Length: ${body.length}`);
  }
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body === undefined ? head : Buffer.concat([head, body]);
}

function decodeChunked(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

export function parseRawResponse(data: Buffer): RawResponse {
  const split = data.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`not an HTTP response: ${JSON.stringify(data.subarray(0, 200).toString('latin1'))}`);
  const [statusLine = '', ...headerLines] = data.subarray(0, split).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) throw new Error(`bad status line: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
  }
  let body = data.subarray(split + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = decodeChunked(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status: Number(m[1]), headers, body: body.toString('utf8') };
}

/** Sends one raw request to 127.0.0.1:port and reads the whole answer (the server closes the connection). */
export function sendRaw(port: number, req: RawRequest, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms to:\n${describeRaw(req)}`));
    }, timeoutMs);
    socket.on('connect', () => socket.end(encodeRaw(req, `127.0.0.1:${port}`)));
    socket.on('data', (d: Buffer) => chunks.push(d));
    // The server may answer and close before it has read the whole body (413, parser errors): a reset then is not a failure.
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return;
      clearTimeout(timer);
      reject(new Error(`${e.code ?? e.name} on:\n${describeRaw(req)}`));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      if (data.length === 0) {
        reject(new Error(`the server closed the connection without an answer to:\n${describeRaw(req)}`));
        return;
      }
      try {
        resolve(parseRawResponse(data));
      } catch (e) {
        reject(new Error(`${(e as Error).message}\nin answer to:\n${describeRaw(req)}`));
      }
    });
  });
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters in all)`;
}

/** The exact request, for a failure message: method, raw path, headers, body (each truncated), as JSON strings so NULs and bad bytes show. */
export function describeRaw(req: RawRequest): string {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body.toString('latin1') : req.body;
  return [
    `  ${req.method} ${truncate(JSON.stringify(req.path), 400)}`,
    ...req.headers.map(([n, v]) => `  ${JSON.stringify(n)}: ${truncate(JSON.stringify(v), 200)}`),
    body === undefined ? '  (no body)' : `  body: ${truncate(JSON.stringify(body), 600)}`,
  ].join('\n');
}
