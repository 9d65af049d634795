/**
 * A certification leaves a deployed target as it found it: after a passing run, a failing run, a
 * run stopped with SIGINT, and a run killed outright followed by `conformance cleanup`, the
 * served reference has exactly the users, broadcast messages, projects and groups it had before.
 * Also against a reference set up as a current default installation (impersonation tokens need an
 * expiry, users are removed by a background job after a delay, projects and groups only marked for
 * deletion by DELETE, the certificate-based cluster API hidden): the run passes, the verdict names
 * clusters as not offered, and once the delay has passed nothing is left but the run group (a
 * top-level group such a target only marks and refuses to remove at once), which the summary says
 * awaits the target's deletion. And against the platform profile (`serve --profile platform`): a
 * whole certification with the shipped baseline passes and leaves the same (about 30 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { childEnv, removeRunFolders, tempFolder } from './run-fault.ts';
import { serveChild, targetCounts } from './serve-child.ts';
import { SHIPPED_BASELINE } from './shipped-baseline.ts';

const TOKEN = 'clean-test-admin-token-0123456789';
const BIN = join(PACKAGE_ROOT, 'bin/conformance.js');
let server: ChildProcess;
let url = '';

/** `conformance serve` in its own process (with REFERENCE_FAULTS and other REFERENCE_* variables when given). */
const serve = (faults = '', env: Record<string, string> = {}) => serveChild(TOKEN, faults, env);

beforeAll(async () => {
  ({ child: server, url } = await serve());
});
afterAll(() => {
  server?.kill('SIGTERM');
  removeRunFolders();
});

const counts = (base = url) => targetCounts(base, TOKEN);

function run(
  args: string[],
  env: Record<string, string>,
  onOutput?: (text: string, child: ChildProcess) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: PACKAGE_ROOT,
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    const on = (d: Buffer) => {
      output += d;
      onOutput?.(output, child);
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
}

const certifyArgs = () => ['certify', '--progress', 'verbose', '--base-url', url];

/**
 * The target holds what it held before and one group more: the run's, top level, marked for deletion (the
 * target deletes it after its delay); summary.json and summary.md say that one group awaits deletion, and
 * offer no command for it.
 */
async function expectOnlyTheRunGroup(base: string, before: Record<string, number>, summary: any, reports: string): Promise<void> {
  expect(await counts(base)).toEqual({ ...before, groups: before.groups! + 1 });
  const res = await fetch(`${base}/api/v4/groups?all_available=true&per_page=100&order_by=id&sort=desc`, {
    headers: { 'private-token': TOKEN },
  });
  const newest = ((await res.json()) as Record<string, unknown>[])[0]!;
  expect(newest).toMatchObject({ parent_id: null, full_path: expect.stringMatching(/^cfk-[a-z0-9]+-deletion_scheduled-\d+$/) });
  expect(newest.marked_for_deletion_on).toEqual(expect.any(String));
  expect([summary.cleanup.left, summary.cleanup.awaiting]).toEqual([
    [],
    [{ what: `group /groups/${newest.id}`, reason: expect.any(String) }],
  ]);
  expect(summary.cleanup.awaiting[0].reason).toContain('`permanently_remove` option is only available for subgroups.');
  const md = readFileSync(join(reports, 'summary.md'), 'utf8');
  expect(md).toContain(`Cleanup: 1 top-level group(s) of the run await the target's deletion (group /groups/${newest.id})`);
  expect(md).not.toMatch(/Left on the target|Finish with/);
}

describe('the target is left as it was', () => {
  test('after a passing run', async () => {
    const before = await counts();
    const r = await run([...certifyArgs(), 'suites/broadcast-messages', 'suites/pagination'], {
      CONFORMANCE_ADMIN_TOKEN: TOKEN,
      CONFORMANCE_REPORTS_DIR: tempFolder('clean-'),
    });
    expect(r.code, r.output.slice(-1500)).toBe(0);
    expect(await counts()).toEqual(before);
  });

  test('after a failing run', async () => {
    const faulty = await serve('broadcast.ignores-color');
    try {
      const before = await counts(faulty.url);
      const r = await run(['certify', '--progress', 'dot', '--base-url', faulty.url, 'suites/broadcast-messages'], {
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_REPORTS_DIR: tempFolder('clean-'),
      });
      expect(r.code, r.output.slice(-1500)).toBe(1);
      expect(await counts(faulty.url)).toEqual(before);
    } finally {
      faulty.child.kill('SIGTERM');
    }
  });

  test('after a run stopped with SIGINT half-way', async () => {
    const before = await counts();
    let sent = false;
    const r = await run(
      [...certifyArgs(), 'suites/pagination', 'suites/broadcast-messages'],
      { CONFORMANCE_ADMIN_TOKEN: TOKEN, CONFORMANCE_REPORTS_DIR: tempFolder('clean-') },
      (out, child) => {
        if (!sent && /✓/.test(out)) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    );
    expect(sent).toBe(true);
    expect(r.output).toMatch(/stopping the run and cleaning up/);
    expect(await counts(), r.output.slice(-3000)).toEqual(before);
  });

  test('after a run killed outright, once `conformance cleanup` has run', async () => {
    const before = await counts();
    const reports = tempFolder('clean-');
    // A temporary folder of these runs' own: any other run starting meanwhile (the mutation
    // catalogue starts many) would sweep the killed run's secrets folder from the shared one.
    const tmp = tempFolder('clean-tmp-');
    let killed: number | undefined;
    await run(
      [...certifyArgs(), 'suites/pagination', 'suites/broadcast-messages'],
      { CONFORMANCE_ADMIN_TOKEN: TOKEN, CONFORMANCE_REPORTS_DIR: reports, TMPDIR: tmp },
      (out, child) => {
        if (!killed && /✓/.test(out)) {
          killed = child.pid;
          process.kill(-child.pid!, 'SIGKILL');
        }
      },
    );
    expect(killed).toBeDefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts()).not.toEqual(before);
    // The killed run's secrets folder (its pid in the name) stays until the cleanup.
    const secretsFolders = () => readdirSync(tmp).filter((name) => name.startsWith(`cfk-secrets-${killed}-`));
    expect(secretsFolders()).toHaveLength(1);
    const c = await run(['cleanup', '--base-url', url], { CONFORMANCE_ADMIN_TOKEN: TOKEN, CONFORMANCE_REPORTS_DIR: reports, TMPDIR: tmp });
    expect(c.code, c.output).toBe(0);
    expect(c.output).toMatch(/removed user/);
    expect(c.output).not.toContain(TOKEN);
    expect(await counts()).toEqual(before);
    expect(secretsFolders()).toEqual([]);
  });
});

describe('the target is left as it was, when it has the defaults of a current installation', () => {
  test('token expiry required, users removed by a background job, projects and groups only marked by DELETE, clusters hidden', async () => {
    const DELAY_MS = 1_000;
    const platformLike = await serve('', {
      REFERENCE_TOKEN_EXPIRY_REQUIRED: '1',
      REFERENCE_DELAYED_USER_DELETION: '1',
      REFERENCE_USER_DELETION_DELAY_MS: String(DELAY_MS),
      REFERENCE_SCHEDULED_DELETION: '1',
      REFERENCE_CLUSTERS_HIDDEN: '1',
    });
    try {
      const before = await counts(platformLike.url);
      const reports = tempFolder('clean-');
      // Users (deleted in the checks and at cleanup), groups and projects (memberships, a sole owner's group).
      const suites = [
        'suites/users/update-delete.test.ts',
        'suites/users/memberships.test.ts',
        'suites/users/states.test.ts',
        'suites/auth/sudo.test.ts',
        'suites/impersonation-tokens/create.test.ts',
        'suites/clusters/read.test.ts',
      ];
      const r = await run(['certify', '--progress', 'dot', '--base-url', platformLike.url, ...suites], {
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_REPORTS_DIR: reports,
        CONFORMANCE_DELETION_TIMEOUT_MS: '30000',
      });
      expect(r.code, r.output.slice(-3000)).toBe(0);
      expect(r.output).toMatch(
        /Conformance: PARTIAL .*; capabilities certified: epics, deps; not offered: clusters; not a certification: only the files matching/,
      );
      const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'));
      expect(summary.clauses.find((c: { id: string }) => c.id === 'clusters.list.status')).toMatchObject({ status: 'skip' });
      // Nothing left; the users cleanup deleted still answered, blocked, and were said to be in deletion.
      expect(summary.cleanup.left).toEqual([]);
      expect(summary.cleanup.deleting).toBeGreaterThan(0);
      expect(readFileSync(join(reports, 'summary.md'), 'utf8')).toContain("being deleted by the target's background job");
      // Once the delay has passed, the job has removed them: the counts are back where they were, but for the run group.
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
      await expectOnlyTheRunGroup(platformLike.url, before, summary, reports);
    } finally {
      platformLike.child.kill('SIGTERM');
    }
  });
});

describe('the platform profile with the shipped baseline', () => {
  test('a whole certification passes and leaves nothing but the run group, awaiting the target deletion', async () => {
    const DELAY_MS = 1_000;
    const platform = await serve('', { REFERENCE_PROFILE: 'platform', REFERENCE_USER_DELETION_DELAY_MS: String(DELAY_MS) });
    try {
      const before = await counts(platform.url);
      const reports = tempFolder('clean-');
      const baseline = SHIPPED_BASELINE;
      const r = await run(['certify', '--progress', 'dot', '--base-url', platform.url, '--baseline', baseline], {
        CONFORMANCE_ADMIN_TOKEN: TOKEN,
        CONFORMANCE_REPORTS_DIR: reports,
        CONFORMANCE_DELETION_TIMEOUT_MS: '30000',
      });
      expect(r.code, r.output.slice(-3000)).toBe(0);
      expect(r.output).toMatch(/Conformance: PASS /);
      const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8'));
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS + 500));
      await expectOnlyTheRunGroup(platform.url, before, summary, reports);
    } finally {
      platform.child.kill('SIGTERM');
    }
  });
});
