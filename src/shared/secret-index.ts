/**
 * Where the secrets of a SecretSet (redact.ts) are found in a text: each form (a secret, raw or
 * URL-encoded) by a hash of its first KEY characters, which the redaction rolls over the text, then,
 * where that hash matches, by its length and the hash of the whole form. The second step is what
 * keeps a lookup short when many secrets share a prefix: the platform's tokens all begin alike
 * (`glpat-`, `glcbt-64_`...), and a long-running observe learns one per CI job and per browser
 * session. A lookup reads the text once, up to the longest of the matching forms, for the hash of
 * each of their lengths, and compares only the forms whose whole hash matches, longest first.
 *
 *   const index = new FormIndex();
 *   index.add('glpat-abcdefghijklmnop');
 *   index.longestAt(text, i, keyHash(text, i))   // the longest form starting at i, or undefined
 */

/** Secrets are found by their first KEY characters (every secret is at least that long). */
export const KEY = 6;
/** A hash of the `length` characters of `text` from `at` (no string made: redact scans every position). */
export function keyHash(text: string, at = 0, length = KEY): number {
  let h = 0;
  for (let i = at; i < at + length; i += 1) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

/** The forms that share the hash of their first KEY characters, by length, then by the hash of the whole form. */
interface Bucket {
  /** The lengths of its forms, longest first. */
  lengths: number[];
  forms: Map<number, Map<number, string[]>>;
}

export class FormIndex {
  private readonly buckets = new Map<number, Bucket>();

  /** How many first-KEY-characters hashes it knows (0: no secret at all). */
  get size(): number {
    return this.buckets.size;
  }

  /** Whether some form's first KEY characters hash to `h` (most positions of a text: no). */
  has(h: number): boolean {
    return this.buckets.has(h);
  }

  add(form: string): void {
    const key = keyHash(form);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = { lengths: [], forms: new Map() }));
    let byHash = bucket.forms.get(form.length);
    if (!byHash) {
      bucket.forms.set(form.length, (byHash = new Map()));
      bucket.lengths.push(form.length);
      bucket.lengths.sort((a, b) => b - a);
    }
    const whole = keyHash(form, 0, form.length);
    const list = byHash.get(whole);
    if (list) list.push(form);
    else byHash.set(whole, [form]);
  }

  remove(form: string): void {
    const key = keyHash(form);
    const bucket = this.buckets.get(key);
    const byHash = bucket?.forms.get(form.length);
    const whole = keyHash(form, 0, form.length);
    const list = byHash?.get(whole);
    const at = list ? list.indexOf(form) : -1;
    if (!bucket || !byHash || !list || at < 0) return;
    list.splice(at, 1);
    if (list.length) return;
    byHash.delete(whole);
    if (byHash.size) return;
    bucket.forms.delete(form.length);
    bucket.lengths.splice(bucket.lengths.indexOf(form.length), 1);
    if (!bucket.lengths.length) this.buckets.delete(key);
  }

  /** The longest form starting at `at` in `text`, whose first KEY characters hash to `h`. */
  longestAt(text: string, at: number, h: number): string | undefined {
    const bucket = this.buckets.get(h);
    if (!bucket) return undefined;
    const { lengths } = bucket;
    // One pass over the text from `at`: the hash of each length the bucket's forms have (shortest first).
    const hashes: (number | undefined)[] = new Array(lengths.length);
    let k = lengths.length - 1;
    let whole = 0;
    for (let j = at, end = Math.min(text.length, at + lengths[0]!); j < end && k >= 0; j++) {
      whole = (Math.imul(whole, 31) + text.charCodeAt(j)) | 0;
      if (j - at + 1 === lengths[k]) hashes[k--] = whole;
    }
    for (let i = 0; i < lengths.length; i++) {
      const list = hashes[i] === undefined ? undefined : bucket.forms.get(lengths[i]!)!.get(hashes[i]!);
      // A shared hash does not mean a shared text: each is compared.
      if (list) for (const form of list) if (text.startsWith(form, at)) return form;
    }
    return undefined;
  }
}
