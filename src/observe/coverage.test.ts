/**
 * Coverage by operation (coverage.ts): an Observation tallies each operation's exchanges as seen,
 * judged in full, or not judged with why (no answer, a body cut, a body the recording left out, a
 * judge that threw), and seen always adds up; merged tallies (workers, --merge-reports) add up by
 * operation, an older report's entry read as judged in full; the totals with no operation are the
 * pool's shed and sampled out and the judge errors no operation took.
 */
import { describe, expect, it } from 'vitest';
import { mergeCoverage, notJudgedTotal, withoutOperation, type OperationCoverage } from './coverage.ts';
import { observedExchange } from './fixtures/exchange.ts';
import { Observation } from './observation.ts';

const LIST = '/api/v4/broadcast_messages';
const ONE = '/api/v4/broadcast_messages/1';
const none = { noAnswer: 0, bodyCut: 0, bodyLeftOut: 0, judgeFailed: 0 };
const addsUp = (o: OperationCoverage) => o.count === o.judgedInFull + o.judgedWithoutCaller + notJudgedTotal(o);

/** An exchange whose judge throws once its operation is known (its answer's headers cannot be read). */
function throwing(target: string) {
  const x = observedExchange(target);
  Object.defineProperty(x, 'headers', {
    get() {
      throw new Error('a judge that throws');
    },
  });
  return x;
}

function observeTraffic(o: Observation): void {
  o.record(observedExchange(LIST));
  o.record(observedExchange(LIST));
  o.record({ ...observedExchange(LIST), status: 0, body: Buffer.alloc(0), error: 'ECONNREFUSED' });
  o.record({ ...observedExchange(ONE, '{"id":1'), bodyCut: true });
  expect(() => o.record(throwing(ONE))).toThrow(/a judge that throws/);
  o.record(observedExchange('/api/v4/not_in_the_spec'));
}

describe('coverage by operation', () => {
  it('tallies each exchange of an operation as judged in full or not judged, with why', () => {
    const o = new Observation('http://h');
    observeTraffic(o);
    const { seen, neverSeen } = o.snapshot().operations;
    expect(seen).toEqual([
      { operation: 'GET /broadcast_messages', count: 3, judgedInFull: 2, judgedWithoutCaller: 0, notJudged: { ...none, noAnswer: 1 } },
      {
        operation: 'GET /broadcast_messages/:id',
        count: 2,
        judgedInFull: 0,
        judgedWithoutCaller: 0,
        notJudged: { ...none, bodyCut: 1, judgeFailed: 1 },
      },
    ]);
    expect(seen.every(addsUp)).toBe(true);
    expect(neverSeen).not.toContain('GET /broadcast_messages');
    expect(neverSeen).toContain('POST /broadcast_messages');
  });

  it('counts a cut answer of a recording (observe --har) as a body left out', () => {
    const o = new Observation('', [], { recorded: true });
    o.record({ ...observedExchange(ONE, '{"id":1'), bodyCut: true });
    expect(o.snapshot().operations.seen[0]!.notJudged).toEqual({ ...none, bodyLeftOut: 1 });
  });

  it('adds tallies up by operation, and reads an older report entry as judged in full', () => {
    const a = new Observation('http://h');
    const b = new Observation('http://h');
    observeTraffic(a);
    b.record({ ...observedExchange(LIST), bodyCut: true });
    const merged = mergeCoverage([a.snapshot().operations.seen, b.snapshot().operations.seen, [{ operation: 'GET /users', count: 4 }]]);
    expect(merged).toEqual([
      {
        operation: 'GET /broadcast_messages',
        count: 4,
        judgedInFull: 2,
        judgedWithoutCaller: 0,
        notJudged: { ...none, noAnswer: 1, bodyCut: 1 },
      },
      {
        operation: 'GET /broadcast_messages/:id',
        count: 2,
        judgedInFull: 0,
        judgedWithoutCaller: 0,
        notJudged: { ...none, bodyCut: 1, judgeFailed: 1 },
      },
      { operation: 'GET /users', count: 4, judgedInFull: 4, judgedWithoutCaller: 0, notJudged: none },
    ]);
    expect(merged.every(addsUp)).toBe(true);
  });

  it('leaves as totals what has no operation: shed, sampled out, judge errors no operation took', () => {
    const seen = mergeCoverage([[{ operation: 'GET /users', count: 3, judgedInFull: 1, notJudged: { ...none, judgeFailed: 2 } }]]);
    expect(withoutOperation({ shed: 7, sampledOut: 2, judgeErrors: 5 }, seen)).toEqual({ shed: 7, sampledOut: 2, judgeFailed: 3 });
    // observe --har counts no judge error: none without an operation.
    expect(withoutOperation({}, seen)).toEqual({ shed: 0, sampledOut: 0, judgeFailed: 0 });
  });
});
