/**
 * Secrets the kit learns from the traffic itself, before anything records it: the password a
 * request sends (user create and update) and the token a response reveals (an impersonation
 * token's value, shown once at creation). Registering them before the exchange is recorded keeps
 * them out of every report and of the HAR, whichever test or property sent the request.
 *
 *   learnSecrets(res, secrets);
 *   new ApiClient({ ..., observers: [secretLearner(secrets), ...] });  // the client's first observer
 */
import type { ApiResponse, ExchangeObserver } from './exchange.ts';
import type { SecretSet } from '../shared/redact.ts';

/** Field names whose values are secrets, in request bodies and in response bodies. */
const REQUEST_FIELDS = ['password'];
const RESPONSE_FIELDS = ['token'];

function fieldsOf(body: string | undefined, contentType: string | undefined): Record<string, unknown> | undefined {
  if (!body) return undefined;
  if (/json/i.test(contentType ?? '')) {
    try {
      const v = JSON.parse(body);
      return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
    } catch {
      return undefined;
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType ?? '')) return Object.fromEntries(new URLSearchParams(body));
  return undefined;
}

export function learnSecrets(res: ApiResponse, secrets: SecretSet): void {
  // Parsed only when it may hold one: most bodies name no secret field (and some are megabytes).
  const sent = REQUEST_FIELDS.some((f) => res.requestBody?.includes(f))
    ? fieldsOf(res.requestBody, res.requestHeaders['content-type'])
    : undefined;
  for (const f of REQUEST_FIELDS) if (typeof sent?.[f] === 'string') secrets.add(sent[f] as string);
  const got = res.json;
  if (got && typeof got === 'object' && !Array.isArray(got)) {
    for (const f of RESPONSE_FIELDS) {
      const v = (got as Record<string, unknown>)[f];
      if (typeof v === 'string') secrets.add(v);
    }
  }
}

/** learnSecrets as an exchange observer (the client's first: before anything records the exchange). */
export function secretLearner(secrets: SecretSet): ExchangeObserver {
  return (res) => learnSecrets(res, secrets);
}
