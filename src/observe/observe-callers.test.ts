/**
 * observe judges by who is calling (issue 41, Done when): in front of the reference with each fault
 * of the catalogue whose departure depends on the caller, the part of the kit's certification that
 * catches it runs THROUGH observe with identifyCallers, and observe reports a server finding naming
 * the fault's clause, a security finding (with the caller's id, never a credential) where a regular
 * user got what only an administrator or the owner may get. The faultless whole certification is
 * observe-certification.test.ts (no server finding there).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../mutation/catalogue.ts';
import { removeRunFolders, runCertification, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { startObserve } from './index.ts';

const ADMIN = 'observe-callers-admin-token';
afterAll(removeRunFolders);

/** The faults, and whether observe must call each a security finding. */
export const CALLER_FAULTS = [
  ['users.normal-views-show-email', true],
  ['auth.admin-only-open', true],
  ['users.admin-list-hides-is-admin', false],
  ['users.current-shows-admin-fields', false],
  ['tokens.value-shown', false],
] as const;

describe('observe judges by caller', () => {
  it.each(CALLER_FAULTS)('%s: a finding naming its clause (security: %s)', { timeout: 240_000 }, async (id, security) => {
    const fault = CATALOGUE.find((f) => f.id === id)!;
    const ref = await startReferenceServer({ adminToken: ADMIN, faults: [id] });
    const reportsDir = tempFolder('cfk-observe-callers-');
    const o = await startObserve({ upstream: ref.url, reportsDir, judgeEverything: true, identifyCallers: true });
    try {
      // The kit catches the fault too; what matters here is what observe saw of that traffic.
      await runCertification({ env: { CONFORMANCE_BASE_URL: o.url, CONFORMANCE_ADMIN_TOKEN: ADMIN }, filters: fault.suites });
    } finally {
      await ref.close();
    }
    const secrets = await o.learnedSecrets();
    const { summary, exitCode } = await o.stop();
    const named = summary.server.filter((f) => f.clause === fault.clause);
    expect(named, JSON.stringify(summary.server.map((f) => [f.operation, f.clause, f.about]))).not.toEqual([]);
    expect(exitCode).toBe(1);
    if (security) {
      const f = named.find((x) => x.security);
      expect(f?.security).toMatchObject({ id: expect.any(Number), username: '<username>' });
    }
    expect(scanForSecrets(reportsDir, [ADMIN, ...secrets])).toEqual([]);
  });
});
