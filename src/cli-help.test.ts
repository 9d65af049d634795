/**
 * serve's --help: its usage and a short line for each stand-in option (issue 30), pointing to the
 * docs section that says more.
 *
 *   npx vitest run src/cli-help.test.ts
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { helpOrVersion, SERVE_HELP } from './cli-help.ts';

const USAGE = `Usage:
  conformance serve [--port P] [--strict]
  conformance bench [--users N]`;

describe('serve --help', () => {
  it('prints the usage, then --strict, --client-report, --data and --ops-faults, each on its own line', () => {
    const out: string[] = [];
    expect(helpOrVersion(['serve', '--help'], USAGE, (t) => out.push(t), { serve: SERVE_HELP })).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('conformance serve [--port P] [--strict]');
    for (const flag of ['--strict', '--client-report PATH', '--data SEED.json', '--ops-faults SPEC'])
      expect(text).toMatch(new RegExp(`^  ${flag.replace(/[.]/g, '\\.')} `, 'm'));
    expect(Math.max(...SERVE_HELP.split('\n').map((l) => l.length))).toBeLessThanOrEqual(120);
  });
  it('points to a section docs/reference-server.md has', () => {
    const section = /"(As a stand-in for a client's tests)"/.exec(SERVE_HELP)![1]!;
    expect(readFileSync(new URL('../docs/reference-server.md', import.meta.url), 'utf8')).toContain(`## ${section}`);
  });
});
