/**
 * observe --har's proof (issue 41, item 3, Done when): a certification of the reference with faults
 * one exchange shows runs THROUGH a live observe with CONFORMANCE_HAR=1; the HAR it writes
 * (reports/run.har), judged with judgeHar and once with the command, gives the same server findings
 * (operation, clause, check) as the live observe. What may differ, and why: the live observe also
 * sees the main process's requests (preflight, provisioning, cleanup), which the HAR does not record
 * (the workers write it), so its exchange counts are higher; the HAR cuts bodies over 64 KiB (not
 * judged for their body, counted), which the live observe judges. The HAR gives each credential a
 * numbered placeholder of its own, and no secret reaches the HAR or either report.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeRunFolders, runCertification, runNode, tempFolder } from '../mutation/run-fault.ts';
import { startReferenceServer } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { CATALOGUE } from '../mutation/catalogue.ts';
import { judgeHar } from './har-input.ts';
import { startObserve } from './index.ts';
import type { ObservedFinding } from './observation.ts';

const ADMIN = 'observe-har-self-test-admin-token';
/** Faults the certification's traffic shows in one exchange (observe-faults.test.ts), each in a part of the run of its own. */
const FAULTS = ['status.create-200', 'format.datetime-no-millis', 'pagination.no-x-total-pages'];
afterAll(removeRunFolders);

const key = (f: ObservedFinding) => `${f.operation} | ${f.clause} | ${f.about}`;
const keys = (list: readonly ObservedFinding[]) => list.map(key).sort();

describe('observe --har', () => {
  it('judges the HAR of a certification as observe judged the same run live', { timeout: 900_000 }, async () => {
    const ref = await startReferenceServer({ adminToken: ADMIN, faults: FAULTS });
    const o = await startObserve({ upstream: ref.url, reportsDir: tempFolder('cfk-har-live-'), judgeEverything: true });
    let run;
    try {
      run = await runCertification({ env: { CONFORMANCE_BASE_URL: o.url, CONFORMANCE_ADMIN_TOKEN: ADMIN, CONFORMANCE_HAR: '1' } });
    } finally {
      await ref.close();
    }
    const secrets = [ADMIN, ...(await o.learnedSecrets())];
    const live = await o.stop();
    expect(run.exitCode, run.stdout.slice(-2000)).toBe(1);
    const har = join(run.reportsDir, 'run.har');

    const judgedDir = tempFolder('cfk-har-judged-');
    const judged = await judgeHar([har], { reportsDir: judgedDir });
    expect(keys(judged.summary.server)).toEqual(keys(live.summary.server));
    for (const id of FAULTS) {
      const clause = CATALOGUE.find((f) => f.id === id)!.clause;
      expect(
        judged.summary.server.map((f) => f.clause),
        id,
      ).toContain(clause);
    }
    expect(judged.exitCode).toBe(1);
    // The HAR holds the workers' exchanges; the live observe saw those and the main process's.
    const c = judged.summary.counts;
    expect(c.exchanges).toBe(judged.summary.recorded!.entries);
    expect(c.exchanges).toBeGreaterThan(1000);
    expect(c.exchanges).toBeLessThan(live.summary.counts.exchanges);
    expect(c.upstreamErrors).toBe(0);
    // Callers told apart by their placeholders, learnt from the recording's GET /user entries (the admin's: the
    // main process's preflight, in the HAR too): the users, keys, e-mails, tokens and epics exchanges judged in full.
    const family = judged.summary.operations.seen.filter((op) => /^\w+ \/(users?|groups\/:id\/epics)\b/.test(op.operation));
    const full = family.reduce((t, op) => t + op.judgedInFull, 0);
    const total = family.reduce((t, op) => t + op.count, 0);
    expect(full / total, `${full} of ${total} judged in full`).toBeGreaterThanOrEqual(0.9);

    // Each credential its own placeholder: the admin's, the regular user's, and more; none shown.
    const text = readFileSync(har, 'utf8');
    expect(new Set(text.match(/\[redacted-\d+\]/g)).size).toBeGreaterThan(2);
    expect(text).not.toMatch(/\[redacted:[0-9a-f]{16}\]/);
    expect(text).not.toMatch(/"PRIVATE-TOKEN",\s*"value": "\[redacted\]"/i);
    // The run's own leak scan (every secret the kit held or learnt) found none in the HAR. (With these faults it finds
    // one in junit.xml, before this change too: not the HAR's.) Observe counts more as secret than the kit (a masked
    // variable's value, which the kit made up as test data): the HAR may hold those, never observe's report of it.
    expect(run.summary!.verdictReasons.join('\n')).not.toMatch(/a secret appeared .* in run\.har/);
    expect(text).not.toContain(ADMIN);
    expect(scanForSecrets(judgedDir, secrets)).toEqual([]);
    // observe learns each placeholder as a secret: its report shows [redacted] (or an unlearnt placeholder whole),
    // never a placeholder half replaced.
    for (const f of judged.files) expect(readFileSync(f, 'utf8')).not.toMatch(/\[redacted\]\d*\]/);

    // The command, once: the same findings, exit 1.
    const cliDir = tempFolder('cfk-har-cli-');
    const cli = await runNode(['bin/conformance.js', 'observe', '--har', har, '--reports-dir', cliDir]);
    expect(cli.code, cli.output).toBe(1);
    expect(cli.output).toMatch(/^FAIL: \d+ server finding\(s\), \d+ client finding\(s\); \d+ recorded exchanges of 1 file\(s\)/m);
    const summary = JSON.parse(readFileSync(join(cliDir, 'summary.json'), 'utf8')) as { server: ObservedFinding[] };
    expect(keys(summary.server)).toEqual(keys(live.summary.server));
  });
});
