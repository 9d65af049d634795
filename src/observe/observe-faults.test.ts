/**
 * observe's proof (issue 36, Done when): in front of the reference with each fault of the
 * catalogue that one exchange can show, a scripted client's few requests (scripted-client.ts)
 * make observe report a server finding naming that fault's clause; in front of the faultless
 * reference, none. No secret the traffic carried reaches the report (the kit's leak scan).
 *
 * The set: every fault whose departure is in the answer to one request, judged without knowing the
 * exchanges before it: a success status (status.*), the wire format (format.*), an error body one
 * status names (auth.401-body; a 400 for a request the row says lacks a required attribute), the
 * pagination headers and Link one page shows, and values a view must never show or must show.
 * Left out, and why: faults seen only across exchanges (a second page, a repeated request, a state
 * after a write: page-two-repeats-first, the *-race, *-ignored, *-not-applied faults...), faults whose
 * answer the spec leaves open to one exchange (a 409, 415 or 500 status: its conditions are history),
 * faults that depend on the caller (an admin or normal view: observe-callers.test.ts, with the certification's traffic),
 * routes outside the operation table (unknown routes, GET /projects keyset pages), faults needing a
 * large collection (over 1,000 items), and faults whose page arithmetic cannot tell the header from
 * the page (odd-per-page-short, deep-pages-empty, per-page-max-exclusive: X-Total or the page?).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../mutation/catalogue.ts';
import { startReferenceServer } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { startObserve } from './index.ts';
import { drive } from './scripted-client.ts';

/** The faults one exchange can show, each with the clause observe must name (the catalogue's). */
export const SINGLE_EXCHANGE_FAULTS = [
  'status.create-200',
  'status.delete-200',
  'format.datetime-no-millis',
  'format.datetime-offset',
  'format.json-content-type',
  'format.ids-as-strings',
  'auth.401-body',
  'errors.missing-attr-unnamed',
  'pagination.no-link-last',
  'pagination.x-total-off-by-one',
  'pagination.link-drops-filters',
  'pagination.next-on-last-page',
  'pagination.link-drops-per-page',
  'pagination.link-first-current-page',
  'pagination.link-without-host',
  'pagination.no-x-total-pages',
  'pagination.no-x-per-page',
  'pagination.x-page-zero-based',
  'pagination.no-x-next-page',
  'pagination.no-x-prev-page',
  'tokens.value-shown',
  'tokens.impersonation-flag-dropped',
  'clusters.token-returned',
  'clusters.list-embeds-project',
  'variables.show-drops-masked',
] as const;

const ADMIN = 'observe-self-test-admin-token';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function observeOnce(faults: string[]) {
  const ref = await startReferenceServer({ adminToken: ADMIN, faults });
  const reportsDir = mkdtempSync(join(tmpdir(), 'cfk-observe-'));
  dirs.push(reportsDir);
  const o = await startObserve({ upstream: ref.url, reportsDir, judgeEverything: true });
  try {
    await drive(`${o.url}/api/v4`, ADMIN);
  } finally {
    await ref.close().catch(() => undefined);
  }
  const result = await o.stop();
  return { result, reportsDir, secrets: await o.learnedSecrets() };
}

describe('observe in front of the reference', () => {
  it('reports no server finding on the faultless reference, and writes no secret', async () => {
    const { result, reportsDir, secrets } = await observeOnce([]);
    // The admin token, the bad token, two passwords, the impersonation token and the cluster token.
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    expect(result.summary.server).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.summary.counts.judged).toBeGreaterThan(20);
    expect(scanForSecrets(reportsDir, secrets)).toEqual([]);
  });

  const catalogue = new Map(CATALOGUE.map((f) => [f.id, f]));
  it.each(SINGLE_EXCHANGE_FAULTS)('names the clause of %s in a server finding', async (id) => {
    const fault = catalogue.get(id);
    expect(fault, `${id} is in the catalogue`).toBeDefined();
    const { result, reportsDir, secrets } = await observeOnce([id]);
    expect(result.summary.server.map((f) => f.clause)).toContain(fault!.clause);
    expect(result.exitCode).toBe(1);
    expect(scanForSecrets(reportsDir, secrets)).toEqual([]);
  });
});
