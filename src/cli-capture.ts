/**
 * The CLI's main() for tests, its console captured: the exit code and what it printed on each
 * stream (cli.test.ts, observe's command and --har tests).
 *
 *   const { code, out, err } = await runCaptured(['observe', '--upstrem', 'x']);   // 2, '', 'did you mean --upstream?'
 */
import { vi } from 'vitest';
import { main } from './cli.ts';

export async function runCaptured(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  try {
    return { code: await main(argv), out: out.join('\n'), err: err.join('\n') };
  } finally {
    vi.restoreAllMocks();
  }
}
