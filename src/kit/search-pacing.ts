/**
 * Searches paced under a target's search rate limit. The platform counts the requests of a user
 * that carry `search` on some lists (the epic list: `validate_search_rate_limit!`) against the
 * application setting `search_rate_limit`, 30 a minute by default, administrators included, and
 * answers 429 past it. Against a deployed target each such search first takes a turn: at most
 * SEARCHES_PER_WINDOW (14) turns in each minute of the clock, across every worker of the run.
 * A turn is a file created exclusively (`wx`) in a folder the run's workers share (named by the
 * run's prefix): the first free number of the current minute, else of the next one, whose start
 * the search then waits for. Any 60 s of the target's own window then meet at most two of the
 * kit's minutes, 28 searches, under 30. The bundled reference has no such limit: no turn, no wait.
 *
 *   await searchTurn(s.target);    // before GET /groups/:id/epics?search=...
 *   searchTimeAllowanceMs(target, 16)   // 120000 on a deployed target: two more minutes of turns
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TargetInfo } from './target.ts';

/** Turns in each minute: two minutes' worth (28) stay under the platform's default 30 a minute. */
export const SEARCHES_PER_WINDOW = 14;
export const SEARCH_WINDOW_MS = 60_000;

export interface SearchPacerOptions {
  /** The folder the run's workers share. */
  dir: string;
  perWindow?: number;
  windowMs?: number;
  /** For tests: the clock and how a wait is done. */
  now?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
}

export class SearchPacer {
  private readonly o: Required<SearchPacerOptions>;
  private made = false;

  constructor(o: SearchPacerOptions) {
    this.o = { perWindow: SEARCHES_PER_WINDOW, windowMs: SEARCH_WINDOW_MS, now: Date.now, sleep, ...o };
  }

  /** Takes the next free turn of the run (this minute's, else a later one) and waits for its minute. */
  async turn(): Promise<void> {
    const { dir, perWindow, windowMs, now } = this.o;
    if (!this.made) mkdirSync(dir, { recursive: true });
    this.made = true;
    const current = Math.floor(now() / windowMs);
    this.prune(current);
    for (let window = current; ; window++) {
      for (let i = 0; i < perWindow; i++) {
        if (!this.take(`${window}.${i}`)) continue;
        const wait = window * windowMs - now();
        if (wait > 0) await this.o.sleep(wait);
        return;
      }
    }
  }

  /** Creates the turn's file; false when another search (of any worker) has it. */
  private take(name: string): boolean {
    try {
      writeFileSync(join(this.o.dir, name), '', { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  }

  /** Removes the turns of minutes before the previous one (best effort: another worker may remove them first). */
  private prune(current: number): void {
    for (const name of readdirSync(this.o.dir)) {
      if (Number(name.split('.')[0]) < current - 1) rmSync(join(this.o.dir, name), { force: true });
    }
  }
}

/** Where a run's workers share their turns: beside the run's throttling file (removed with it), else under the system's temp folder. */
export function searchTurnsDir(target: Pick<TargetInfo, 'runPrefix' | 'throttle'>): string {
  return target.throttle.file ? `${target.throttle.file}-search-turns` : join(tmpdir(), 'conformance-search-turns', target.runPrefix);
}

let pacer: SearchPacer | undefined;

/** Waits for a search's turn on a deployed target (none on the bundled reference). */
export async function searchTurn(target: TargetInfo): Promise<void> {
  if (target.bundled) return;
  pacer ??= new SearchPacer({ dir: searchTurnsDir(target) });
  await pacer.turn();
}

/** Time a test that sends `searches` searches may spend waiting for turns: a minute per window's worth (none on the bundled reference). */
export function searchTimeAllowanceMs(target: Pick<TargetInfo, 'bundled'>, searches: number): number {
  return target.bundled ? 0 : Math.ceil(searches / SEARCHES_PER_WINDOW) * SEARCH_WINDOW_MS;
}
