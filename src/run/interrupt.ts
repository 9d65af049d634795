/**
 * SIGINT/SIGTERM during a run: the first cancels the run (tests stop, then the globalSetup
 * teardown cleans up as at any end); a second one exits at once. Given to vitest as a reporter
 * (onInit hands over the Vitest instance).
 *
 *   const interrupt = interruptHandler();  reporters: [..., interrupt.reporter];  ...  interrupt.dispose();
 */
export interface InterruptHandler {
  reporter: { onInit(v: { cancelCurrentRun(reason: 'keyboard-input'): Promise<void> }): void };
  dispose(): void;
}

export function interruptHandler(log: (line: string) => void = (l) => console.error(l)): InterruptHandler {
  let cancel: (() => void) | undefined;
  let count = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    count += 1;
    if (count > 1) process.exit(130);
    log(`\nconformance: ${signal}: stopping the run and cleaning up what it created (again to quit at once)`);
    cancel?.();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    reporter: {
      onInit(v) {
        cancel = () => {
          void v.cancelCurrentRun('keyboard-input');
        };
        // vitest's own handlers exit the process at once, before cleanup: the run's handler decides.
        for (const sig of ['SIGINT', 'SIGTERM'] as const) {
          for (const l of process.listeners(sig)) if (l !== onSignal) process.off(sig, l);
        }
      },
    },
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
