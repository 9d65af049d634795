/**
 * What crosses between the proxy's thread and a judge worker (judge-pool.ts, judge-worker.ts): the
 * exchanges in batches, their bodies copied into fresh ArrayBuffers that are transferred, not
 * cloned (a Buffer of the socket's may be a view on a larger pool: cloning it would copy the pool),
 * the headers of the wire's exchanges as the raw pairs they came in (lowered by unpack, on the
 * judge's thread); the worker's acknowledgements and its snapshots. Also the counts observe keeps
 * beside the judges'.
 *
 *   const transfer: ArrayBuffer[] = [];
 *   port.postMessage({ type: 'exchanges', list: [pack(x, transfer)] }, transfer);
 *   unpack(message.list[0]).body   // a Buffer again, on the worker's side
 */
import type { Caller, Credential } from './callers.ts';
import type { ObservationCounts, ObservationSnapshot } from './observation.ts';
import type { ObservedExchange } from './proxy.ts';
import { lowerHeaders } from './proxy-headers.ts';
import { CopiedExchange } from './proxy-wire.ts';

/** Headers on their way: lower-cased names (as ObservedExchange has them), or the raw pairs the wire copied. */
type WireHeaders = Record<string, string> | readonly string[];

/** An exchange on its way to a judge: the bodies as transferable ArrayBuffers. */
export interface WireExchange extends Omit<ObservedExchange, 'requestBody' | 'body' | 'requestHeaders' | 'headers'> {
  requestHeaders: WireHeaders;
  requestBody: ArrayBuffer;
  headers: WireHeaders;
  body: ArrayBuffer;
}

/** The counts of an observe: the judges' (observation.ts) and those of the exchanges they never judged. */
export interface ObserveCounts extends ObservationCounts {
  /** Exchanges not judged because the judges were behind (the bounded queue was full): forwarded all the same. */
  shed: number;
  /** API exchanges left out by `--sample RATE`: forwarded, not judged. */
  sampledOut: number;
  /** Exchanges whose judging threw, or whose worker died before it had judged them. */
  judgeErrors: number;
  /** Judge workers that died and were started again. */
  workerRestarts: number;
  /** observe's own GET /user requests (--identify-callers), one per new credential. */
  identifyRequests: number;
  /** ... of which named the caller (the others: not a user's credential, refused, no answer). */
  callersIdentified: number;
}

/** What an observe has seen: its judges' findings and counts, with the exchanges they did not judge counted. */
export interface ObserveSnapshot extends ObservationSnapshot {
  counts: ObserveCounts;
}

export interface WorkerSetup {
  replayBase: string;
  secrets: string[];
  showValues: boolean;
  /** The installation's relative URL root ('' or '/gitlab'): only `<urlRoot>/api/v4/...` is judged. */
  urlRoot: string;
  /** Lower the worker thread's own scheduling priority (nice 19): the pipes keep the CPU under saturation. */
  lowPriority: boolean;
  /** Pause judging when the thread waited for the CPU more than this share of a window (judge-manners.ts; 0: never). */
  pauseWhenWaiting: number;
  /** ... and only while more than this many exchanges wait for it: a judge that keeps up costs little, and never pauses. */
  pauseBacklog: number;
  /** A checkpoint snapshot this often (ms) when something was judged since the last: what survives the worker's death. */
  checkpointMs: number;
  /** The key of the callers' keyed hashes, the same in every judge (made at start, never written). */
  callerKey: Uint8Array;
  /** --identify-callers: exchanges of a credential not yet identified wait for observe's own GET /user. */
  identifyCallers: boolean;
}

/** Callers by credential key: null where a credential could not be identified. */
export type CallerEntries = [key: string, caller: Caller | null][];

/** `posted`: the exchanges handed to this worker so far, this batch included (the worker tells its backlog from it). */
export type ToWorker =
  | { type: 'exchanges'; list: WireExchange[]; posted: number }
  | { type: 'snapshot'; id: number }
  /** What observe's own GET /user or another judge learnt of callers. */
  | { type: 'callers'; entries: CallerEntries };

export interface WorkerSnapshot {
  snapshot: ObservationSnapshot;
  secrets: string[];
  /** Exchanges this worker received up to this snapshot and judged or counted (not those still held for their caller). */
  received: number;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'judged'; n: number; bytes: number }
  | ({ type: 'snapshot'; id: number } & WorkerSnapshot)
  | ({ type: 'checkpoint' } & WorkerSnapshot)
  /** A credential this judge needs the caller of (identifyCallers): asked once per judge. */
  | { type: 'identify'; key: string; credential: Credential }
  /** Callers this judge learnt from the traffic (a GET /user answer), for the others. */
  | { type: 'learned'; entries: CallerEntries };

const EMPTY = new ArrayBuffer(0);

/** A copy of the bytes in an ArrayBuffer of their own (added to `transfer`). */
function own(b: Buffer, transfer: ArrayBuffer[]): ArrayBuffer {
  if (b.length === 0) return EMPTY;
  const copy = b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
  transfer.push(copy);
  return copy;
}

export function pack(x: ObservedExchange, transfer: ArrayBuffer[]): WireExchange {
  if (!(x instanceof CopiedExchange)) return { ...x, requestBody: own(x.requestBody, transfer), body: own(x.body, transfer) };
  // The wire's: its headers as the pairs it copied (never lowered on the proxy's thread), no getter read.
  const w: WireExchange = {
    method: x.method,
    target: x.target,
    requestHeaders: x.rawRequestHeaders,
    requestBody: own(x.requestBody, transfer),
    requestCut: x.requestCut,
    status: x.status,
    headers: x.rawHeaders,
    body: own(x.body, transfer),
    bodyCut: x.bodyCut,
    durationMs: x.durationMs,
  };
  if (x.error !== undefined) w.error = x.error;
  if (x.shortBody) w.shortBody = x.shortBody;
  return w;
}

const lowered = (h: WireHeaders): Record<string, string> => (Array.isArray(h) ? lowerHeaders(h) : (h as Record<string, string>));

export function unpack(w: WireExchange): ObservedExchange {
  return {
    ...w,
    requestHeaders: lowered(w.requestHeaders),
    headers: lowered(w.headers),
    requestBody: Buffer.from(w.requestBody),
    body: Buffer.from(w.body),
  };
}

/** Bytes an exchange holds while it waits for its judge (bodies, and a little for the rest). */
export const exchangeBytes = (x: ObservedExchange): number => x.requestBody.length + x.body.length + 1024;

/** The counts of no exchange at all, every field present (merged with the judges', they add up). */
export function noCounts(): ObserveCounts {
  return {
    exchanges: 0,
    judged: 0,
    outsideSpec: 0,
    bodyNotJudged: 0,
    upstreamErrors: 0,
    notApi: 0,
    unparsable: 0,
    tunnels: 0,
    drained: 0,
    cutAtStop: 0,
    shortBodies: 0,
    shed: 0,
    sampledOut: 0,
    judgeErrors: 0,
    workerRestarts: 0,
    identifyRequests: 0,
    callersIdentified: 0,
  };
}

/** A snapshot of counts alone (no finding, no operation): how observe adds its own counts to the judges'. */
export function countsOnly(counts: ObserveCounts): ObservationSnapshot {
  return { counts, server: [], client: [], operations: { seen: [], neverSeen: [] } };
}
