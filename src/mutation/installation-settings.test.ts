/**
 * Installation settings are not server bugs, end to end: a reference with
 * user_defaults_to_private_profile on (the capability users.private-profile-by-default) passes the
 * users create and view suites with exit 0, the private_profile default clauses reported as skipped
 * with a reason naming the setting; a reference with Admin Mode on (auth.admin-mode) passes the sudo
 * suite with exit 0, auth.sudo.no_scope.error judged and passed.
 *
 *   npx vitest run src/mutation/installation-settings.test.ts
 */
import { afterAll, describe, expect, test } from 'vitest';
import { removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

afterAll(removeRunFolders);

const clause = (run: CertificationRun, id: string) => run.summary!.clauses.find((c) => c.id === id);
const output = (run: CertificationRun) => `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`;

describe('installation settings of the target', () => {
  test('user_defaults_to_private_profile on: exit 0, the private_profile defaults skipped naming the setting', async () => {
    const run = await runCertification({
      filters: ['suites/users/create.test.ts', 'suites/users/views.test.ts'],
      env: { REFERENCE_USER_DEFAULTS_TO_PRIVATE_PROFILE: '1' },
    });
    expect(run.exitCode, output(run)).toBe(0);
    for (const id of ['users.create.private_profile_default', 'users.create.private_profile_null']) {
      expect(clause(run, id), id).toMatchObject({
        status: 'skip',
        reason: expect.stringMatching(/user_defaults_to_private_profile is on/),
      });
    }
    // What the setting broke where the kit's users had private profiles (platform-audit-3 O6): judged, and passed.
    for (const id of ['users.get.normal_fields', 'users.get.non_admin_hidden', 'users.create.admin_default']) {
      expect(clause(run, id)?.status, id).toBe('pass');
    }
  });

  test('Admin Mode on: exit 0, auth.sudo.no_scope.error sees insufficient_scope', async () => {
    const run = await runCertification({ filters: ['suites/auth/sudo.test.ts'], env: { REFERENCE_ADMIN_MODE: '1' } });
    expect(run.exitCode, output(run)).toBe(0);
    for (const id of ['auth.sudo.no_scope.error', 'auth.sudo.no_scope.status', 'auth.sudo.query']) {
      expect(clause(run, id)?.status, id).toBe('pass');
    }
  });
});
