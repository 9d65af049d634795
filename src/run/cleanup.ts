/**
 * `conformance cleanup`: removes what earlier runs against a target left, as recorded in the
 * ledgers under the reports directory, and says what it removed: users the target still deletes
 * in the background (blocked, removed by its job) count as removed and are said to be so; a run
 * group (top level) the target only marked for deletion, and refuses to remove at once, awaits
 * the target's own deletion and is said to (no command can hurry it); what it could not remove
 * is named, with the command that finishes the job where one does. Nothing outside the ledgers
 * and the run prefixes they name is touched.
 *
 *   const code = await cleanup({ flags: { baseUrl: 'http://127.0.0.1:4010' }, log: console.log });
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ApiClient } from '../kit/client.ts';
import { loadConfig, loadDotenv, type ConfigFlags } from './config.ts';
import { defaultConcurrency } from '../shared/concurrency.ts';
import { KitError } from '../shared/errors.ts';
import { readLedger, type LedgerEntry } from '../kit/ledger.ts';
import { cleanupLedger } from './ledger-cleanup.ts';
import { preflight } from './preflight.ts';
import { sweepStaleSecretsDirs } from './secrets-dir.ts';
import { SecretSet } from '../shared/redact.ts';
import { sweepPrefixes } from './prefix-sweep.ts';

/** A user that still answers, blocked, after its DELETE: the platform removes it in a job minutes later. */
const DELETING = 'still answers, blocked: the target is deleting it in the background';
const finish = (f: { command?: string }) => (f.command ? ` (finish with: ${f.command})` : '');
/** A top-level group marked for deletion whose permanent removal the target refused: it deletes the group after its delay. */
const AWAITING = "awaiting the target's own deletion";

export async function cleanup(options: { flags?: ConfigFlags; log: (line: string) => void }): Promise<number> {
  await loadDotenv();
  const config = loadConfig({ flags: options.flags });
  if (!config.baseUrl) throw new KitError('USAGE', 'cleanup needs --base-url (or CONFORMANCE_BASE_URL): the server to clean.');
  if (!config.adminToken) throw new KitError('ADMIN_TOKEN_MISSING', 'cleanup needs CONFORMANCE_ADMIN_TOKEN (or --admin-token).');
  const apiUrl = `${config.baseUrl}/api/v4`;
  const concurrency = defaultConcurrency(config);
  const secrets = new SecretSet([config.adminToken]);
  const admin = new ApiClient({
    apiUrl,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    secrets,
    auth: { token: config.adminToken },
  });
  await preflight(admin, { timeZone: false });
  // A run killed outright also left its secrets folder on this machine.
  sweepStaleSecretsDirs();
  const dir = resolve(config.reportsDir);
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => /^ledger-.*\.jsonl$/.test(f))
      .map((f) => join(dir, f));
  } catch {
    /* no reports yet */
  }
  let removed = 0;
  let deleting = 0;
  let awaiting = 0;
  /** What the ledgers' cleanup dealt with: the sweep leaves it be (users in background deletion still show). */
  const handled = new Set<string>();
  let failed = 0;
  const seenPrefixes: string[] = [];
  for (const file of files) {
    const entries = readLedger(file);
    if (!entries.some((e) => e.target === apiUrl)) continue;
    const prefix = /ledger-(.+)\.jsonl$/.exec(file)?.[1];
    if (prefix) seenPrefixes.push(prefix);
    // Only this target's entries; the others stay in the ledger for their own target.
    const mine = entries.filter((e) => e.target === apiUrl);
    const others = entries.filter((e) => e.target !== apiUrl);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, mine.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const result = await cleanupLedger(tmp, admin, { concurrency });
    const label = (e: LedgerEntry) => `${e.kind} ${e.path}${e.label ? ` (${e.label})` : ''}`;
    for (const e of result.removed) options.log(`removed ${label(e)}`);
    for (const e of result.deleting) options.log(`removed ${label(e)}: ${DELETING}`);
    for (const a of result.awaiting) options.log(`${AWAITING}: ${label(a.entry)}: ${secrets.redact(a.reason)}`);
    for (const f of result.failed)
      options.log(`could not remove ${f.entry.kind} ${f.entry.path}: ${f.status} ${secrets.redact(f.reason)}${finish(f)}`);
    removed += result.removed.length + result.deleting.length;
    deleting += result.deleting.length;
    awaiting += result.awaiting.length;
    for (const e of [...result.removed, ...result.gone, ...result.deleting, ...result.awaiting.map((a) => a.entry)]) handled.add(e.path);
    failed += result.failed.length;
    const keep = [...others, ...result.failed.map((f) => f.entry)];
    writeFileSync(file, keep.map((e) => JSON.stringify(e)).join('\n') + (keep.length ? '\n' : ''));
    if (!keep.length) rmSync(file, { force: true });
    rmSync(tmp, { force: true });
  }
  // What a killed run created but had not recorded yet: found by the prefixes of the ledgers seen.
  const prefixes = [...new Set(seenPrefixes)];
  if (prefixes.length) {
    const swept = await sweepPrefixes(admin, prefixes, { handled, concurrency });
    for (const r of swept.removed) options.log(`removed ${r} (found by its run prefix)`);
    for (const r of swept.deleting) options.log(`removed ${r} (found by its run prefix): ${DELETING}`);
    for (const a of swept.awaiting) options.log(`${AWAITING}: ${a.what} (found by its run prefix): ${secrets.redact(a.reason)}`);
    for (const f of swept.failed) options.log(`could not remove ${f.what}: ${secrets.redact(f.reason)}${finish(f)}`);
    removed += swept.removed.length + swept.deleting.length;
    deleting += swept.deleting.length;
    awaiting += swept.awaiting.length;
    failed += swept.failed.length;
  }
  const inBackground = deleting ? ` (${deleting} of them users the target is still deleting in the background)` : '';
  const marked = awaiting ? `, ${awaiting} top-level group(s) marked for deletion, awaiting the target's own deletion` : '';
  options.log(`cleanup: ${removed} removed${inBackground}${marked}, ${failed} could not be removed (ledgers in ${dir}).`);
  return failed ? 1 : 0;
}
