/**
 * A KitError met while the suites' globalSetup prepares the run (provisioning, a target that
 * stops answering after the preflight), handed to certify() in the same process. vitest itself
 * would only print it as an "Unhandled Error" with a stack trace and end with exit code 1;
 * certify() turns it into one line and exit code 2, and the reporters stay quiet about a run that
 * never started. Kept on globalThis: vitest loads the globalSetup apart from certify's modules.
 *
 *   noteSetupFailure(new KitError('PROVISIONING_FAILED', '...'));   // in the globalSetup
 *   const failure = setupFailure();                                  // in certify(), after the run
 */
import { KitError, type KitErrorCode } from './errors.ts';

const KEY = Symbol.for('conformance.setup-failure');
type Holder = { [KEY]?: { code: KitErrorCode; message: string } };

export function noteSetupFailure(e: KitError): void {
  (globalThis as Holder)[KEY] ??= { code: e.code, message: e.message };
}

/** The failure noted in this process since the last clear, as a KitError. */
export function setupFailure(): KitError | undefined {
  const f = (globalThis as Holder)[KEY];
  return f && new KitError(f.code, f.message);
}

export function clearSetupFailure(): void {
  delete (globalThis as Holder)[KEY];
}
