/**
 * The observation's report: a baseline's entries make their server findings known (the
 * certification's own baseline code), the verdict fails only on findings outside it, an unmatched
 * entry is unused (never stale), and the junit file says the same.
 */
import { describe, expect, it } from 'vitest';
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

const snapshot = (server: ObservedFinding[]): ObservationSnapshot => ({
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
  operations: { seen: [{ operation: 'POST /broadcast_messages', count: 8 }], neverSeen: ['GET /users'] },
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
});
