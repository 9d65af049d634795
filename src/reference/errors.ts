/**
 * Every error the reference server answers, declared once: a code, its status and its body.
 * Route code throws with `fail(code, ...args)`; the app's single error handler turns the
 * ApiError into the response.
 *
 *   fail('not_found', 'Broadcast Message');      // 404 {"message":"404 Broadcast Message Not Found"}
 *   fail('validation_failed', { color: ['must be a valid color code'] });
 */
export type FieldErrors = { [field: string]: string[] | FieldErrors };

const INSUFFICIENT_SCOPE_TEXT = 'The request requires higher privileges than provided by the access token.';

export const API_ERRORS = {
  /** Malformed request (body that is not JSON, bad URL encoding, malformed brackets). */
  bad_request: { status: 400, body: (detail: string) => ({ message: `400 Bad request - ${detail}` }) },
  /** Required parameter absent: "name is missing" (several joined by ", "). */
  missing_attribute: { status: 400, body: (text: string) => ({ message: text }) },
  /** Parameter of the wrong type or outside its values: "per_page is invalid". */
  invalid_parameter: { status: 400, body: (text: string) => ({ message: text }) },
  /** Model validation: {"message":{"field":["text"]}}. */
  validation_failed: { status: 400, body: (fields: FieldErrors) => ({ message: fields }) },
  unauthorized: { status: 401, body: () => ({ message: '401 Unauthorized' }) },
  forbidden: {
    status: 403,
    body: (reason?: string) => ({ message: reason ? `403 Forbidden - ${reason}` : '403 Forbidden' }),
  },
  insufficient_scope: {
    status: 403,
    body: (scopes: readonly string[]) => ({
      error: 'insufficient_scope',
      error_description: INSUFFICIENT_SCOPE_TEXT,
      scope: scopes.join(' '),
    }),
  },
  /** A missing resource: "404 <Thing> Not Found". */
  not_found: { status: 404, body: (thing: string) => ({ message: `404 ${thing} Not Found` }) },
  /** A lookup that raised ActiveRecord::RecordNotFound on the platform (lib/api/api.rb rescues it): "404 Not found". */
  record_not_found: { status: 404, body: () => ({ message: '404 Not found' }) },
  route_not_found: { status: 404, body: () => ({ error: '404 Not Found' }) },
  method_not_allowed: { status: 405, body: () => ({ error: '405 Not Allowed' }) },
  keyset_unsupported: {
    status: 405,
    body: () => ({ error: 'Keyset pagination is not yet available for this type of request' }),
  },
  /** A DELETE the deletion schedule refuses (already marked, not marked yet, a wrong full_path), or of a primary e-mail: no status prefix. */
  deletion_refused: { status: 400, body: (text: string) => ({ message: text }) },
  /** Conflicts carry no status prefix: {"message":"Email has already been taken"}. */
  conflict: { status: 409, body: (text: string) => ({ message: text }) },
  /** A conflict the spec answers with 404 (PUT /users/:id with a taken e-mail or username). */
  conflict_as_not_found: { status: 404, body: (text: string) => ({ message: `404 ${text}` }) },
  precondition_failed: { status: 412, body: () => ({ message: '412 Precondition Failed' }) },
  payload_too_large: { status: 413, body: () => ({ message: '413 Request Entity Too Large' }) },
  /** Node's parser: the request did not complete in time. */
  request_timeout: { status: 408, body: () => ({ message: '408 Request Timeout' }) },
  uri_too_long: { status: 414, body: () => ({ message: '414 Request-URI Too Large' }) },
  unsupported_media_type: {
    status: 415,
    body: (type: string) => ({ message: `415 Unsupported Media Type - ${type}` }),
  },
  /** Node's parser: headers past the server's size limit. */
  header_too_large: { status: 431, body: () => ({ message: '431 Request Header Fields Too Large' }) },
  internal: { status: 500, body: () => ({ message: '500 Internal Server Error' }) },
} satisfies Record<string, { status: number; body: (...args: never[]) => object }>;

export type ApiErrorCode = keyof typeof API_ERRORS;
type ArgsOf<C extends ApiErrorCode> = Parameters<(typeof API_ERRORS)[C]['body']>;

export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly body: object;
  constructor(code: ApiErrorCode, status: number, body: object) {
    super(`${status} ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.body = body;
  }
}

export function apiError<C extends ApiErrorCode>(code: C, ...args: ArgsOf<C>): ApiError {
  const entry = API_ERRORS[code];
  const body = (entry.body as (...a: ArgsOf<C>) => object)(...args);
  return new ApiError(code, entry.status, body);
}

/** Throws the declared error. */
export function fail<C extends ApiErrorCode>(code: C, ...args: ArgsOf<C>): never {
  throw apiError(code, ...args);
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
