/**
 * Measurement 2: users created per second through the API (POST /users as the administrator,
 * every body unique), on a fresh reference in a child process. The issue sets no target: the
 * number is reported for information.
 *
 *   const m = await createsPerSecond({ apiUrl, token, connections: 10, durationSec: 5, log });
 */
import { load } from './load.ts';
import { judge, round, type Measurement } from './measurement.ts';

export interface CreatesOptions {
  apiUrl: string;
  token: string;
  connections: number;
  durationSec: number;
  log: (line: string) => void;
}

export async function createsPerSecond(o: CreatesOptions): Promise<Measurement> {
  let n = 0;
  const r = await load({
    url: `${o.apiUrl}/users`,
    connections: o.connections,
    durationSec: o.durationSec,
    expectStatus: 201,
    requests: [
      {
        method: 'POST',
        headers: { 'private-token': o.token, 'content-type': 'application/json' },
        setupRequest: (request) => {
          n += 1;
          const username = `bench-${process.pid}-${n}`;
          return {
            ...request,
            body: JSON.stringify({ username, name: `Bench ${n}`, email: `${username}@example.com`, password: 'bench-password-1' }),
          };
        },
      },
    ],
  });
  o.log(`  ${r.total} users created in ${r.durationSec} s`);
  return judge({
    id: 'creates',
    title: 'POST /users creates per second',
    value: round(r.rps, 1),
    unit: 'req/s',
    target: null,
    summary: `${r.total} users in ${round(r.durationSec, 1)} s, ${o.connections} connections, p50 ${r.latencyP50Ms} ms`,
    details: {
      created: r.total,
      durationSec: r.durationSec,
      connections: o.connections,
      latencyP50Ms: r.latencyP50Ms,
      latencyP99Ms: r.latencyP99Ms,
    },
  });
}
