import { spawnSync } from 'node:child_process';
import { startChild } from './src/bench/children.ts';
const token = 'bench-token-abcdefghijklmnopqrstuvwxyz';
const ref = await startChild('reference-child.ts', { REFERENCE_FAULTS: '', REFERENCE_SEED_GENERATED_USERS: '0', REFERENCE_VARIABLES_SCOPE_FILTER: '1', REFERENCE_DEPENDENCY_FIXTURE: '1', REFERENCE_SEED_LDAP_BLOCKED: 'bench-ldap', REFERENCE_SEED_ACTIVITY: 'bench-seen-3d:3,bench-seen-40d:40', REFERENCE_ADMIN_TOKEN: token, BENCH_LATENCY_MS: process.env.LAT ?? '50' });
const r = spawnSync(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof3'] : []), 'bin/conformance.js', 'certify', '--base-url', ref.ready.url as string, '--concurrency', process.env.CONC ?? '12', '--progress', 'dot', '--reports-dir', '/tmp/dep2', ...process.argv.slice(2)], { env: { ...process.env, CONFORMANCE_ADMIN_TOKEN: token, CONFORMANCE_LDAP_BLOCKED_USER: 'bench-ldap' }, stdio: ['ignore', 'pipe', 'inherit'] });
const s = JSON.parse((await import('node:fs')).readFileSync('/tmp/dep2/summary.json', 'utf8'));
console.log(r.status, s.requests, s.requestsByPhase);
await ref.stop();
export {};
