/**
 * One seed, one run: two certifications of fresh references with the same CONFORMANCE_SEED and
 * run prefix send the same requests, test by test (run by run, where a property's runs go side by
 * side) and in the same order (the property suites draw every value from the seed). Ids the server
 * assigns may differ, since files run in parallel and interleave their creates, so numbers in
 * paths and id fields are compared as placeholders, and so are the server's own times sent back
 * as bounds (a datetime in a query made since the runs began); so are OpenPGP key blocks, which openpgp
 * generates fresh (it takes no seed), one per file. For the same reason a walk through a
 * collection others add to (keyset pages of /projects) may take one page more in one run than in
 * the other: a request repeating the one before it counts once. The HAR numbers each credential's
 * placeholder in order of first appearance (`[redacted-3]`), an order the interleaving decides: the
 * numbers are compared as one placeholder. The main process's requests (preflight, provisioning, probe, cleanup)
 * go side by side, in an order the seed does not decide: they are compared as a set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeRunFolders, runCertification } from './run-fault.ts';

const SUITE = 'suites/properties';

interface HarEntry {
  _test?: string;
  _run?: number;
  _phase?: string;
  request: { method: string; url: string; postData?: { text: string } };
}

/** Datetimes in a query from `since` on are the server's (an item's created_at sent back as a bound): a placeholder, as ids. */
function serverTimes(query: string, since: number): string {
  return query.replace(/(=)(\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}(?:\.\d+)?Z)/g, (whole, eq: string, at: string) =>
    Date.parse(decodeURIComponent(at)) >= since ? `${eq}:t` : whole,
  );
}

/** The requests of a run, per test, with server-assigned ids and times replaced. */
function requestsByTest(reportsDir: string, since: number): Map<string, string[]> {
  const har = JSON.parse(readFileSync(join(reportsDir, 'run.har'), 'utf8')) as { log: { entries: HarEntry[] } };
  const byTest = new Map<string, string[]>();
  for (const e of har.log.entries) {
    const url = new URL(e.request.url);
    const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/:n');
    const query = serverTimes(url.search.replace(/([?&][a-z_]*id(?:_after|_before)?)=\d+/g, '$1=:n'), since);
    const body = (e.request.postData?.text ?? '')
      .replace(/("(?:\w+_)?i?id)":\s*\d+/g, '$1":":n"')
      .replace(/-----BEGIN PGP [A-Z ]+-----.*?-----END PGP [A-Z ]+-----/gs, '<pgp key>');
    // The runs of a side-by-side property interleave: each run's requests are compared in order.
    const key = e._phase ?? `${e._test ?? '(outside a test)'}${e._run === undefined ? '' : ` #${e._run}`}`;
    const requests = byTest.get(key) ?? [];
    const request = `${e.request.method} ${path}${query} ${body}`.replace(/\[redacted-\d+\]/g, '[redacted]');
    if (requests.at(-1) !== request) requests.push(request);
    byTest.set(key, requests);
  }
  for (const [key, requests] of byTest) if (har.log.entries.some((e) => e._phase === key)) byTest.set(key, [...new Set(requests)].sort());
  return byTest;
}

describe('the same seed', () => {
  it('sends the same requests in two runs of the property suites', async () => {
    const env = { CONFORMANCE_SEED: '4242', CONFORMANCE_RUN_PREFIX: 'cfk-same-seed', CONFORMANCE_HAR: '1', CONFORMANCE_NUM_RUNS: '5' };
    const since = Date.now() - 60_000;
    const runs = [await runCertification({ filters: [SUITE], env }), await runCertification({ filters: [SUITE], env })];
    try {
      for (const run of runs) expect(run.exitCode, run.stdout + run.stderr).toBe(0);
      const [a, b] = runs.map((r) => requestsByTest(r.reportsDir, since));
      expect(a!.size).toBeGreaterThan(5);
      expect([...b!.keys()].sort()).toEqual([...a!.keys()].sort());
      for (const [test, requests] of a!) expect(b!.get(test), test).toEqual(requests);
    } finally {
      removeRunFolders();
    }
  });
});
