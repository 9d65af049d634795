/**
 * Token values: the seeded administrator's (`ref-` + 24 base62) and the ones the API issues
 * (`glpat-` + 20 base62, the platform's personal-access-token form).
 *
 *   newAdminToken(); // 'ref-3kT9...'
 *   newTokenValue(); // 'glpat-Zx81...'
 */
import { randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62]; // 248 = 4 * 62: no bias
    }
  }
  return out;
}

export function newAdminToken(): string {
  return `ref-${randomBase62(24)}`;
}

export function newTokenValue(): string {
  return `glpat-${randomBase62(20)}`;
}
