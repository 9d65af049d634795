/** Unit tests of baselines: known failures excused, stale and expired entries fail the run. */
import { describe, expect, test } from 'vitest';
import { applyBaseline, parseBaseline, type BaselineTarget } from './baseline.ts';

function summary(statuses: Record<string, string>, failing: string[]): BaselineTarget {
  return {
    verdict: failing.length ? 'fail' : 'pass',
    totals: { passed: 5, failed: failing.length, skipped: 0 },
    clauses: Object.entries(statuses).map(([id, status]) => ({ id, status })),
    failures: failing.map((clause) => ({ clause })),
    verdictReasons: failing.length ? [`${failing.length} tests failed`] : [],
  };
}

const baseline = (entries: [string, string][]) => ({
  file: 'b.json',
  known: entries.map(([clause, expires]) => ({ clause, reason: 'known', expires })),
});

describe('applyBaseline', () => {
  test('a known failure is reported as known and does not fail the run', () => {
    const out = applyBaseline(summary({ a: 'fail', b: 'pass' }, ['a', 'a']), baseline([['a', '2099-01-01']]), '2026-11-22');
    expect(out.verdict).toBe('pass');
    expect(out.totals).toMatchObject({ failed: 0, known: 2 });
    expect(out.knownFailures).toHaveLength(2);
    expect(out.clauses[0]!.known).toEqual({ reason: 'known', expires: '2099-01-01' });
  });

  test('other failures still fail the run', () => {
    const out = applyBaseline(summary({ a: 'fail', b: 'fail' }, ['a', 'b']), baseline([['a', '2099-01-01']]), '2026-11-22');
    expect(out.verdict).toBe('fail');
    expect(out.totals.failed).toBe(1);
    expect(out.verdictReasons).toEqual(['1 test failed']);
  });

  test('a stale entry (the clause passes now) fails the run', () => {
    const out = applyBaseline(summary({ a: 'pass' }, []), baseline([['a', '2099-01-01']]), '2026-11-22');
    expect(out.verdict).toBe('fail');
    expect(out.baseline!.stale).toEqual(['a']);
  });

  test('an expired entry no longer excuses and fails the run', () => {
    const out = applyBaseline(summary({ a: 'fail' }, ['a']), baseline([['a', '2026-11-21']]), '2026-11-22');
    expect(out.verdict).toBe('fail');
    expect(out.totals.failed).toBe(1);
    expect(out.baseline!.expired).toEqual(['a']);
  });

  test('an entry narrowed to fields excuses only failures about those fields, all of them', () => {
    const s = summary({ v: 'fail' }, []);
    s.failures = [
      { clause: 't1', violates: 'v', fields: ['bio_html'] },
      { clause: 't2', violates: 'v', fields: ['bio_html', 'email'] },
      { clause: 'v' },
    ];
    const out = applyBaseline(
      s,
      { file: 'b.json', known: [{ clause: 'v', reason: 'r', expires: '2099-01-01', fields: ['bio_html'] }] },
      '2026-11-22',
    );
    expect(out.knownFailures).toEqual([
      { ...s.failures[0], known: { entries: ['v [fields bio_html]'], reason: 'r', expires: '2099-01-01' } },
    ]);
    expect(out.failures).toEqual([s.failures[1], s.failures[2]]);
    expect(out.baseline!.applied).toEqual(['v [fields bio_html]']);
  });

  test('an entry narrowed to operations excuses only failures of requests to them', () => {
    const s = summary({ a: 'fail' }, []);
    s.failures = [
      { clause: 'a', operation: 'GET /users/:id/gpg_keys' },
      { clause: 'a', operation: 'GET /users/:id/emails' },
      { clause: 'a' },
    ];
    const entry = { clause: 'a', reason: 'r', expires: '2099-01-01', operations: ['GET /users/:id/gpg_keys'] };
    const out = applyBaseline(s, { file: 'b.json', known: [entry] }, '2026-11-22');
    expect([out.totals.known, out.totals.failed, out.verdict]).toEqual([1, 2, 'fail']);
  });

  test("an entry narrowed to races excuses only race checks' failures: the clause's sequential checks stay judged", () => {
    const s = summary({ a: 'fail' }, []);
    s.failures = [{ clause: 'a', race: true }, { clause: 'a' }];
    const entry = { clause: 'a', reason: 'r', expires: '2099-01-01', races: true as const };
    const out = applyBaseline(s, { file: 'b.json', known: [entry] }, '2026-11-22');
    expect([out.totals.known, out.totals.failed, out.verdict]).toEqual([1, 1, 'fail']);
    expect(out.failures).toEqual([{ clause: 'a' }]);
    expect(out.baseline!.seen).toEqual({ 'a [races]': 1 });
    // Its clause ran and no race check failed: stale, as any narrowed entry that matches nothing.
    expect(applyBaseline(summary({ a: 'fail' }, ['a']), { file: 'b.json', known: [entry] }, '2026-11-22').baseline!.stale).toEqual([
      'a [races]',
    ]);
  });

  test("a narrowed entry that matches none of its failing clause's failures is stale", () => {
    const s = summary({ a: 'fail' }, ['a']);
    const out = applyBaseline(
      s,
      { file: 'b.json', known: [{ clause: 'a', reason: 'r', expires: '2099-01-01', fields: ['x'] }] },
      '2026-11-22',
    );
    expect(out.baseline!.stale).toEqual(['a [fields x]']);
    expect(out.verdictReasons.join('\n')).toMatch(/no failure matches it/);
  });

  test('a resource entry excuses a field of that resource wherever it is judged, once, counting how often', () => {
    const s = summary({ 'epics.list.shape': 'fail', 'epics.get.by_iid': 'fail', 'users.get.x': 'fail' }, []);
    s.failures = [
      { clause: 'epics.filter.state', violates: 'epics.list.shape', fields: ['description'], resource: 'epic' },
      { clause: 'epics.get.by_iid', fields: ['description'], resource: 'epic' },
      { clause: 'epics.transition.close', fields: ['description'], resource: 'epic' },
      { clause: 'todos.field.target', fields: ['description'], resource: 'todo' }, // another resource
      { clause: 'epics.get.by_iid', fields: ['title'], resource: 'epic' }, // another field
      { clause: 'epics.get.by_iid', fields: ['description'] }, // resource unknown
    ];
    const entry = { resource: 'epic', fields: ['description'], reason: 'null when none was given', expires: '2099-01-01' };
    const out = applyBaseline(s, { file: 'b.json', known: [entry] }, '2026-11-22');
    expect(out.baseline!.applied).toEqual(['resource epic [fields description]']);
    expect(out.baseline!.seen).toEqual({ 'resource epic [fields description]': 3 });
    expect([out.totals.known, out.totals.failed]).toEqual([3, 3]);
    expect(out.failures).toEqual(s.failures.slice(3));
    expect(out.clauses.find((c) => c.id === 'epics.list.shape')!.known).toEqual({
      reason: 'null when none was given',
      expires: '2099-01-01',
    });
  });

  test('a failure about several fields is known when each field has an entry, a resource entry and a clause entry together', () => {
    const s = summary({ v: 'fail' }, []);
    s.failures = [{ clause: 'v', fields: ['description', 'reference'], resource: 'epic' }];
    const both = [
      { resource: 'epic', fields: ['description'], reason: 'null', expires: '2099-01-01' },
      { clause: 'v', fields: ['reference'], reason: 'gone', expires: '2099-01-01' },
    ];
    const out = applyBaseline(s, { file: 'b.json', known: both }, '2026-11-22');
    expect([out.totals.known, out.verdict]).toEqual([1, 'pass']);
    expect(out.baseline!.applied).toEqual(['resource epic [fields description]', 'v [fields reference]']);
    const alone = applyBaseline(s, { file: 'b.json', known: both.slice(0, 1) }, '2026-11-22');
    expect([alone.totals.failed, alone.verdict]).toEqual([1, 'fail']);
  });

  test("a resource entry that matches nothing is stale once its area's clauses ran, else not judged", () => {
    const entry = { resource: 'epic', fields: ['description'], reason: 'r', expires: '2099-01-01' };
    const ran = applyBaseline(summary({ 'epics.get.by_iid': 'pass' }, []), { file: 'b.json', known: [entry] }, '2026-11-22');
    expect([ran.baseline!.stale, ran.verdict]).toEqual([['resource epic [fields description]'], 'fail']);
    const skipped = applyBaseline(
      summary({ 'users.get.x': 'pass', 'epics.get.by_iid': 'skip' }, []),
      { file: 'b.json', known: [entry] },
      '2026-11-22',
    );
    expect([skipped.baseline!.unused, skipped.verdict]).toEqual([['resource epic [fields description]'], 'pass']);
  });

  test('a data-dependent entry that matches nothing is unused, not stale, though its clauses ran; matching, it applies', () => {
    const entry = { resource: 'dependency', fields: ['version'], dataDependent: true as const, reason: 'r', expires: '2099-01-01' };
    const ran = applyBaseline(summary({ 'deps.field.shape': 'pass' }, []), { file: 'b.json', known: [entry] }, '2026-11-22');
    expect([ran.baseline!.stale, ran.baseline!.unused, ran.verdict]).toEqual([[], ['resource dependency [fields version]'], 'pass']);
    const s = summary({ 'deps.field.shape': 'fail' }, []);
    s.failures = [{ clause: 'deps.field.shape', resource: 'dependency', fields: ['version'] }];
    const met = applyBaseline(s, { file: 'b.json', known: [entry] }, '2026-11-22');
    expect([met.baseline!.applied, met.verdict]).toEqual([['resource dependency [fields version]'], 'pass']);
    const text = JSON.stringify({ known: [entry] });
    expect(parseBaseline(text, 'b.json', new Set()).known[0]!.dataDependent).toBe(true);
    expect(() => parseBaseline(text.replace('true', 'false'), 'b.json', new Set())).toThrow(/dataDependent/);
  });

  test('an entry for a clause that did not run is neither applied nor stale', () => {
    const out = applyBaseline(summary({ a: 'skip' }, []), baseline([['a', '2099-01-01']]), '2026-11-22');
    expect(out.verdict).toBe('pass');
    expect(out.baseline!.unused).toEqual(['a']);
  });
});

describe('parseBaseline', () => {
  test('the same clause may be listed narrowed to different fields or operations', () => {
    const text = JSON.stringify({
      known: [
        { clause: 'a', reason: 'r', expires: '2027-01-01', fields: ['x'] },
        { clause: 'a', reason: 'r', expires: '2027-01-01', operations: ['GET /users/:id/gpg_keys'] },
        { clause: 'a', reason: 'r', expires: '2027-01-01', races: true },
      ],
    });
    expect(parseBaseline(text, 'b.json', new Set(['a'])).known).toHaveLength(3);
  });

  test.each([
    ['{', /not JSON/],
    ['{"known":[{"clause":"a","reason":"r"}]}', /known\.0\.expires/],
    ['{"known":[{"clause":"a","reason":"r","expires":"2026-13-45"}]}', /real date/],
    ['{"known":[{"clause":"zz","reason":"r","expires":"2027-01-01"}]}', /unknown clause id\(s\) zz/],
    ['{"known":[{"clause":"a","reason":"r","expires":"2027-01-01"},{"clause":"a","reason":"r","expires":"2027-01-01"}]}', /listed twice/],
    [
      '{"known":[{"clause":"a","reason":"r","expires":"2027-01-01","operations":["users/:id"]}]}',
      /known\.0\.operations\.0 must be 'METHOD \/path'/,
    ],
    ['{"known":[{"clause":"a","reason":"r","expires":"2027-01-01","fields":[]}]}', /known\.0\.fields/],
    ['{"known":[{"clause":"a","reason":"r","expires":"2027-01-01","races":false}]}', /known\.0\.races must be true \(or left out\)/],
    ['{"known":[{"resource":"epic","reason":"r","expires":"2027-01-01"}]}', /a resource entry must name its fields/],
    [
      '{"known":[{"clause":"a","resource":"epic","fields":["x"],"reason":"r","expires":"2027-01-01"}]}',
      /one of a clause, a resource or a client finding/,
    ],
    ['{"known":[{"reason":"r","expires":"2027-01-01"}]}', /one of a clause, a resource or a client finding/],
    [
      '{"known":[{"clause":"a","finding":"wrong-type","reason":"r","expires":"2027-01-01"}]}',
      /one of a clause, a resource or a client finding/,
    ],
    ['{"known":[{"finding":"wrong-colour","reason":"r","expires":"2027-01-01"}]}', /known\.0\.finding/],
    ['{"known":[{"finding":"wrong-type","fields":["x"],"reason":"r","expires":"2027-01-01"}]}', /operations and parameters, not fields/],
    ['{"known":[{"clause":"a","parameters":["x"],"reason":"r","expires":"2027-01-01"}]}', /parameters narrow a client finding entry only/],
    ['{"known":[{"resource":"epik","fields":["x"],"reason":"r","expires":"2027-01-01"}]}', /unknown resource\(s\) epik \(known: .*epic/],
  ])('%s is refused with a clear line', (text, message) => {
    expect(() => parseBaseline(text, 'b.json', new Set(['a']))).toThrow(message);
  });
});
