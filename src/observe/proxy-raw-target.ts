/**
 * Requests Node's HTTP parser refuses but the upstream may take: a request target with raw bytes
 * (UTF-8 in the query, as scripts and some clients send it). Node answers nothing for them (its
 * parser stops at the first byte above 0x7f, even with insecureHTTPParser); the platform's front
 * server answers 200. So the proxy takes that connection from the parser, reads the request's head
 * as sent, and forwards it to the upstream unchanged (the Host header and the hop-by-hop ones
 * handled as for every request, `Connection: close` added so that the next request comes on a new,
 * parsed connection), then tunnels both ways until the upstream closes. Counted as `unparsable`,
 * never judged. Every other parse error is answered as Node answers it (400, 431 for headers too
 * large), the upstream would refuse those too.
 *
 *   server.on('clientError', (e, socket) => answerClientError(wire, e, socket));
 *   // GET /api/v4/users?search=café HTTP/1.1 (raw UTF-8) -> forwarded byte for byte, answered by the upstream
 */
import type { Duplex } from 'node:stream';
import { forwardedHeaders, headBytes, MAX_HEADER_SIZE } from './proxy-headers.ts';
import type { Wire } from './proxy-wire.ts';

/** A parse error as Node's server hands it to 'clientError'. */
interface ParseError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** The socket as the server keeps it: its response in progress, if any. */
type ServerSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/** Sockets taken from the parser: its further errors on them are ours to ignore. */
const taken = new WeakSet<Duplex>();

const END_OF_HEAD = Buffer.from('\r\n\r\n');

export function answerClientError(wire: Wire, e: ParseError, duplex: Duplex): void {
  const socket = duplex as ServerSocket;
  if (taken.has(socket)) return;
  if (e.code === 'HPE_INVALID_URL' && e.rawPacket && !socket._httpMessage && socket.writable) return forwardRaw(wire, socket, e.rawPacket);
  // As Node's server answers when nobody listens (lib/_http_server.js socketOnError).
  if (socket.writable && !socket._httpMessage?.headersSent) {
    const status = e.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy();
}

function forwardRaw(wire: Wire, socket: ServerSocket, packet: Buffer): void {
  taken.add(socket);
  wire.counts.unparsable++;
  const settle = wire.begin();
  // Node's own listeners would feed the parser again; a 'data' listener of ours takes the socket from it.
  socket.removeAllListeners('data');
  socket.removeAllListeners('end');
  let pending = Buffer.from(packet);
  const more = (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    headRead();
  };
  const headRead = () => {
    const end = pending.indexOf(END_OF_HEAD);
    if (end < 0) {
      if (pending.length > MAX_HEADER_SIZE) {
        socket.end('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
        settle();
      }
      return;
    }
    socket.off('data', more);
    socket.pause();
    const upstream = wire.connect();
    upstream.write(rewrittenHead(wire, pending.subarray(0, end)));
    upstream.write(pending.subarray(end + END_OF_HEAD.length));
    wire.tunnel(socket, upstream, settle);
  };
  socket.on('data', more);
  socket.on('close', settle);
  headRead();
}

/** The head as the upstream gets it: the target after the upstream's path, Host and hop-by-hop headers as for every request. */
function rewrittenHead(wire: Wire, head: Buffer): Buffer {
  const lines = head.toString('latin1').split('\r\n');
  const [method, target, version] = lines[0]!.split(' ');
  const raw: string[] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) raw.push(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  const path = target?.startsWith('/') ? `${wire.prefix}${target}` : target;
  return headBytes(`${method} ${path} ${version}`, [...forwardedHeaders(raw, wire.hostHeader), 'Connection', 'close']);
}
