/**
 * The leak scan: every secret the run held or created (admin token, impersonation tokens,
 * passwords, cluster tokens) is appended by the processes that learn it to a private file
 * (mode 600, in a fresh temporary folder); at the end the kit searches its own output files for
 * each of them. A leak is redacted in place and fails the run.
 *
 *   new SecretSet([token], secretsFileSink(path));   // kit/channels.ts: the secrets file
 *   const leaks = scanForSecrets('reports', readSecretsFile(path), runStartedMs);  // [{ file, count }]
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REDACTED, SecretSet } from '../shared/redact.ts';

/** Files below `dir` last written at or after `since` (ms since the epoch). */
function files(dir: string, since: number): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    const st = statSync(p);
    return st.isDirectory() ? files(p, since) : st.isFile() && st.mtimeMs >= since ? [p] : [];
  });
}

export interface Leak {
  file: string;
  /** How many secret occurrences were found (and redacted in place). */
  count: number;
}

/**
 * Finds every secret in the files below `dir` written since `since` (the run's own output: a
 * reports folder may hold other files, such as a .env, that are not the kit's to rewrite),
 * redacts them in place, and lists the leaks.
 */
export function scanForSecrets(dir: string, secrets: readonly string[], since = 0): Leak[] {
  const set = new SecretSet(secrets);
  if (!set.list().length) return [];
  const leaks: Leak[] = [];
  const count = (t: string) => t.split(REDACTED).length - 1;
  for (const file of files(dir, since)) {
    const text = readFileSync(file, 'utf8');
    const redacted = set.redact(text);
    // Each secret found became one [redacted]; credential query values already redacted stay as they were.
    const found = count(redacted) - count(text);
    if (redacted !== text && found > 0) {
      writeFileSync(file, redacted);
      leaks.push({ file, count: found });
    }
  }
  return leaks;
}

export { REDACTED };
