/**
 * The kinds of value a setting takes (settings.ts), as zod schemas over the variable's text
 * (undefined when unset or empty). Each refusal is the message that follows the variable's name
 * in the one-line configuration error.
 *
 *   positiveInt(600000).default(10000).parse('250')   // 250
 *   onOff().parse(undefined)                           // false: a switch is off by default
 *   onOffPerTarget().parse('off')                      // false; undefined when unset
 *   serverRoot().parse('https://gitlab.example.com/api/v4/')   // 'https://gitlab.example.com'
 */
import { z } from 'zod';

/** A comma-separated list, blanks dropped. */
export const commaList = () =>
  z.string().transform((s) =>
    s
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  );

/** A whole number from 1 to max. */
export const positiveInt = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a positive integer')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be between 1 and ${max}`);

/** A whole number from 0 to max, each refusal with its own words. */
export const wholeNumber = (words: { notWhole: string; tooLarge: string }, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, words.notWhole)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n <= max, words.tooLarge);

/** A switch's text read as true or false by two patterns, anything else refused with `message`. */
const switchText = (on: RegExp, off: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      if (on.test(s)) return true;
      if (off.test(s)) return false;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** A 1/0 (true/false, yes/no) switch, off by default: a bare flag (--heavy) sets it. */
export const onOff = () => switchText(/^(1|true|yes)$/i, /^(0|false|no|)$/i, 'must be 1 or 0').default(false);

/** An on/off (1/0, true/false, yes/no) choice whose default depends on the target: undefined when unset (the run decides). */
export const onOffPerTarget = () => switchText(/^(on|1|true|yes)$/i, /^(off|0|false|no)$/i, 'must be on or off').optional();

/** Text matching a pattern (a username, a prefix), trimmed. */
export const matching = (pattern: RegExp, message: string) => z.string().trim().regex(pattern, message);

/** Any text but blank. */
export const nonBlank = (message?: string) => z.string().trim().min(1, message);

/** A server root: an absolute http(s) URL without query or fragment; a trailing slash and /api/v4 are dropped (the kit adds /api/v4 itself). */
export const serverRoot = () =>
  z
    .string()
    .trim()
    .transform((s, ctx) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be an absolute http(s) URL such as https://gitlab.example.com' });
        return z.NEVER;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: 'must use http or https' });
        return z.NEVER;
      }
      if (url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'must not carry a query or fragment' });
        return z.NEVER;
      }
      return url.href.replace(/\/+$/, '').replace(/\/api\/v4$/, '');
    });

/** A positive decimal (requests per second) above 0 and at most max. */
export const positiveDecimal = (message: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .refine((n) => n > 0 && n <= max, `must be above 0 and at most ${max}`);
