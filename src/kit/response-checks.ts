/**
 * The checks of the registry that run on every exchange a test makes (check-registry.ts entries
 * with `everyResponse`), as an exchange observer the session wires into its clients: a format
 * fault anywhere fails the test that met it, citing the clause whose rule it breaks.
 *
 *   const v = runResponseChecks(res, apiUrl);  // [{ check: 'datetime', clause: 'conv.types.datetime', requirement, ... }]
 *   new ApiClient({ ..., observers: [responseChecker(apiUrl, (res, found) => ...)] });
 */
import { CHECKS, type CheckName, type Finding } from './check-registry.ts';
import type { ApiResponse, ExchangeObserver } from './exchange.ts';

export interface Violation extends Finding {
  check: CheckName;
}

const EVERY_RESPONSE = (Object.entries(CHECKS) as [CheckName, (typeof CHECKS)[CheckName]][]).filter(
  ([, e]) => 'everyResponse' in e && e.everyResponse,
);

/** Runs every such check on a response of the API (other URLs, e.g. uploaded files, are left alone). */
export function runResponseChecks(res: ApiResponse, apiUrl: string): Violation[] {
  if (res.status === 0 || res.error || !res.url.startsWith(apiUrl)) return [];
  const rest = res.url.slice(apiUrl.length);
  const q = rest.indexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const out: Violation[] = [];
  for (const [name, e] of EVERY_RESPONSE) {
    const found = (e as { everyResponse: (r: ApiResponse, p: string) => Finding | undefined }).everyResponse(res, path);
    if (found) out.push({ check: name, ...found });
  }
  return out;
}

/** An observer handing each exchange's violations to `note`. */
export function responseChecker(apiUrl: string, note: (res: ApiResponse, found: Violation[]) => void): ExchangeObserver {
  return (res) => {
    const found = runResponseChecks(res, apiUrl);
    if (found.length) note(res, found);
  };
}
