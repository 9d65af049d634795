/**
 * The proxy's header and body helpers: which headers belong to one hop, headers as the judges read
 * them, and the bounded copy of a body kept for judging.
 *
 *   forwardedHeaders(req.rawHeaders, 'gitlab.internal:8443')   // raw pairs, hop-by-hop ones left out, Host replaced
 *   lowerHeaders(['Content-Type', 'a', 'X-Y', 'b'])           // { 'content-type': 'a', 'x-y': 'b' }
 *   const copy = new Capture(4 * 1024 * 1024); copy.add(chunk); copy.buffer()
 */

/**
 * Header bytes a request or answer may carry: well above the 8 KiB where the platform's front
 * server answers 414, so that the upstream, not the proxy, answers a long request line.
 */
export const MAX_HEADER_SIZE = 1024 * 1024;

/** Headers of one hop: each side's connection handling is its own. */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
  'proxy-authenticate',
  'proxy-authorization',
]);

/** A bounded copy of a stream's chunks. */
export class Capture {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  cut = false;
  constructor(private readonly limit: number) {}
  add(chunk: Buffer): void {
    if (this.size >= this.limit) {
      this.cut = true;
      return;
    }
    const room = this.limit - this.size;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part.length < chunk.length) this.cut = true;
    this.chunks.push(part);
    this.size += part.length;
  }
  buffer(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
  }
}

export function lowerHeaders(raw: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]!}` : raw[i + 1]!;
  }
  return out;
}

/** The lengths of the hop-by-hop names and of `host`: a name of another length is none of them (no lower-casing needed). */
const HOP_LENGTHS = new Set([...HOP_BY_HOP, 'host'].map((n) => n.length));

/** Raw headers without the hop-by-hop ones (and those the Connection header names); `host` replaced when given. */
export function forwardedHeaders(raw: readonly string[], host?: string): string[] {
  let named: Set<string> | undefined;
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === 10 && raw[i]!.toLowerCase() === 'connection')
      for (const n of raw[i + 1]!.split(',')) (named ??= new Set()).add(n.trim().toLowerCase());
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const given = raw[i]!;
    if (!named && !HOP_LENGTHS.has(given.length)) {
      out.push(given, raw[i + 1]!);
      continue;
    }
    const name = given.toLowerCase();
    if (HOP_BY_HOP.has(name) || named?.has(name)) continue;
    out.push(given, host !== undefined && name === 'host' ? host : raw[i + 1]!);
  }
  return out;
}

/** Raw headers as sent (Connection and Upgrade kept: an upgrade asks for them), `host` replaced when given. */
export function upgradeHeaders(raw: readonly string[], host?: string): string[] {
  if (host === undefined) return [...raw];
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push(raw[i]!, raw[i]!.toLowerCase() === 'host' ? host : raw[i + 1]!);
  return out;
}

/** An HTTP/1.1 head as bytes: the status (or request) line, then the raw header pairs, then the blank line. */
export function headBytes(firstLine: string, raw: readonly string[]): Buffer {
  let text = `${firstLine}\r\n`;
  for (let i = 0; i + 1 < raw.length; i += 2) text += `${raw[i]!}: ${raw[i + 1]!}\r\n`;
  // Header values arrive as latin1 (one character per byte): written back the same way, byte for byte.
  return Buffer.from(`${text}\r\n`, 'latin1');
}
