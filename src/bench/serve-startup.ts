/**
 * Bench line 9, the start-up of `conformance serve` (issue 30): spawns `node bin/conformance.js serve
 * --port 0 --admin-token T`, reads the URL from its ready line on stdout, and times from the spawn to
 * the first answered `GET /api/v4/user`. The value is the median of a few runs (target <= 1000 ms):
 * what a pytest or Go test pays before its first request.
 *
 *   readyUrl('Reference server listening on http://127.0.0.1:41234 (API at http://127.0.0.1:41234/api/v4)')
 *     // 'http://127.0.0.1:41234'
 *   startupLine([640, 700, 655]).status   // 'pass': median 655 ms <= 1000
 *   await measureServeStartup({ runs: 3 })
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { KitError } from '../shared/errors.ts';
import { judge, round, type Measurement } from './measurement.ts';
import { median } from './throughput.ts';

/** Target of issue 30: start-up to the first answer within this many ms. */
export const SERVE_STARTUP_TARGET_MS = 1000;
const GIVE_UP_MS = 30_000;
const BIN = fileURLToPath(new URL('../../bin/conformance.js', import.meta.url));

/** The server's URL from serve's ready line, or undefined for any other line (a port of 0 is no URL). */
export function readyUrl(line: string): string | undefined {
  const url = /^Reference server listening on (http:\/\/\S+?:(\d+)) /.exec(line);
  return url && Number(url[2]) > 0 ? url[1] : undefined;
}

/** Line 9 from the runs' times (ms from spawn to the first answer): the median, judged <= 1000 ms. */
export function startupLine(runsMs: readonly number[]): Measurement {
  const med = round(median(runsMs), 0);
  return judge({
    id: 'serve-startup',
    title: '`conformance serve --port 0` start-up to the first answered GET /api/v4/user: median',
    value: med,
    unit: 'ms',
    target: { op: '<=', value: SERVE_STARTUP_TARGET_MS },
    summary: `${runsMs.length} runs of node bin/conformance.js serve: ${runsMs.map((ms) => round(ms, 0)).join(', ')} ms (spawn to the first answer)`,
    details: { runsMs: runsMs.map((ms) => round(ms, 1)), medianMs: med },
  });
}

/** One run: spawn, wait for the ready line, ask the version; ms from the spawn to the answer. */
export async function timeOneStartup(): Promise<number> {
  const token = `bench-${randomBytes(18).toString('base64url')}`;
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--admin-token', token], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, REFERENCE_FAULTS: '' },
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new KitError('BENCH_FAILED', `serve printed no ready line within ${GIVE_UP_MS} ms`)),
        GIVE_UP_MS,
      );
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (const line of buffered.split('\n')) {
          const found = readyUrl(line);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new KitError('BENCH_FAILED', `serve exited (${code}) before its ready line`));
      });
    });
    const res = await fetch(`${url}/api/v4/user`, { headers: { 'private-token': token } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new KitError('BENCH_FAILED', `serve: GET /api/v4/user answered ${res.status}`);
    return performance.now() - started;
  } finally {
    const gone = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
    child.kill('SIGTERM');
    await gone;
  }
}

/** `runs` start-ups one after another (a first one to warm the disk cache is not counted), as line 9. */
export async function measureServeStartup({ runs = 3 }: { runs?: number } = {}): Promise<Measurement> {
  await timeOneStartup();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOneStartup());
  return startupLine(times);
}
