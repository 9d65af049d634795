/**
 * Curl commands replaying recorded (already redacted) exchanges, whole: a body or a query longer
 * than a command line should carry (INLINE_MAX, 4 KiB) is written to a file of the reports folder,
 * <reportsDir>/reproduce/<hash>.body (or <hash>.curlrc for a URL), and the command makes curl read it, so
 * a length-limit failure reproduces (a body cut with an ellipsis is one a correct server accepts).
 *
 *   reproduceFilesIn('reports');   // session(): the run's reports folder
 *   toCurl(x)  // "curl -X POST -H 'Content-Type: application/json' --data-binary @reports/reproduce/3f2a9c0e1b7d4a55.body '…/epics'"
 *   toCurl(y)  // "curl -K reports/reproduce/9e1c0b2d3a4f5e6d.curlrc"  (a long query: the file holds url = "http://…?search=…")
 *
 * Files are named by a hash of what they hold: workers writing in parallel never collide (the same
 * name is the same content, written through a rename). The texts are redacted before they come
 * here, and the end-of-run leak scan reads every file the run wrote below the reports folder.
 * Without a folder (outside a certification), the command carries the whole text inline.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shellQuote, shellWord, shownPath } from '../shared/shell-path.ts';
import type { RecordedExchange } from './recorder.ts';

/** Longest body or URL a command carries inline (characters); longer ones go to a file. */
export const INLINE_MAX = 4096;

let folder: string | undefined;

/** Writes the long bodies and queries of reproducers into <reportsDir>/reproduce (undefined: inline). */
export function reproduceFilesIn(reportsDir: string | undefined): void {
  folder = reportsDir === undefined ? undefined : join(resolve(reportsDir), 'reproduce');
}

/** Writes `text` to reproduce/<hash>.<ext> and returns the path as a user types it (relative to the working folder when inside it). */
function spill(text: string, ext: string): string | undefined {
  if (folder === undefined) return undefined;
  const file = join(folder, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.${ext}`);
  mkdirSync(folder, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
  return shownPath(file);
}

/** A string as a curl config file reads it (url = "…"). */
const configString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A curl command replaying a recorded (already redacted) exchange, with every byte of its body and query. */
export function toCurl(x: RecordedExchange): string {
  const parts = ['curl'];
  if (x.method !== 'GET') parts.push('-X', x.method);
  for (const [k, v] of Object.entries(x.requestHeaders)) {
    if (k === 'accept') continue;
    const name = k === 'private-token' ? 'Private-Token' : k.replace(/(^|-)([a-z])/g, (_m, d, c) => d + c.toUpperCase());
    parts.push('-H', shellQuote(`${name}: ${v}`));
  }
  const bodyFile = x.requestBody !== undefined && x.requestBody.length > INLINE_MAX ? spill(x.requestBody, 'body') : undefined;
  if (bodyFile) parts.push('--data-binary', shellWord(`@${bodyFile}`));
  // --data would read a file for a body starting with @: --data-raw sends it as it is.
  else if (x.requestBody !== undefined) parts.push(x.requestBody.startsWith('@') ? '--data-raw' : '--data', shellQuote(x.requestBody));
  // A long URL from a config file: curl sends it as written (with -G and a query file it rewrites %5B as %5b).
  const configFile = x.url.length > INLINE_MAX ? spill(`url = ${configString(x.url)}\n`, 'curlrc') : undefined;
  if (configFile) return [...parts, '-K', shellWord(configFile)].join(' ');
  return [...parts, shellQuote(x.url)].join(' ');
}
