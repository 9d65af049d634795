/** Unit tests of the capability rules: declared skips, absent capabilities, exceptions, flags. */
import { describe, expect, test } from 'vitest';
import { capabilityLine, capabilityReport, capabilityVerdict, type CapabilityState } from './capabilities.ts';

const offered: CapabilityState[] = [
  { id: 'clusters', probed: 'offered', detail: 'GET answered 200' },
  { id: 'epics', probed: 'offered', detail: '' },
];
const absent: CapabilityState[] = [
  { id: 'clusters', probed: 'absent', detail: 'GET /projects/1/clusters answered 404' },
  { id: 'epics', probed: 'absent', detail: 'GET answered 403' },
];

describe('capabilityVerdict', () => {
  test('runs clauses of an offered capability and of other areas', () => {
    expect(capabilityVerdict('clusters.list.status', offered, [])).toEqual({ action: 'run' });
    expect(capabilityVerdict('users.list.status', absent, [])).toEqual({ action: 'run' });
  });
  test('skips clauses of a capability the target does not offer, saying how to require it', () => {
    const v = capabilityVerdict('clusters.list.status', absent, []);
    expect(v.action).toBe('skip');
    expect(v.action !== 'run' && v.reason).toMatch(/^not offered by the target: .*answered 404.*CONFORMANCE_REQUIRE=clusters/);
  });
  test('fails clauses of a required capability the target does not offer, and runs them when it offers it', () => {
    const v = capabilityVerdict('todos.create.status', absent, [], ['epics']);
    expect(v.action).toBe('fail');
    expect(v.action !== 'run' && v.reason).toMatch(/does not offer group epics .*CONFORMANCE_REQUIRE=epics requires/);
    expect(capabilityVerdict('clusters.list.status', offered, [], ['clusters'])).toEqual({ action: 'run' });
  });
  test('skips clauses of a declared capability (by id or by area), offered or not', () => {
    expect(capabilityVerdict('clusters.list.status', absent, ['clusters']).action).toBe('skip');
    expect(capabilityVerdict('todos.create.status', absent, ['epics']).action).toBe('skip');
    expect(capabilityVerdict('todos.create.status', absent, ['todos']).action).toBe('skip');
  });
  test('a clause that tests the absence always runs', () => {
    expect(capabilityVerdict('epics.auth.feature_unavailable', absent, ['epics'])).toEqual({ action: 'run' });
  });
  test('a plain declared area skips', () => {
    expect(capabilityVerdict('users.list.status', offered, ['users']).action).toBe('skip');
  });
});

describe('capabilityReport', () => {
  test('names the outcome of each capability, and the verdict line groups them', () => {
    const states: CapabilityState[] = [...absent, { id: 'deps', probed: 'offered', detail: '' }];
    const report = capabilityReport(states, ['epics'], ['clusters']);
    expect(report.map((c) => [c.id, c.outcome])).toEqual([
      ['clusters', 'required, not offered'],
      ['epics', 'declared absent'],
      ['deps', 'certified'],
    ]);
    expect(capabilityLine(capabilityReport(states, [], []))).toBe('certified: deps; not offered: clusters, epics');
  });
  test('flags a declared skip of an offered capability', () => {
    const report = capabilityReport(offered, ['clusters']);
    expect(report.find((c) => c.id === 'clusters')).toMatchObject({ declared: true, probed: 'offered' });
    expect(report.find((c) => c.id === 'clusters')?.flag).toMatch(/offers it/);
    expect(report.find((c) => c.id === 'epics')?.flag).toBeUndefined();
  });
});
