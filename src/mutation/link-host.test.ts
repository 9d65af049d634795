/**
 * The kit against a server whose Link URLs name another host, end to end (`conformance certify` in
 * a child process, the pagination suites and properties): the reference behind a proxy that gives
 * every Link URL the origin https://gitlab.internal:8443, as the platform writes its configured
 * host where the kit reaches it by another name. The run passes (exit 0: a link's host is not
 * judged), every followed link went to the base URL (the name does not even resolve), and the
 * summary says once, in summary.json's `notes` and in summary.md, which host the links name. A
 * reference whose rel="first" leads to the wrong page, behind the same proxy, still fails
 * conv.pagination.link_first: following on the base URL keeps every other check of the link.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startHostileTarget } from './hostile-servers.ts';
import { filesBelow, removeRunFolders, runCertification, type CertificationRun } from './run-fault.ts';

const TOKEN = 'link-host-test-admin-token-0123456789';
const OTHER = 'https://gitlab.internal:8443';
/** Far above what these runs need (a minute or so), far below a run that hangs. */
const BOUND_MS = 240_000;
const PROPERTIES = ['suites/properties/pagination-links.test.ts', 'suites/properties/pagination-keyset.test.ts'];

afterAll(removeRunFolders);

async function certifyBehindLinkHost(o: {
  faults?: string[];
  filters: string[];
  args?: string[];
}): Promise<CertificationRun & { hits: number; url: string }> {
  const target = await startHostileTarget({ behaviour: 'link-host', linkOrigin: OTHER, faults: o.faults, adminToken: TOKEN });
  try {
    const run = await runCertification({
      filters: o.filters,
      args: ['--progress', 'lines', ...(o.args ?? [])],
      killAfterMs: BOUND_MS,
      env: { CONFORMANCE_BASE_URL: target.url, CONFORMANCE_ADMIN_TOKEN: TOKEN },
    });
    return { ...run, hits: target.hits, url: target.url };
  } finally {
    await target.close();
  }
}

function failures(run: CertificationRun): string {
  return JSON.stringify(run.summary?.failures ?? [], null, 1).slice(0, 6000);
}

describe('a server whose Link URLs name another host than the base URL', () => {
  test(
    'the pagination suites and properties pass (exit 0), and the summary names the other host once',
    { timeout: BOUND_MS + 30_000 },
    async () => {
      const run = await certifyBehindLinkHost({ args: ['--suite', 'pagination'], filters: PROPERTIES });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.killed, output.slice(-3000)).toBe(false);
      expect(run.exitCode, `failures: ${failures(run)}\n${output.slice(-2000)}`).toBe(0);
      expect(run.summary?.verdict).toBe('pass');
      expect(run.summary?.failures).toEqual([]);
      expect(run.hits, 'answers whose Link the proxy rewrote').toBeGreaterThan(50);
      // The link clauses ran, and passed.
      for (const id of ['conv.pagination.link_first', 'conv.pagination.link_last', 'conv.pagination.link_follow', 'conv.keyset.link_next'])
        expect(run.summary?.clauses.find((c) => c.id === id)?.status, id).toBe('pass');
      // Once, whatever the number of tests that followed a link: which host, which base URL.
      const notes = run.summary?.notes ?? [];
      expect(notes).toHaveLength(1);
      expect(notes[0]).toContain(`(${OTHER})`);
      expect(notes[0]).toContain(`(${run.url})`);
      const md = readFileSync(join(run.reportsDir, 'summary.md'), 'utf8');
      expect(md.split(`(${OTHER})`)).toHaveLength(2);
      expect(md).toContain(`> Note: ${notes[0]}`);
      expect(output).not.toContain(TOKEN);
      for (const f of filesBelow(run.reportsDir)) expect(readFileSync(f, 'utf8'), `${f} holds the admin token`).not.toContain(TOKEN);
    },
  );

  test(
    'a rel="first" that leads to the wrong page still fails conv.pagination.link_first, its reproducer on the base URL',
    { timeout: BOUND_MS + 30_000 },
    async () => {
      const run = await certifyBehindLinkHost({
        faults: ['pagination.link-first-current-page'],
        filters: ['suites/pagination/offset.test.ts'],
      });
      expect(run.killed).toBe(false);
      expect(run.exitCode, `failures: ${failures(run)}\n${run.stdout.slice(-2000)}`).toBe(1);
      const failed = run.summary?.failures ?? [];
      expect(failed.length).toBeGreaterThan(0);
      for (const f of failed) {
        expect(f.clause).toBe('conv.pagination.link_first');
        expect(f.message).toMatch(/rel="first" MUST lead to page 1/);
        // The URL the kit requested: the link's path and query on the base URL.
        expect(f.reproduce).toContain(`${run.url}/api/v4/`);
        expect(f.reproduce).not.toContain('gitlab.internal');
      }
      expect(run.summary?.notes).toHaveLength(1);
    },
  );
});
