/**
 * The observation's report: a baseline's entries make their server findings known (the
 * certification's own baseline code), the verdict fails only on findings outside it, an unmatched
 * entry is unused (never stale), and the junit file says the same. Coverage by operation: a row per
 * operation seen (seen, judged in full, without the caller, not judged and why), the totals not
 * judged that have no operation, the same numbers in summary.json.
 */
import { describe, expect, it } from 'vitest';
import { covered } from './fixtures/coverage.ts';
import type { ObservationSnapshot, ObservedFinding } from './observation.ts';
import { observeJunit, observeMarkdown, observeSummary } from './report.ts';

const finding = (operation: string, clause: string): ObservedFinding => ({
  side: 'server',
  operation,
  clause,
  about: 'status',
  requirement: 'r',
  count: 3,
  reproducer: "curl -X GET 'http://h/api/v4/x' -H 'PRIVATE-TOKEN: [redacted]'",
  status: 200,
});

const snapshot = (server: ObservedFinding[], seen = [covered('POST /broadcast_messages', 8)]): ObservationSnapshot => ({
  counts: {
    exchanges: 10,
    judged: 8,
    outsideSpec: 2,
    notApi: 0,
    unparsable: 0,
    bodyNotJudged: 0,
    shortBodies: 0,
    upstreamErrors: 0,
    tunnels: 0,
    drained: 0,
    cutAtStop: 0,
  },
  server,
  client: [],
  operations: { seen, neverSeen: ['GET /users'] },
});

const meta = { upstream: 'http://h', kitVersion: '0', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 1, today: '2026-01-01' };

describe('observe report', () => {
  it('reports what the baseline names as known, and passes when nothing else is found', () => {
    const baseline = {
      file: 'b.json',
      known: [
        { clause: 'broadcast.create.status', reason: 'the platform answers 200', expires: '2026-12-31' },
        { clause: 'auth.401.body', reason: 'unused here', expires: '2026-12-31' },
      ],
    };
    const s = observeSummary(snapshot([finding('POST /broadcast_messages', 'broadcast.create.status')]), { ...meta, baseline });
    expect(s.verdict).toBe('pass');
    expect(s.server).toEqual([]);
    expect(s.known.map((f) => [f.clause, f.known.reason])).toEqual([['broadcast.create.status', 'the platform answers 200']]);
    expect(s.baseline).toMatchObject({ applied: ['broadcast.create.status'], unused: ['auth.401.body'] });
    expect(observeJunit(s)).toMatch(/<skipped message="known: the platform answers 200"\/>/);
    expect(observeMarkdown(s)).toMatch(/## Known departures \(1, baseline b.json\)/);
  });

  it('fails on a finding outside the baseline, and on one whose entry expired', () => {
    const expired = { file: 'b.json', known: [{ clause: 'broadcast.create.status', reason: 'old', expires: '2025-01-01' }] };
    const s = observeSummary(snapshot([finding('POST /broadcast_messages', 'broadcast.create.status')]), { ...meta, baseline: expired });
    expect(s.verdict).toBe('fail');
    expect(s.server).toHaveLength(1);
    expect(s.baseline?.expired).toEqual(['broadcast.create.status']);
    const junit = observeJunit(s);
    expect(junit).toMatch(/failures="1"/);
    expect(junit).toMatch(/type="broadcast.create.status"/);
    expect(observeMarkdown(s)).toMatch(/\| POST \/broadcast_messages \| broadcast.create.status \| 3 \|/);
  });

  it('states the coverage by operation, and the totals not judged that have no operation', () => {
    const seen = [
      covered('GET /broadcast_messages', 12, {
        judgedInFull: 7,
        judgedWithoutCaller: 1,
        notJudged: { noAnswer: 1, bodyCut: 2, bodyLeftOut: 0, judgeFailed: 1 },
      }),
      covered('POST /broadcast_messages', 8),
    ];
    const s = observeSummary(
      { ...snapshot([], seen), counts: { ...snapshot([]).counts, shed: 5, sampledOut: 4, judgeErrors: 3 } } as ObservationSnapshot,
      meta,
    );
    // The judge error of GET /broadcast_messages is its row's; the other two had no operation.
    expect(s.operations.notJudgedWithoutOperation).toEqual({ shed: 5, sampledOut: 4, judgeFailed: 2 });
    expect(s.operations.seen[0]).toMatchObject({ operation: 'GET /broadcast_messages', count: 12, judgedInFull: 7 });
    const md = observeMarkdown(s);
    expect(md).not.toMatch(/## Operations seen/);
    expect(md).toMatch(/## Coverage by operation \(2 seen\)/);
    expect(md).toMatch(
      /Not judged, with no operation: 5 shed \(the judges were behind\), 4 sampled out \(--sample\), 2 whose judging failed/,
    );
    expect(md).toContain('| operation | seen | judged in full | without the caller | not judged (why) |');
    expect(md).toContain('| GET /broadcast_messages | 12 | 7 | 1 | 4: 1 not answered, 2 body over the capture limit, 1 judge failed |');
    expect(md).toContain('| POST /broadcast_messages | 8 | 8 | 0 | 0 |');
    expect(md).toMatch(/## Operations never seen \(1\)\n\n- GET \/users/);
    // junit: the answers judged (neither the one not answered nor the one whose judge failed).
    expect(observeJunit(s)).toContain('name="GET /broadcast_messages: 10 answer(s), no finding"');
  });

  it('puts the security findings in a section of their own, above the others, naming the caller by id and username', () => {
    const leak = { ...finding('POST /users', 'auth.admin_only.403'), about: 'adminOnly', security: { id: 42, username: '<username>' } };
    const s = observeSummary(snapshot([finding('POST /broadcast_messages', 'broadcast.create.status'), leak]), {
      ...meta,
      identifyCallers: true,
    });
    expect(s.verdict).toBe('fail');
    expect(s.identifyCallers).toBe(true);
    const md = observeMarkdown(s);
    const security = md.indexOf('## Security findings (1)');
    const server = md.indexOf('## Server findings (1, besides the security findings)');
    expect(security).toBeGreaterThan(0);
    expect(server).toBeGreaterThan(security);
    const section = md.slice(security, server);
    expect(section).toContain('| POST /users | auth.admin_only.403 | 3 | user 42 (<username>) |');
    expect(md.slice(server)).not.toContain('auth.admin_only.403');
    expect(md).toContain("identified by observe's own GET /user");
    expect(observeJunit(s)).toContain('Security finding, first answered to user 42 (&lt;username&gt;).');
  });
});
