/**
 * The kit's answer to a target that throttles (429 Too Many Requests): wait as the target says
 * (Retry-After in seconds or as an HTTP date, else RateLimit-Reset, else one second) and ask
 * again, within a bounded total wait per process (CONFORMANCE_THROTTLE_MAX_WAIT_MS) and a bounded
 * number of tries per request. Past either bound it gives up: a KitError TARGET_THROTTLING (exit
 * 2), never a conformance failure, noted for the whole run (channels.ts: ThrottleLog) so that the
 * other processes give up at their next 429 and certify() names it. Also paces requests under a
 * rate cap (CONFORMANCE_MAX_RPS, this process's share of it), and bounds the requests a process keeps in
 * flight (maxInFlight: the main process's side-by-side requests under CONFORMANCE_CONCURRENCY).
 *
 *   const throttle = new Throttle({ maxWaitMs: 120_000, requestsPerSecond: 5, log: throttleFileLog(file) });
 *   new ApiClient({ ..., throttle });
 *   throttleWaitMs({ 'retry-after': '3' })   // 3000
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { KitError } from '../shared/errors.ts';
import type { ThrottleLog } from './channels.ts';

/** CONFORMANCE_THROTTLE_MAX_WAIT_MS's default: two minutes of waiting on 429s per process. */
export const DEFAULT_THROTTLE_MAX_WAIT_MS = 120_000;
/** The wait when a 429 says neither Retry-After nor RateLimit-Reset. */
const DEFAULT_WAIT_MS = 1000;
/** Tries of one request that may answer 429 before the kit gives up on it. */
const MAX_TRIES = 10;
/** A RateLimit-Reset above this is a Unix time (GitLab's), below it a number of seconds from now (the IETF draft's). */
const EPOCH_SECONDS = 1_000_000_000;

/** How long a 429 asks the client to wait, in ms: Retry-After (seconds or HTTP date), else RateLimit-Reset, else 1 s. */
export function throttleWaitMs(headers: Record<string, string>, now = Date.now()): number {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers['ratelimit-reset']?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const n = Number(reset);
    return n > EPOCH_SECONDS ? Math.max(0, n * 1000 - now) : n * 1000;
  }
  return DEFAULT_WAIT_MS;
}

export interface ThrottleOptions {
  /** The longest total wait on 429s of this process; 0 gives up at the first 429. */
  maxWaitMs: number;
  /** Tries of one request that may answer 429 (default 10). */
  maxTries?: number;
  /** This process's rate cap; none by default. */
  requestsPerSecond?: number;
  /**
   * Requests this process keeps in flight at most (the main process: CONFORMANCE_CONCURRENCY, its probe,
   * provisioning and cleanup sending side by side); none by default (a worker's tests send one at a time).
   */
  maxInFlight?: number;
  /** Where the run learns of 429s and of a give-up (and where this process learns another gave up). */
  log?: ThrottleLog;
  /** For tests: how a wait is done, and the clock of HTTP dates. */
  sleep?: (ms: number) => Promise<unknown>;
  now?: () => number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class Throttle {
  /** 429 answers met by this process, and the time it waited on them. */
  responses = 0;
  waitedMs = 0;
  /** Milliseconds between two requests under the rate cap; 0 without a cap. */
  readonly interval: number;
  private next = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  /** During together(): places held for the burst's first requests. */
  private handover = 0;
  /** The together() gathering its places: one at a time, so that two bursts never each hold part of the places. */
  private gathering: Promise<void> = Promise.resolve();
  private stopped: string | undefined;
  private readonly o: ThrottleOptions;

  constructor(o: ThrottleOptions) {
    this.o = o;
    this.interval = o.requestsPerSecond ? 1000 / o.requestsPerSecond : 0;
  }

  /** Under the rate cap: a promise of the next request's turn, or undefined when it may go now. */
  slot(): Promise<unknown> | undefined {
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + this.interval;
    return at > now ? (this.o.sleep ?? sleep)(at - now) : undefined;
  }

  /** A place among this process's requests in flight: a promise when the request must wait for one, undefined when it has one now. */
  enter(): Promise<void> | undefined {
    if (!this.o.maxInFlight) return undefined;
    if (this.handover > 0) {
      this.handover -= 1; // a place together() holds for this request
      return undefined;
    }
    if (this.inFlight < this.o.maxInFlight) {
      this.inFlight += 1;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A request's answer came (or it gave up): its place goes to the request waiting longest. */
  leave(): void {
    if (!this.o.maxInFlight) return;
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }

  /**
   * Lets `n` requests be in flight together (kit/at-once.ts) as far as the bound allows, never past it (it is
   * the run's promise to the target: CONFORMANCE_CONCURRENCY): waits until this process holds min(n, bound)
   * places, then runs `start`, which must start the n requests at once (each reaches enter() before its first
   * await, as ApiClient.request does): the first ones take the places held, the rest wait their turn. Places a
   * shorter burst left untaken are given back.
   *
   *   const answers = await throttle.together(3, () => sends.map((send) => send()));
   */
  async together<T>(n: number, start: () => T): Promise<T> {
    if (!this.o.maxInFlight) return start();
    const before = this.gathering;
    let gathered!: () => void;
    this.gathering = new Promise((resolve) => (gathered = resolve));
    try {
      await before;
      const held = Math.min(n, this.o.maxInFlight);
      for (let i = 0; i < held; i += 1) await this.enter();
      this.handover = held;
      return start();
    } finally {
      for (; this.handover > 0; this.handover -= 1) this.leave();
      gathered();
    }
  }

  /**
   * After the `tries`-th 429 in a row of `what` (method and path, no query: no token): waits as
   * the answer asks, or throws KitError TARGET_THROTTLING past a bound (or once the run gave up).
   */
  async waitOut(headers: Record<string, string>, what: string, tries: number): Promise<void> {
    this.responses += 1;
    const wait = throttleWaitMs(headers, (this.o.now ?? Date.now)());
    const given = this.stopped ?? this.o.log?.stopped();
    const maxTries = this.o.maxTries ?? MAX_TRIES;
    let reason: string | undefined;
    if (tries >= maxTries) reason = `${what} answered 429 ${tries} times in a row`;
    else if (this.waitedMs + wait > this.o.maxWaitMs) {
      reason = `${what} answered 429 and asks to wait ${seconds(wait)}, past the ${seconds(this.o.maxWaitMs)} this process may wait in all (CONFORMANCE_THROTTLE_MAX_WAIT_MS; ${seconds(this.waitedMs)} waited so far)`;
    }
    if (given !== undefined || reason !== undefined) {
      this.o.log?.throttled(0);
      const message =
        given ??
        `The target kept throttling: ${reason}. Certify it when it is not throttling the kit, or cap the kit's rate (CONFORMANCE_MAX_RPS).`;
      this.stopped = message;
      this.o.log?.gaveUp(message);
      throw new KitError('TARGET_THROTTLING', message);
    }
    this.waitedMs += wait;
    this.o.log?.throttled(wait);
    if (wait > 0) await (this.o.sleep ?? sleep)(wait);
  }
}

let processDefault: Throttle | undefined;
/** The throttle of clients given none (the CLI's own commands): default bound, no cap, nothing noted. */
export function defaultThrottle(): Throttle {
  processDefault ??= new Throttle({ maxWaitMs: DEFAULT_THROTTLE_MAX_WAIT_MS });
  return processDefault;
}

/** Requests a long test may send (a property's runs): the time they take under the rate cap is added to its time limit. */
const REQUESTS_OF_A_LONG_TEST = 300;

/**
 * Time added to a suite test's (and hook's) time limit, so that waiting on 429s or pacing under the
 * rate cap never shows as a test timing out: the bound on waiting on a deployed target (the
 * bundled reference never throttles), and a long test's requests at this process's rate.
 *
 *   test(name, { timeout: 30_000 + timeAllowanceMs(target) }, fn)
 */
export function timeAllowanceMs(t: { bundled: boolean; throttle: { maxWaitMs: number; requestsPerSecond?: number } }): number {
  const waits = t.bundled ? 0 : t.throttle.maxWaitMs;
  const pacing = t.throttle.requestsPerSecond ? (REQUESTS_OF_A_LONG_TEST / t.throttle.requestsPerSecond) * 1000 : 0;
  return Math.round(waits + pacing);
}
