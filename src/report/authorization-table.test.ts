/**
 * The authorization matrix in the reports: verdicts from the cells' tests and clauses, one table.
 *
 *   npx vitest run src/report/authorization-table.test.ts
 */
import { describe, expect, it } from 'vitest';
import { authorizationResults, renderAuthorizationTable, withKnownCells } from './authorization-table.ts';

const cell = (operation: string, caller: string, state: string) => ({
  fullName: `t ${operation} ${caller}`,
  state,
  cell: { operation, caller },
});

describe('authorizationResults', () => {
  it('judges a tested cell by its test, a cell checked elsewhere by its clause, and says where the spec is silent', () => {
    const results = [cell('POST /users', 'anonymous', 'passed'), cell('POST /users', 'user', 'failed')];
    const cells = authorizationResults(results, [{ id: 'users.transitions.non_admin', status: 'pass' }]);
    const of = (op: string, caller: string) => cells.find((c) => c.operation === op && c.caller === caller)!;
    expect(of('POST /users', 'anonymous')).toMatchObject({ expected: '401', verdict: 'pass', clause: 'auth.missing.401' });
    expect(of('POST /users', 'user')).toMatchObject({ expected: '403', verdict: 'fail', clause: 'users.create.non_admin' });
    expect(of('POST /users', 'sudo').verdict).toBe('untested');
    expect(of('POST /users/:id/block', 'user')).toMatchObject({ verdict: 'pass', note: 'checked by suites/users/states.test.ts' });
    expect(of('GET /users/:id_or_username/keys', 'anonymous').verdict).toBe('not-shown');
    expect(of('GET /users', 'below-role').verdict).toBe('not-applicable');
  });
});

describe('renderAuthorizationTable', () => {
  it('draws one table, operation × caller, a baselined failure as known', () => {
    const authorization = authorizationResults([cell('POST /users', 'user', 'failed')], []);
    const lines = renderAuthorizationTable({ authorization, knownFailures: [{ test: 't POST /users user' }] });
    expect(lines).toContain('## Authorization matrix');
    const row = lines.find((l) => l.startsWith('| `POST /users` |'))!;
    expect(row.split(' | ')).toHaveLength(9);
    expect(row).toContain('401 ⬜ untested');
    expect(row).toContain('403 ⚠️ known');
    expect(lines.find((l) => l.startsWith('| `GET /users/:id_or_username/keys` |'))).toContain('not shown');
    expect(renderAuthorizationTable({})).toEqual([]);
  });

  it("marks a baselined cell known in summary.json's cells too, and leaves the others", () => {
    const authorization = authorizationResults([cell('POST /users', 'user', 'failed'), cell('POST /users', 'anonymous', 'failed')], []);
    const marked = withKnownCells({ authorization, knownFailures: [{ test: 't POST /users user' }] }).authorization!;
    const verdict = (caller: string) => marked.find((c) => c.operation === 'POST /users' && c.caller === caller)!.verdict;
    expect([verdict('user'), verdict('anonymous')]).toEqual(['known', 'fail']);
  });
});
