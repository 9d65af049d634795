/** Unit tests of the capability rules: declared skips, absent capabilities, exceptions, flags. */
import { describe, expect, test } from 'vitest';
import { capabilityReport, capabilityVerdict, type CapabilityState } from './capabilities.ts';

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
  test('fails clauses of an absent, undeclared capability, saying how to declare it', () => {
    const v = capabilityVerdict('clusters.list.status', absent, []);
    expect(v.action).toBe('fail');
    expect(v.action !== 'run' && v.reason).toMatch(/CONFORMANCE_SKIP=clusters/);
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
  test('flags a declared skip of an offered capability', () => {
    const report = capabilityReport(offered, ['clusters']);
    expect(report.find((c) => c.id === 'clusters')).toMatchObject({ declared: true, probed: 'offered' });
    expect(report.find((c) => c.id === 'clusters')?.flag).toMatch(/offers it/);
    expect(report.find((c) => c.id === 'epics')?.flag).toBeUndefined();
  });
});
