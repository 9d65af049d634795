/**
 * The `components` of the OpenAPI document: every JSON Schema of `schemas/` (named as the kit
 * names them: `user.basic`, `error.route`, and `_defs.types` / `_defs.user` for the shared
 * pieces) with `$ref`s between files rewritten to `#/components/schemas/...`; the security
 * schemes (every token transport of the spec); the shared parameters (pagination, sudo), the
 * pagination headers and the error responses.
 *
 *   const c = openapiComponents();
 *   c.schemas['epic.list-item']          // { allOf: [{ $ref: '#/components/schemas/epic' }, ...], ... }
 *   schemaRef('ssh-key')                 // { $ref: '#/components/schemas/ssh-key' }
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { SCHEMAS_DIR } from '../kit/schemas.ts';
import { PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX } from '../spec/limits.ts';
import type { Schema } from '../spec/operation.ts';

type Json = unknown;

/** `epic.json` -> `epic`, `_defs/user.json` -> `_defs.user`. */
export function componentName(relativeFile: string): string {
  return relativeFile
    .replace(/\.json$/, '')
    .split('/')
    .join('.');
}

export function schemaRef(name: string): Schema {
  return { $ref: `#/components/schemas/${name}` };
}

/** A `$ref` of the file `from` (relative to schemas/) as a pointer into the document. */
export function rewriteRef(ref: string, from: string): string {
  const hash = ref.indexOf('#');
  const file = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (/^[a-z][a-z0-9+.-]*:/i.test(file)) throw new Error(`schemas/${from}: external $ref ${ref} cannot be bundled`);
  const target = file === '' ? from : posix.normalize(posix.join(posix.dirname(from), file));
  return `#/components/schemas/${componentName(target)}${fragment}`;
}

function rewrite(value: Json, from: string): Json {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, from));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value as Record<string, Json>)) {
    if (k === '$ref' && typeof v === 'string') out[k] = rewriteRef(v, from);
    else out[k] = rewrite(v, from);
  }
  return out;
}

/** Every schema file as a component: `$id` and `$schema` dropped (the document is the resource), `$ref`s rewritten. */
export function componentSchemas(dir: string = SCHEMAS_DIR): Record<string, Schema> {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const out: Record<string, Schema> = {};
  for (const file of files) {
    const { $id: _id, $schema: _dialect, ...schema } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Schema;
    out[componentName(file)] = rewrite(schema, file) as Schema;
  }
  return out;
}

/** Every way the spec lets a token travel (Authentication table); an impersonation token travels like a personal one. */
export const SECURITY_SCHEMES: Record<string, Schema> = {
  PrivateTokenHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'PRIVATE-TOKEN',
    description: 'A personal, project or impersonation access token in the Private-Token header.',
  },
  PrivateTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'private_token',
    description: 'A personal, project or impersonation access token as the private_token query parameter.',
  },
  BearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'An OAuth 2.0 token, or a personal, project or impersonation access token, as Authorization: Bearer <token>.',
  },
  AccessTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
    description: 'An OAuth 2.0 token as the access_token query parameter.',
  },
};

/** Any one of the token transports (OpenAPI: alternatives are separate requirement objects). */
export const TOKEN_REQUIRED: Record<string, string[]>[] = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));

const SUDO_TEXT =
  "An administrator acts as another user: the user's id or username (case-insensitive). Needs a token with the sudo scope: a non-admin gets 403, a token without the sudo scope 403 insufficient_scope, an unknown user 404.";

export const PARAMETERS: Record<string, Schema> = {
  page: {
    name: 'page',
    in: 'query',
    description: 'Offset pagination: the page, starting at 1.',
    schema: { type: 'integer', minimum: 1, default: PAGE_DEFAULT },
  },
  per_page: {
    name: 'per_page',
    in: 'query',
    // The valid range; whether a larger value is clamped or refused is left open by the spec (the platform clamps it).
    description: `Offset pagination: items per page, at most ${PER_PAGE_MAX}.`,
    schema: { type: 'integer', minimum: 1, maximum: PER_PAGE_MAX, default: PER_PAGE_DEFAULT },
  },
  Sudo: { name: 'Sudo', in: 'header', description: SUDO_TEXT, schema: { type: 'string' } },
  sudo: { name: 'sudo', in: 'query', description: SUDO_TEXT, schema: { type: 'string' } },
};

const PAGE_NUMBER_OR_EMPTY = { type: 'string', pattern: '^[0-9]*$' };
const OMITTED = ' Absent when the collection has more than 10,000 items (behind a feature flag).';

export const HEADERS: Record<string, Schema> = {
  'X-Total': { description: `Number of items in the collection.${OMITTED}`, schema: { type: 'integer' } },
  'X-Total-Pages': { description: `Number of pages.${OMITTED}`, schema: { type: 'integer' } },
  'X-Per-Page': { description: 'Items per page.', schema: { type: 'integer' } },
  'X-Page': { description: 'This page (starts at 1).', schema: { type: 'integer' } },
  'X-Next-Page': { description: 'The next page, if any.', schema: PAGE_NUMBER_OR_EMPTY },
  'X-Prev-Page': { description: 'The previous page, if any.', schema: PAGE_NUMBER_OR_EMPTY },
  Link: {
    description:
      'RFC 8288 links with rel prev, next, first, last; clients follow these instead of building URLs. rel="last" is absent when the collection has more than 10,000 items (behind a feature flag).',
    schema: { type: 'string' },
  },
};

export const PAGINATION_HEADERS: Record<string, Schema> = Object.fromEntries(
  Object.keys(HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

function errorResponse(description: string, views: string[]): Schema {
  const schema = views.length === 1 ? schemaRef(views[0]) : { anyOf: views.map(schemaRef) };
  return { description, content: { 'application/json': { schema } } };
}

/** The error responses, by status; bodies from the spec's Errors and Authentication sections. */
export const RESPONSES: Record<string, Schema> = {
  BadRequest: errorResponse(
    'A required attribute is missing (message names it) or an attribute failed validation (message maps each property to its errors).',
    ['error.message', 'error.validation'],
  ),
  Unauthorized: errorResponse('Invalid or missing authentication.', ['error.unauthorized']),
  Forbidden: errorResponse('Not allowed, or a token without the scope this request needs.', ['error.message', 'error.insufficient-scope']),
  NotFound: errorResponse('Resource or user not found, unknown route, or a path parameter not properly URL-encoded.', [
    'error.message',
    'error.route',
  ]),
  NotModified: { description: 'Not modified.' },
  Conflict: { description: 'A conflicting resource exists (body not shown in the spec).' },
  PreconditionFailed: { description: 'If-Unmodified-Since older than the last change of the resource (body not shown in the spec).' },
  PayloadTooLarge: { description: 'A request body over the size the server takes (body not shown in the spec).' },
  UriTooLong: { description: 'A query string too long (body not shown in the spec).' },
  UnsupportedMediaType: {
    description: 'A request body of a content type other than JSON, form fields or multipart (body not shown in the spec).',
  },
};

/** The response reference of an error status, or undefined when the document declares none. */
export const ERROR_RESPONSE_OF: Record<number, string> = {
  304: 'NotModified',
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
};

export function openapiComponents(): Record<string, Record<string, Schema>> {
  return {
    schemas: componentSchemas(),
    securitySchemes: SECURITY_SCHEMES,
    parameters: PARAMETERS,
    headers: HEADERS,
    responses: RESPONSES,
  };
}
