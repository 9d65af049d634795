/**
 * Child-process entry of the bare server: a plain node:http server that answers every request
 * with one captured response, replayed as is (status, raw header list in order, body bytes).
 * The reference's throughput is measured against it: what node:http alone costs for the same
 * bytes. Protocol of children.ts: send `{ type: 'replay', status, rawHeaders, bodyBase64 }`, get
 * ready -> { url }.
 *
 *   const bare = await startChild('bare-child.ts', {}, { type: 'replay', ...capture });
 */
import { createServer } from 'node:http';
import { serveParent, type Message } from './children.ts';

const replay = await new Promise<Message>((resolve) => {
  const onMessage = (m: Message) => {
    if (m?.type === 'replay') {
      process.off('message', onMessage);
      resolve(m);
    }
  };
  process.on('message', onMessage);
});
const status = replay.status as number;
const rawHeaders = replay.rawHeaders as string[];
const body = Buffer.from(replay.bodyBase64 as string, 'base64');

const server = createServer((req, res) => {
  req.resume();
  res.writeHead(status, rawHeaders);
  res.end(body);
});
server.keepAliveTimeout = 72_000; // as the reference (fastify's default)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveParent(
  {},
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
