/**
 * `.env` read strictly: dotenv skips a line it cannot read and keeps a stray quote as part of the
 * value, so a typo either vanishes (the setting silently unset) or arrives as a wrong value (a
 * token "refused" that was only misquoted). Every line must be blank, a comment, or NAME=value
 * (dotenv's forms: `export NAME=value`, `NAME: value`, quoted values, multi-line in quotes); the
 * first that is not ends the run with its line number. Values are never shown (tokens live there).
 *
 *   checkDotenvText('A=1\nCONFORMANCE_ADMIN_TOKEN="abc\n', '.env');
 *   // KitError: .env line 2: the value of CONFORMANCE_ADMIN_TOKEN opens a quote (") that is never closed
 */
import { KitError } from '../shared/errors.ts';

const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)(?:\s*=|:\s)\s*/;

export function checkDotenvText(text: string, file: string): void {
  const lines = text.split(/\r?\n|\r/);
  const bad = (n: number, why: string) => new KitError('CONFIG_INVALID', `${file} line ${n}: ${why}`);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(#.*)?$/.test(line)) continue;
    const m = ASSIGNMENT.exec(line);
    if (!m) {
      const name = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)/.exec(line)?.[1];
      throw bad(i + 1, name ? `${name} is not followed by "=" (lines are NAME=value)` : 'is not NAME=value (nor blank, nor a # comment)');
    }
    const name = m[1]!;
    const value = line.slice(m[0].length);
    const quote = value[0];
    if (quote !== '"' && quote !== "'" && quote !== '`') continue;
    // The closing quote, on this line or a later one (dotenv reads multi-line quoted values).
    let rest = value.slice(1);
    let at = i;
    for (;;) {
      const close = closing(rest, quote);
      if (close >= 0) {
        if (!/^\s*(#.*)?$/.test(rest.slice(close + 1)))
          throw bad(at + 1, `the value of ${name} has text after its closing quote (${quote})`);
        break;
      }
      if (++at >= lines.length) throw bad(i + 1, `the value of ${name} opens a quote (${quote}) that is never closed`);
      rest = lines[at]!;
    }
    i = at;
  }
}

/** Index of the first unescaped `quote` in `text`, or -1. */
function closing(text: string, quote: string): number {
  for (let k = 0; k < text.length; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === quote) return k;
  }
  return -1;
}
