/**
 * The bench's child processes (the servers under load live outside the bench process, so the
 * load generator never shares their event loop): a TypeScript entry forked through tsx, talking
 * over IPC. The child sends `{ type: 'ready', ... }` once listening, answers `{ type: 'ask', what }`
 * with `{ type: what, ... }`, and exits after answering `{ type: 'ask', what: 'stop' }`.
 *
 *   const child = await startChild('reference-child.ts', { REFERENCE_ADMIN_TOKEN: token });
 *   child.ready.url;                     // http://127.0.0.1:PORT
 *   const stats = await child.ask('stats');
 *   await child.stop();                  // its last stats, then it has exited
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { KitError } from '../shared/errors.ts';

export type Message = { type: string } & Record<string, any>;

export interface Child {
  ready: Message;
  pid: number;
  ask(what: string, extra?: Record<string, unknown>): Promise<Message>;
  /** Asks for its last stats and waits for the exit; kills it if it does not go. */
  stop(): Promise<Message | undefined>;
}

const READY_TIMEOUT_MS = 120_000;
/** The package root: the children's working directory (tsx resolves from it). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function waitFor(child: ChildProcess, type: string, timeoutMs: number): Promise<Message> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new KitError('BENCH_FAILED', `child ${child.pid} gave no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (m: Message) => {
      if (m?.type === type) finish(undefined, m);
    };
    const onExit = (code: number | null) => finish(new KitError('BENCH_FAILED', `child ${child.pid} exited (${code}) before "${type}"`));
    function finish(error?: Error, m?: Message) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(m!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Forks src/bench/<entry> under tsx with these extra environment variables; resolves once it is ready. */
export async function startChild(entry: string, env: Record<string, string>, init?: Message): Promise<Child> {
  const file = fileURLToPath(new URL(entry, import.meta.url));
  const child = fork(file, [], {
    cwd: PACKAGE_ROOT,
    env: { ...process.env, ...env },
    // BENCH_CPU_PROF_DIR=DIR: a CPU profile of the child (and of its worker threads) into DIR, to see where its time goes.
    execArgv: ['--import', 'tsx', ...(env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.BENCH_CPU_PROF_DIR}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = waitFor(child, 'ready', READY_TIMEOUT_MS);
  if (init) child.send(init);
  let message: Message;
  try {
    message = await ready;
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const self: Child = {
    ready: message,
    pid: child.pid!,
    async ask(what, extra = {}) {
      const answer = waitFor(child, what, 60_000);
      child.send({ type: 'ask', what, ...extra });
      return answer;
    },
    async stop() {
      if (exited) return undefined;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const last = await self.ask('stop').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
      return last;
    },
  };
  return self;
}

/** Serves a child's side of the protocol: `answers[what]()` for each question; 'stop' answers then exits. */
export function serveParent(
  answers: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>>,
  stop: () => Promise<void>,
): void {
  process.on('message', (m: Message) => {
    if (m?.type !== 'ask') return;
    void (async () => {
      const answer = answers[m.what] ? await answers[m.what]!() : {};
      if (m.what === 'stop') await stop();
      process.send?.({ type: m.what, ...answer }, () => {
        if (m.what === 'stop') process.exit(0);
      });
    })();
  });
  // The parent went away (killed): do not linger.
  process.on('disconnect', () => {
    void stop().finally(() => process.exit(0));
  });
}
