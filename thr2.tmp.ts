import { startHostileTarget } from './src/mutation/hostile-servers.ts';
import { runCertification } from './src/mutation/run-fault.ts';
const TOKEN = 'throttle-test-admin-token-0123456789x';
for (let i = 0; i < 8; i++) {
  let n = 0;
  const target = await startHostileTarget({ behaviour: 'throttle', adminToken: TOKEN, match: () => ++n % 100 === 0 });
  const run = await runCertification({ filters: ['suites/broadcast-messages', 'suites/users'], args: ['--progress', 'lines'], env: { CONFORMANCE_BASE_URL: target.url, CONFORMANCE_ADMIN_TOKEN: TOKEN, CONFORMANCE_THROTTLE_MAX_WAIT_MS: '60000' } });
  console.log(i, run.exitCode, target.hits);
  const s = run.summary as any;
  for (const f of s?.failures ?? []) console.log(JSON.stringify(f).slice(0, 3000));
  await target.close();
}
export {};
