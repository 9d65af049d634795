/**
 * Serialized views memoized per row: a list answers the JSON text of each row's view from a
 * cache instead of building and serializing the view again on every request. Safe because the
 * store never changes a row in place (an update replaces the row object: store.ts), so a row
 * object's view is fixed, given what else it depends on: the `key` (view kind, base URL) and
 * the `dep` object (e.g. the creator's row shown in it), compared by identity.
 *
 *   const cache = createJsonViews<UserRecord>();
 *   const items = page.map((u) => cache.json(u, `admin ${env.base}`, creatorOf(u), () => userAdminView(u, env)));
 *   return sendJsonText(reply, arrays(items));   // arrays = createJsonArrays()
 */
import type { FastifyReply } from 'fastify';
import { JSON_CONTENT_TYPE } from './content-type.ts';

/** Views kept per row (distinct keys: view kinds x base URLs); past it, the row's entries start over. */
const KEYS_PER_ROW = 4;

interface Entry {
  dep: object | null;
  json: string;
}

export interface JsonViews<R extends object> {
  /** The JSON text of `view()` for this row, key and dependency; built once. */
  json(row: R, key: string, dep: object | null, view: () => unknown): string;
}

export function createJsonViews<R extends object>(): JsonViews<R> {
  const cache = new WeakMap<R, Map<string, Entry>>();
  return {
    json(row, key, dep, view) {
      let entries = cache.get(row);
      const hit = entries?.get(key);
      if (hit && hit.dep === dep) return hit.json;
      const json = JSON.stringify(view());
      if (!entries || entries.size >= KEYS_PER_ROW) {
        entries = new Map();
        cache.set(row, entries);
      }
      entries.set(key, { dep, json });
      return json;
    },
  };
}

/** Arrays kept for reuse (pages asked again with the same items); past it, they start over. */
const ARRAYS_KEPT = 256;

/**
 * The JSON array of already-serialized items, as bytes: the bytes made for the same items last
 * time when they are the very same strings (a page asked again, unchanged), so a hot page is
 * neither joined, allocated nor encoded to UTF-8 again (node writes a Buffer as is; a string it
 * encodes on every response). Keyed by its first item (V8 keeps a string's hash).
 */
export function createJsonArrays(): (items: readonly string[]) => Buffer {
  const made = new Map<string, { items: readonly string[]; bytes: Buffer }>();
  const empty = Buffer.from('[]');
  return (items) => {
    if (items.length === 0) return empty;
    const last = made.get(items[0]!);
    if (last && last.items.length === items.length && last.items.every((item, i) => item === items[i])) return last.bytes;
    const bytes = Buffer.from(`[${items.join(',')}]`);
    if (made.size >= ARRAYS_KEPT) made.clear();
    made.set(items[0]!, { items, bytes });
    return bytes;
  };
}

/** Answers already-serialized JSON (the same bytes fastify would write for the value). */
export function sendJsonText<B extends string | Buffer>(reply: FastifyReply, json: B): B {
  reply.header('content-type', JSON_CONTENT_TYPE);
  return json;
}
