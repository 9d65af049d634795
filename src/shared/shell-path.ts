/**
 * Paths as a user types them in a shell: relative to the working folder when inside it (the whole
 * path when it would climb out), and written as one shell word (bare when it holds no character a
 * shell reads, else single-quoted). The reproducers' body files and the console's reports lines.
 *
 *   shownPath('/home/me/reports/summary.md')   // 'reports/summary.md' in /home/me; '/tmp/r/x' stays whole
 *   shellWord("it's here")                     // 'it'\''s here' (quoted)
 */
import { isAbsolute, relative } from 'node:path';

/** A string single-quoted for a POSIX shell. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A path as one shell word: bare when it holds no character a shell reads. */
export const shellWord = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : shellQuote(s));

/** A path relative to the working folder, unless that climbs out of it ('.' for the folder itself). */
export function shownPath(path: string): string {
  const below = relative(process.cwd(), path);
  return below.startsWith('..') || isAbsolute(below) ? path : below || '.';
}
