/**
 * observe's proof for what one exchange shows, all of it (issue 41, item 4): in front of the
 * reference with each fault of the catalogue that item names, a client that behaves like a real one
 * (real-client.ts: it logs in, lists, creates without optional attributes, pages to the end along
 * rel="next") makes observe report a server finding naming that fault's clause; in front of the
 * faultless reference, none.
 *
 * The faults: a documented default answered wrong to a create that omitted the attribute (a
 * broadcast message's type and end, a cluster's authorization type, a variable's type and
 * environment scope, the page size of a list that did not ask for one), a next page announced on
 * the last page (rel="next", X-Next-Page), an error body of another kind than its status names
 * (a 401; a missing attribute answered with a validation map), X-Total left out while X-Total-Pages
 * and rel="last" are sent, and an epic without its deprecated reference.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../mutation/catalogue.ts';
import { startReferenceServer } from '../reference/index.ts';
import { removeRunFolders, tempFolder } from '../mutation/run-fault.ts';
import { startObserve } from './index.ts';
import { driveLikeAClient } from './real-client.ts';

const ONE_EXCHANGE_FAULTS = [
  'broadcast.default-type-notification',
  'broadcast.ends-at-default-two-hours',
  'clusters.default-authorization-abac',
  'variables.default-type-file',
  'variables.default-scope-blank',
  'pagination.per-page-default-50',
  'pagination.next-on-last-page',
  'pagination.x-next-page-on-last',
  'pagination.no-x-total',
  'auth.401-body',
  'errors.missing-attr-object-message',
  'epics.reference-dropped',
] as const;

const ADMIN = 'observe-real-client-admin-token';
afterAll(removeRunFolders);

async function observeClient(faults: string[]) {
  const ref = await startReferenceServer({ adminToken: ADMIN, faults });
  // The Host header kept: the reference's Link URLs then lead back through observe, as behind a front server.
  const o = await startObserve({
    upstream: ref.url,
    reportsDir: tempFolder('cfk-observe-client-'),
    preserveHost: true,
    judgeEverything: true,
  });
  try {
    await driveLikeAClient(`${o.url}/api/v4`, ADMIN);
  } finally {
    await ref.close().catch(() => undefined);
  }
  return o.stop();
}

describe('observe in front of the reference, with a client that behaves like a real one', () => {
  it('reports no server finding on the faultless reference', async () => {
    const { summary, exitCode } = await observeClient([]);
    expect(summary.server).toEqual([]);
    expect(exitCode).toBe(0);
    expect(summary.counts.judged).toBeGreaterThan(25);
    expect(summary.counts.notApi + summary.counts.outsideSpec).toBeLessThan(5);
  });

  const catalogue = new Map(CATALOGUE.map((f) => [f.id, f]));
  it.each(ONE_EXCHANGE_FAULTS)('names the clause of %s in a server finding', async (id) => {
    const fault = catalogue.get(id);
    expect(fault, `${id} is in the catalogue`).toBeDefined();
    const { summary, exitCode } = await observeClient([id]);
    expect(summary.server.map((f) => f.clause)).toContain(fault!.clause);
    expect(exitCode).toBe(1);
  });
});
