/**
 * The declared variations of error bodies and statuses (errors.ts, router.ts): each fault once,
 * with the clause it breaks and the suites that catch it. Behaviour a declaration carries is
 * applied at the shared variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=errors.unknown-route-message-body npm run serve
 */
import type { Variation } from './variation/declaration.ts';

/** Grape's own error body: the declared text under the key error. */
const keyedError = (body: { message?: unknown }) => ({ error: body.message });

/** "title is missing, key is missing" as a validation map: { title: ['is missing'], key: ['is missing'] }. */
const missingAsMap = (body: { message?: unknown }): object => ({
  message: Object.fromEntries(
    String(body.message ?? '')
      .split(', ')
      .map((text) => [text.split(' ')[0], [text.slice(text.indexOf(' ') + 1)]]),
  ),
});

export const ERROR_VARIATIONS = [
  {
    id: 'errors.unknown-route-message-body',
    kind: 'fault',
    description: 'unknown route answers {"message":"404 Not Found"}',
    clause: 'errors.unknown_route.body',
    suites: ['errors'],
    wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, route_not_found: { message: '404 Not Found' } } }),
  },
  {
    id: 'errors.missing-attr-unnamed',
    kind: 'fault',
    description: 'missing-attribute 400 says "Bad request" without naming it',
    clause: 'errors.missing_attr.message_string',
    suites: ['errors'],
    wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, missing_attribute: { message: 'Bad request' } } }),
  },
  {
    id: 'errors.missing-attr-object-message',
    kind: 'fault',
    description:
      'a missing required attribute answers 400 with message an object keyed by the attribute ({"message":{"title":["is missing"]}}), the validation shape, instead of a string naming it',
    clause: 'errors.missing_attr.message_string',
    suites: ['errors'],
    wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, missing_attribute: missingAsMap } }),
  },
  {
    id: 'errors.405-as-404',
    kind: 'fault',
    description: 'an unsupported method answers the 404 unknown-route body',
    clause: 'errors.method.not_allowed',
    suites: ['errors'],
    wire: (p) => ({ ...p, otherMethods: 'route_not_found' }),
  },
  {
    id: 'errors.405-classic-methods-only',
    kind: 'fault',
    description:
      'only GET, HEAD, POST, PUT, PATCH and DELETE get the 405 on a known path: QUERY answers 400 (fastify wants its Content-Type), TRACE and the other methods the 404 unknown-route body',
    clause: 'errors.method.not_allowed',
    suites: ['errors'],
    wire: (p) => ({ ...p, otherMethodsAnswered: 'classic' }),
  },
  {
    id: 'platform.missing-attr-error-key',
    kind: 'platform',
    description:
      'every parameter refusal of the API framework (Grape) is answered {"error":"<text>"}, key error where the spec says message: "is missing", "is empty", "is invalid", "does not have a valid value", "at least one parameter must be provided"; model validations stay {"message":{...}}',
    suites: ['errors', 'suites/properties/rejections-credentials.test.ts', 'suites/properties/rejections-project.test.ts'],
    source: 'lib/api/api.rb (rescue_from Grape::Exceptions::Base: error! e.message)',
    fidelity:
      'Every parameter refusal of the API framework (Grape) is answered `{"error":"<text>"}`, key `error` where the spec says `message`: "is missing", "is empty", "is invalid", "does not have a valid value", "are missing, at least one parameter must be provided". Model validations stay `{"message":{"<field>":[…]}}`. (The id names its first case, kept stable.)',
    known: [
      {
        clause: 'errors.missing_attr.message_string',
        reason: 'A missing required parameter is answered {"error":"<name> is missing"}: key error, where the spec says message.',
      },
      {
        clause: 'errors.validation.status',
        fields: ['message'],
        reason:
          'A value the API framework refuses (wrong type, outside its values: "external is invalid", "state does not have a valid value") is answered 400 {"error": "<text>"}, key error, not message (lib/api/api.rb: rescue_from Grape::Exceptions::Base); the 400 and the unchanged state still hold.',
      },
    ],
    expires: '2027-06-30',
    wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, missing_attribute: keyedError, invalid_parameter: keyedError } }),
  },
] as const satisfies readonly Variation[];
