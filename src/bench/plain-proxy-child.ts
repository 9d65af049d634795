/**
 * Child-process entry of the plain pass-through proxy observe is measured against: the least an
 * HTTP proxy in Node costs. http.createServer, http.request with a keep-alive agent, the request
 * piped up and the answer piped down, nothing else (no copy, no judging). Protocol of children.ts:
 * ready -> { url }, 'stats' -> CPU and memory of this process, 'stop'.
 *
 *   const plain = await startChild('plain-proxy-child.ts', { PROXY_UPSTREAM: 'http://127.0.0.1:4010' });
 */
import http from 'node:http';
import { serveParent } from './children.ts';
import { processStats } from './observe-child-stats.ts';

const upstream = new URL(process.env.PROXY_UPSTREAM ?? '');
const agent = new http.Agent({ keepAlive: true });

const server = http.createServer({ keepAlive: true }, (req, res) => {
  const out = http.request(
    { hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  req.pipe(out);
});
server.keepAliveTimeout = 72_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

serveParent(
  { stats: processStats },
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
      agent.destroy();
    }),
);
process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
