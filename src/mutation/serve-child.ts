/**
 * `conformance serve` in a child process of its own, on a free loopback port, for the self-tests that
 * certify a served reference as a deployed target (with REFERENCE_FAULTS and other REFERENCE_* variables
 * when given). Resolves once it prints its base URL; the caller ends it (child.kill('SIGTERM')).
 *
 *   const { child, url } = await serveChild(TOKEN);            // url: http://127.0.0.1:<port>
 *   const faulty = await serveChild(TOKEN, 'broadcast.ignores-color', { REFERENCE_PROFILE: 'platform' });
 *   await targetCounts(url, TOKEN);                              // { users: 1, 'broadcast messages': 0, ... }
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { childEnv } from './run-fault.ts';

const BIN = join(PACKAGE_ROOT, 'bin/conformance.js');

export async function serveChild(
  adminToken: string,
  faults = '',
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--admin-token', adminToken], {
    cwd: PACKAGE_ROOT,
    env: childEnv({ REFERENCE_FAULTS: faults, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+?) /.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  return { child, url: address };
}

/** What a target holds, by the totals of its lists (the admin sees every user, message, project and group). */
export async function targetCounts(base: string, adminToken: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, path] of [
    ['users', '/users'],
    ['broadcast messages', '/broadcast_messages'],
    ['projects', '/projects'],
    ['groups', '/groups?all_available=true'],
  ] as const) {
    const res = await fetch(`${base}/api/v4${path}${path.includes('?') ? '&' : '?'}per_page=1`, {
      headers: { 'private-token': adminToken },
    });
    out[name] = Number(res.headers.get('x-total'));
  }
  return out;
}
