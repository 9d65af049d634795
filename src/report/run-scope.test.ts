/**
 * A run is a certification only when it covered everything the target offers: filters, shards,
 * skipped areas and skipped offered capabilities each make it partial, and a partial pass reads
 * PARTIAL (summary.json keeps verdict "pass"), in the verdict line and in summary.md.
 *
 *   npx vitest run src/report/run-scope.test.ts
 */
import { describe, expect, it } from 'vitest';
import type { CapabilityReport } from '../kit/capabilities.ts';
import { verdictLine, verdictWord } from './failure-format.ts';
import { runScope } from './run-scope.ts';

const offered: CapabilityReport = {
  id: 'clusters',
  probed: 'offered',
  detail: '',
  declared: true,
  required: false,
  outcome: 'declared absent',
};
const absent: CapabilityReport = { id: 'epics', probed: 'absent', detail: '', declared: true, required: false, outcome: 'declared absent' };

describe('runScope', () => {
  it('is a certification without filters, shards or skips', () => {
    expect(runScope({ suites: [], filters: [], skip: [] })).toEqual({ certified: true, partialReasons: [] });
  });

  it.each([
    [{ suites: ['users', 'pagination'] }, 'only the suites users, pagination'],
    [{ filters: ['suites/users/order.test.ts'] }, 'only the files matching suites/users/order.test.ts'],
    [{ grep: 'users.block' }, 'only the tests matching --grep "users.block"'],
    [{ shard: '2/3' }, 'shard 2/3 of a split run'],
    [{ skip: ['keys'] }, 'areas skipped by CONFORMANCE_SKIP: keys'],
  ])('%j is partial: %s', (input, reason) => {
    const scope = runScope(input);
    expect(scope.certified).toBe(false);
    expect(scope.partialReasons.join('; ')).toContain(reason);
  });

  it('a capability skipped though the target offers it makes the run partial; one the target lacks does not', () => {
    expect(runScope({ skip: ['clusters'] }, [offered]).partialReasons).toEqual(['skipped though the target offers them: clusters']);
    expect(runScope({ skip: ['epics'] }, [absent])).toMatchObject({ certified: true, skip: ['epics'] });
  });
});

describe('the verdict of a partial run', () => {
  const totals = { passed: 3, failed: 0, skipped: 0 };
  it('reads PARTIAL, with why, where a certification reads PASS; a failure stays FAIL', () => {
    const partial = runScope({ suites: ['users'] });
    expect(verdictLine({ verdict: 'pass', totals, scope: partial })).toBe(
      'Conformance: PARTIAL — 0 failed, 3 passed, 0 skipped; not a certification: only the suites users',
    );
    expect(verdictWord({ verdict: 'pass', scope: runScope({}) })).toBe('PASS');
    expect(verdictWord({ verdict: 'fail', scope: partial })).toBe('FAIL');
  });
});
