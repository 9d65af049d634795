/**
 * The kit's teeth, in `npm test`: `npm run mutation` (without its healthy run, which the suites
 * project already is) catches every fault of the catalogue, each by a test citing the clause the
 * fault breaks. It writes reports/mutation.json and reports/mutation.md.
 *
 * One run of the whole catalogue (one vitest process, its workers shared by all faults), but each
 * fault a test of its own with its own bound: the run prints each fault's verdict as it ends
 * (`--fault-lines`, in the catalogue's order), and a fault that takes longer than FAULT_BOUND_MS
 * after the one before it (the first: with the run's start-up, START_BOUND_MS more) fails alone, by name. The bound is generous against a slow or busy
 * machine (a fault takes seconds on a quiet one), not tuned to a quiet one: no single timeout
 * bounds the whole catalogue.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../run/certify.ts';
import { CATALOGUE } from './catalogue.ts';
import type { Mutant, MutationResult } from './mutation-reporter.ts';
import { childEnv } from './run-fault.ts';
import { FAULT_LINE } from './run-mutation.ts';

/** Each fault's bound, counted from the end of the one before it. */
const FAULT_BOUND_MS = 300_000;
/**
 * The run's start-up, added to the first fault's bound: vitest's start and the transform of every module, on a
 * fresh clone (no module cache) beside the rest of `npm test` (169 s of the first fault's 169 s wait with two busy
 * processes on the two cores, against 49 s without them).
 */
const START_BOUND_MS = 300_000;

const verdicts = new Map<string, Mutant>();
const waiting = new Map<string, (m: Mutant) => void>();
let child: ChildProcess | undefined;
let output = '';
let ended: Promise<number>;

beforeAll(() => {
  // Into reports/, as `npm run mutation` does: CI keeps reports/mutation.json and mutation.md.
  const dir = join(PACKAGE_ROOT, 'reports');
  const args = ['--import', 'tsx', 'src/mutation/main.ts', '--no-healthy', '--fault-lines', '--reports-dir', dir];
  child = spawn(process.execPath, args, { cwd: PACKAGE_ROOT, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let pending = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d;
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith(FAULT_LINE)) continue;
      const m = JSON.parse(line.slice(FAULT_LINE.length)) as Mutant;
      verdicts.set(m.id, m);
      waiting.get(m.id)?.(m);
    }
  });
  child.stderr!.on('data', (d: Buffer) => (output += d));
  ended = new Promise((done) => child!.on('close', (code) => done(code ?? -1)));
});

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** The fault's verdict, as soon as the run prints it; a verdict "not run" if the run ends without it. */
function verdict(id: string): Promise<Mutant> {
  const known = verdicts.get(id);
  if (known) return Promise.resolve(known);
  return Promise.race([
    new Promise<Mutant>((done) => waiting.set(id, done)),
    ended.then(
      (code) =>
        verdicts.get(id) ?? {
          id,
          clause: '',
          caught: false,
          caughtBy: [],
          note: `the mutation run ended (exit ${code}) without judging this fault: ${output.slice(-1500)}`,
        },
    ),
  ]);
}

describe('every catalogued fault fails its certification', () => {
  CATALOGUE.forEach((fault, i) =>
    test(
      `${fault.id} is caught by a test citing ${fault.clause}`,
      async () => {
        const m = await verdict(fault.id);
        expect(m.caught, m.note).toBe(true);
      },
      i === 0 ? START_BOUND_MS + FAULT_BOUND_MS : FAULT_BOUND_MS,
    ),
  );

  test(
    'the run ends with exit 0 and reports/mutation.json lists every fault caught',
    async () => {
      const code = await ended;
      const report = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'reports', 'mutation.json'), 'utf8')) as MutationResult;
      expect(report.total).toBe(CATALOGUE.length);
      expect(report.mutants.filter((m) => !m.caught)).toEqual([]);
      expect(code, output.slice(-2000)).toBe(0);
    },
    FAULT_BOUND_MS,
  );
});
