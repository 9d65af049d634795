/**
 * Kit errors: the kit itself or its configuration is wrong (exit code 2), never the target.
 * Every error has a code declared here, once.
 *
 *   throw new KitError('CONFIG_INVALID', 'CONFORMANCE_TIMEOUT_MS must be a positive integer, got "abc"');
 *
 * A target that does not behave as the spec says is a conformance failure, not a KitError.
 */
export const KIT_ERROR_CODES = {
  CONFIG_INVALID: 'a configuration variable or flag has a bad value',
  TARGET_UNREACHABLE: 'the target base URL does not answer',
  UPSTREAM_TLS:
    "observe's https upstream fails the start-up TLS handshake (a certificate it does not trust, expired, naming another host, or no TLS): the message names the problem",
  ADMIN_TOKEN_MISSING: 'no administrator token was given for a deployed target',
  ADMIN_TOKEN_REFUSED: 'the target refuses the administrator token',
  ADMIN_TOKEN_NOT_ADMIN: 'the administrator token belongs to a user who is not an administrator',
  PROVISIONING_FAILED: 'the kit could not create what it needs on the target',
  ANSWER_INCOMPLETE:
    "a 2xx answer of the target lacks a field the kit needs to go on (a created user's id, a created token's value): the message names the request, the status and the field",
  TARGET_SETTING: 'a setting of the target stops the run (Admin Mode, password rules, token expiry, time zone): the message names it',
  SCHEMA_UNKNOWN: 'no schema has that name',
  INPUT_UNREADABLE: 'a file or stdin could not be read or is not JSON',
  HAR_INVALID:
    'a file given to observe --har is not a HAR 1.2 (not JSON, no log.entries, an entry without a request or a response, too large to read whole): the message names the file',
  USAGE: 'the command line is wrong',
  RESPONSE_TOO_LARGE: 'a response body exceeded the configured cap',
  REQUEST_TIMEOUT: 'the target did not answer within the timeout',
  TARGET_THROTTLING: 'the target kept answering 429 Too Many Requests past the bound (CONFORMANCE_THROTTLE_MAX_WAIT_MS)',
  OUTPUT_UNWRITABLE: 'an output file could not be written',
  UNKNOWN_CLAUSE: 'a clause id is not in the clause catalogue (src/spec/clauses.json)',
  CASE_TABLE_INVALID: 'a case table of suites/ does not fit its suite (a placeholder without a value, an unknown operation)',
  BENCH_FAILED: 'a benchmark could not run (a server process did not start or answer)',
  COMMAND_UNRUNNABLE: 'the command certify-client was given could not be started (not found, not executable): the message names it',
  SEED_DATA:
    "the reference's seed data (serve --data FILE, the data option) is not valid: the message names each problem's place, e.g. users[2].tokens[0].scopes",
} as const;

export type KitErrorCode = keyof typeof KIT_ERROR_CODES;

export class KitError extends Error {
  readonly code: KitErrorCode;
  readonly exitCode = 2;
  constructor(code: KitErrorCode, message: string) {
    super(message);
    this.name = 'KitError';
    this.code = code;
  }
}

export function isKitError(e: unknown): e is KitError {
  return e instanceof Error && (e as { name?: string }).name === 'KitError' && 'code' in e;
}
