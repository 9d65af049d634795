/**
 * The callers' switchboard on the proxy's thread (judge-pool.ts): a judge that needs the caller of a
 * new credential asks here; the first ask sends observe's own GET /user (identify-caller.ts), later
 * ones wait for it, and its answer goes to every judge; a caller one judge learnt from the traffic
 * goes to the others. The credential itself is held only while its GET /user is in flight.
 *
 *   const relay = new CallerRelay(identify, (entries) => pool.broadcast(entries));
 *   relay.ask(key, credential, (entries) => tellThatJudge(entries));
 *   await relay.settled();   // every GET /user answered (before the last snapshot)
 */
import type { Caller, Credential } from './callers.ts';
import type { Identify } from './identify-caller.ts';
import type { CallerEntries } from './judge-wire.ts';
import { rememberIn } from '../shared/oldest-out.ts';

/** Credentials whose answer is remembered, at most (the oldest go first). */
const KNOWN_LIMIT = 100_000;

export class CallerRelay {
  private readonly known = new Map<string, Caller | null>();
  private readonly inFlight = new Map<string, Promise<void>>();
  readonly counts = { identifyRequests: 0, callersIdentified: 0 };

  constructor(
    private readonly identify: Identify | undefined,
    private readonly broadcast: (entries: CallerEntries) => void,
  ) {}

  private remember(key: string, caller: Caller | null): void {
    rememberIn(this.known, key, caller, KNOWN_LIMIT);
  }

  /** A judge needs this credential's caller: answered at once when known, else after one GET /user. */
  ask(key: string, credential: Credential, answer: (entries: CallerEntries) => void): void {
    if (this.known.has(key)) return answer([[key, this.known.get(key)!]]);
    if (this.inFlight.has(key)) return;
    if (!this.identify) return answer([[key, null]]);
    this.counts.identifyRequests++;
    const done = this.identify(credential)
      .catch(() => null)
      .then((caller) => {
        if (caller) this.counts.callersIdentified++;
        this.remember(key, caller);
        this.inFlight.delete(key);
        this.broadcast([[key, caller]]);
      });
    this.inFlight.set(key, done);
  }

  /** Callers a judge learnt from the traffic: the others learn them too. */
  learned(entries: CallerEntries): void {
    for (const [key, caller] of entries) if (caller) this.remember(key, caller);
    this.broadcast(entries);
  }

  /** Every GET /user in flight answered (each is bounded by its own timeout). */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }
}
