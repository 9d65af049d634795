/**
 * The kit runs on the real platform's defaults, end to end: a reference that requires an
 * expires_at on impersonation tokens (the capability tokens.expiry-required, as
 * require_personal_access_token_expiry on a default install) is certified on the token and auth
 * suites (and the other files that make tokens: pagination, the token model, the round trip) with
 * exit 0; a target in Admin Mode stops the run with exit 2 and one line naming it.
 *
 *   npx vitest run src/mutation/platform-defaults.test.ts
 */
import { createServer } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

describe('the kit on the platform defaults', () => {
  test('a reference that requires expires_at on impersonation tokens passes the token and auth suites (exit 0)', async () => {
    // Besides the two suites, the other places that make tokens: the token collection of pagination (the first third of its
    // offset table), the token model, the round trip.
    const others = ['pagination/offset.test.ts', 'properties/model-tokens.test.ts', 'properties/round-trip-credentials.test.ts'];
    const run = await runCertification({
      filters: ['impersonation-tokens', 'auth', ...others.map((f) => `suites/${f}`)],
      env: { REFERENCE_TOKEN_EXPIRY_REQUIRED: '1', CONFORMANCE_NUM_RUNS: '5' },
    });
    expect(run.exitCode, `${run.stdout.slice(-2000)}\n${run.stderr.slice(-1000)}`).toBe(0);
    for (const id of [
      'tokens.create.status',
      'tokens.create.fields',
      'tokens.field.shape',
      'conv.params.array_repeat',
      'tokens.create.name_required',
    ]) {
      expect(run.summary!.clauses.find((c) => c.id === id)?.status, id).toBe('pass');
    }
  });

  test('a target in Admin Mode (is_admin true, admin-only calls 403) exits 2 with one line naming it', async () => {
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      const [status, body] =
        path === '/api/v4/user'
          ? [200, { id: 1, username: 'root', is_admin: true, created_at: '2024-05-01T12:00:00.000Z' }]
          : [403, { message: '403 Forbidden' }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const run = await runCertification({
        filters: ['suites/broadcast-messages/read.test.ts'],
        env: { CONFORMANCE_BASE_URL: `http://127.0.0.1:${port}`, CONFORMANCE_ADMIN_TOKEN: 'admin-mode-test-token-0123' },
      });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/Admin Mode is on: the token needs the admin_mode scope/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
