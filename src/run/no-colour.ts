/**
 * No ANSI colours in output that is not a terminal: vitest's reporters colour unless NO_COLOR is
 * set (tinyrainbow looks at TERM, not at whether stdout is a terminal), so a piped or redirected
 * run, a CI log, got escape codes. NO_COLOR is set for the run when stdout is not a terminal,
 * unless the user asked for colours (FORCE_COLOR) or set NO_COLOR already; the workers inherit it.
 *
 *   const restore = noColourUnlessTerminal(process.stdout, process.env);
 *   try { await run(); } finally { restore(); }
 */
export function noColourUnlessTerminal(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv): () => void {
  if (stdout.isTTY || 'FORCE_COLOR' in env || 'NO_COLOR' in env) return () => {};
  env.NO_COLOR = '1';
  return () => {
    delete env.NO_COLOR;
  };
}
