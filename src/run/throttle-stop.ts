/**
 * A vitest reporter of certify(): cancels the run once a process gave up on the target's
 * throttling (the give-up note beside the run's throttling file, channels.ts): every test left
 * would meet the same 429s. certify() then ends with exit 2 naming it.
 *
 *   reporters: [..., stopWhenThrottledOut(() => process.env[ENV.throttleFile])]
 */
import { throttleFileLog } from '../kit/channels.ts';

export function stopWhenThrottledOut(file: () => string | undefined): {
  onInit(v: { cancelCurrentRun(reason: 'test-failure'): Promise<void> }): void;
  onTestCaseResult(): void;
} {
  let cancel: (() => Promise<void>) | undefined;
  let stopping = false;
  return {
    onInit(v) {
      cancel = () => v.cancelCurrentRun('test-failure');
    },
    onTestCaseResult() {
      if (stopping || throttleFileLog(file())?.stopped() === undefined) return;
      stopping = true;
      void cancel?.();
    },
  };
}
