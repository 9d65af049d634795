/**
 * Reads a summary.json the kit wrote, for the commands that compare or adopt runs; a file that cannot
 * be read, is not JSON or holds no failures list is a KitError (one line, exit 2).
 *
 *   const summary = readSummaryFile<{ failures: { test: string }[] }>('reports/summary.json');
 */
import { readFileSync } from 'node:fs';
import { KitError } from '../shared/errors.ts';

export function readSummaryFile<S extends { failures: unknown[] }>(file: string): S {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `cannot read ${file}: ${(e as Error).message.split('\n')[0]}`);
  }
  const s = raw as { failures?: unknown; knownFailures?: unknown } | null;
  if (!s || typeof s !== 'object' || !Array.isArray(s.failures) || (s.knownFailures !== undefined && !Array.isArray(s.knownFailures)))
    throw new KitError('INPUT_UNREADABLE', `${file} is not a summary.json of the kit (it has no failures list)`);
  return s as S;
}
