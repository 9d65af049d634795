/**
 * One row of the bench: what was measured, its value, its target and the verdict (pass, miss,
 * or info for a measurement the issue sets no target for), with the details behind the value.
 * A target is what the kit aims at (the wall times); a guard (`kind: 'guard'`) is a ceiling that
 * catches a regression (the kit's CPU per request). Both are judged alike: a miss of either
 * misses the bench.
 *
 *   judge({ id: 'deep-page', title: 'Deep page / first page latency', value: 1.1, unit: 'x',
 *           target: { op: '<=', value: 2 }, details: {} }).status   // 'pass'
 *   judge({ ..., value: 2.6, target: { op: '<=', value: 2.5, kind: 'guard' } }).status   // 'miss': a regression
 */
export interface Target {
  op: '>=' | '<=';
  value: number;
  /** 'guard': a regression guard rather than a target (shown as such); judged the same way. */
  kind?: 'guard';
}

export interface Measurement {
  id: string;
  title: string;
  value: number;
  unit: string;
  target: Target | null;
  status: 'pass' | 'miss' | 'info';
  /** What the value is made of (raw numbers, for bench.json). */
  details: Record<string, unknown>;
  /** One line for people: the numbers behind the value. */
  summary: string;
}

export function judge(m: Omit<Measurement, 'status'>): Measurement {
  if (!m.target) return { ...m, status: 'info' };
  const ok = m.target.op === '>=' ? m.value >= m.target.value : m.value <= m.target.value;
  return { ...m, status: ok ? 'pass' : 'miss' };
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const mib = (bytes: number) => round(bytes / (1024 * 1024), 1);
