/**
 * Lines 8 and 9 of the bench (issue 30), their judgement and the parsing of serve's ready line,
 * never their timings.
 *
 *   npx vitest run src/bench/reset-and-startup-lines.test.ts
 */
import { describe, expect, it } from 'vitest';
import { percentile, resetLine } from './reset-line.ts';
import { readyUrl, startupLine } from './serve-startup.ts';

describe('line 8: reference reset', () => {
  it('judges the median of the resets from code under 5 ms, with the p95 and the HTTP reset beside it', () => {
    const m = resetLine({ codeMs: [0.5, 0.7, 0.6, 30, 0.8], httpMs: [1.2, 1.4] });
    // One 30 ms pause (a GC) does not miss the line: the median is judged.
    expect(m).toMatchObject({ id: 'reference-reset', value: 0.7, unit: 'ms', target: { op: '<=', value: 5 }, status: 'pass' });
    expect(m.details).toMatchObject({ resets: 5, p95Ms: 30, maxMs: 30, httpResets: 2, httpMedianMs: 1.3 });
    expect(m.summary).toContain('POST /-/reference/reset answered in a median 1.3 ms over 2');
  });
  it('misses at a median of 5 ms or more ("under 5 ms")', () => {
    expect(resetLine({ codeMs: [4.9, 4.99, 4.8], httpMs: [] }).status).toBe('pass');
    expect(resetLine({ codeMs: [5, 5, 5], httpMs: [] }).status).toBe('miss');
    expect(resetLine({ codeMs: [6, 1, 7], httpMs: [] }).status).toBe('miss');
    expect(resetLine({ codeMs: [1], httpMs: [] }).summary).not.toContain('POST');
  });
  it('takes the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([3], 95)).toBe(3);
  });
});

describe('line 9: serve start-up', () => {
  it("reads the real URL from serve's ready line, and nothing from other lines or a port of 0", () => {
    expect(readyUrl('Reference server listening on http://127.0.0.1:41234 (API at http://127.0.0.1:41234/api/v4)')).toBe(
      'http://127.0.0.1:41234',
    );
    expect(readyUrl('Reference server listening on http://[::1]:5000 (API at http://[::1]:5000/api/v4), platform profile')).toBe(
      'http://[::1]:5000',
    );
    expect(readyUrl('Reference server listening on http://127.0.0.1:0 (API at http://127.0.0.1:0/api/v4)')).toBeUndefined();
    expect(readyUrl('Administrator token (generated): x')).toBeUndefined();
  });
  it('judges the median of the runs against 1000 ms', () => {
    expect(startupLine([640, 1500, 700])).toMatchObject({ id: 'serve-startup', value: 700, unit: 'ms', status: 'pass' });
    expect(startupLine([1000, 990, 1200]).status).toBe('pass');
    expect(startupLine([1001, 990, 1200]).status).toBe('miss');
    expect(startupLine([640, 700]).summary).toContain('2 runs of node bin/conformance.js serve: 640, 700 ms');
  });
});
