/**
 * Upgrades (WebSocket on the platform's `/-/cable`, or any other `Upgrade`): the request goes to
 * the upstream with its headers as sent (Connection and Upgrade kept, Host as for every request).
 * A 101 is written back byte for byte (status line, headers) and both sockets are tunnelled until
 * either closes, counted as a tunnel, nothing inside judged. Any other answer is forwarded as it
 * comes (the connection then closes: it left the HTTP server) and judged as an ordinary exchange.
 *
 *   server.on('upgrade', (req, socket, head) => forwardUpgrade(wire, req, socket, head));
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { forwardedHeaders, headBytes, upgradeHeaders } from './proxy-headers.ts';
import { ExchangeCopy, type Wire } from './proxy-wire.ts';

export function forwardUpgrade(wire: Wire, req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
  // In flight until the upstream answers; a tunnel after that, which a stop does not wait for.
  const settle = wire.begin();
  const copy = new ExchangeCopy(wire, req);
  let upgraded = false;
  let answered = false;
  const out = wire.upstreamRequest(req, upgradeHeaders(req.rawHeaders, wire.hostHeader));
  socket.on('error', () => out.destroy());
  socket.on('close', () => {
    settle();
    if (!upgraded) out.destroy();
  });
  out.on('upgrade', (answer: http.IncomingMessage, upSocket: Duplex, upHead: Buffer) => {
    upgraded = true;
    wire.counts.tunnels++;
    socket.write(headBytes(`HTTP/${answer.httpVersion} ${answer.statusCode} ${answer.statusMessage}`, answer.rawHeaders));
    if (upHead.length) socket.write(upHead);
    if (head.length) upSocket.write(head);
    settle();
    wire.tunnel(socket, upSocket);
  });
  out.on('response', (answer) => {
    answered = true;
    const headers = answer.rawHeaders;
    // The body goes as it is read (no chunked framing), so the connection's close ends it.
    const raw = forwardedHeaders(answer.rawHeaders).filter((_, i, all) => all[i - (i % 2)]!.toLowerCase() !== 'transfer-encoding');
    socket.write(headBytes(`HTTP/${answer.httpVersion} ${answer.statusCode} ${answer.statusMessage}`, [...raw, 'Connection', 'close']));
    answer.on('data', (chunk: Buffer) => copy.got.add(chunk));
    answer.pipe(socket);
    answer.on('end', () => copy.finish(answer.statusCode ?? 0, headers));
    answer.on('error', (e) => {
      copy.finish(answer.statusCode ?? 0, headers, e.message);
      socket.destroy();
    });
  });
  out.on('error', (e) => {
    if (upgraded || answered) return;
    copy.finish(0, [], e.message);
    const text = `conformance observe: the upstream did not answer (${e.message})\n`;
    if (socket.writable)
      socket.end(
        `HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
  });
  out.end();
}
