/**
 * The leak scan: every secret the run held or created (admin token, impersonation tokens,
 * passwords, cluster tokens) is appended by the processes that learn it to a private file
 * (mode 600, in a fresh temporary folder); at the end the kit searches its own output files for
 * each of them. A leak is redacted in place and fails the run.
 *
 *   const sink = secretsFileSink(path);  new SecretSet([token], sink);
 *   const leaks = scanForSecrets('reports', readSecretsFile(path), runStartedMs);  // [{ file, count }]
 */
import { appendFileSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REDACTED, SecretSet } from './redact.ts';

export function secretsFileSink(path: string | undefined): ((secret: string) => void) | undefined {
  if (!path) return undefined;
  return (secret) => appendFileSync(path, `${JSON.stringify(secret)}\n`, { mode: 0o600 });
}

export function readSecretsFile(path: string): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).flatMap((l) => {
    try { return [JSON.parse(l) as string]; } catch { return []; }
  });
}

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
