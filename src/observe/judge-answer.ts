/**
 * The server side of one exchange: every check one answer can show, against the operation the
 * request went to. The documented success status (a 2xx other than the operation's is a finding
 * of its status clause; other statuses are not judged here: the spec lists 304-500 as possible
 * and leaves their conditions to the exchange's history), the checks of the kit's registry that run
 * on every response (Content-Type, datetime and date formats, the view of a GET and its integer
 * ids), the view of a write's success body, the values a view must never show, the error bodies
 * one answer shows (401, a 400 of a missing attribute or of a validation), and the pagination
 * headers and Link of a list. Findings citing "the test's own clause" are dropped: observe has no
 * test, and never claims a clause it cannot name.
 *
 *   judgeAnswer(res, matchOperation('POST', '/api/v4/broadcast_messages')!, { message: 'x' }, false)
 *   // [{ check: 'status', clause: 'broadcast.create.status', requirement: ..., expected: '201', actual: '200' }]
 */
import { CHECKS, CITED, type Finding } from '../kit/check-registry.ts';
import type { ApiResponse } from '../kit/exchange.ts';
import { runResponseChecks } from '../kit/response-checks.ts';
import { validateAgainst } from '../kit/schemas.ts';
import { successView } from '../spec/route-views.ts';
import type { MatchedOperation } from './exchange-view.ts';
import { judgeDefaults } from './judge-defaults.ts';
import { judgeKeysetPage, judgeOffsetPage } from './pagination-checks.ts';
import { successStatusClause } from './status-clauses.ts';
import { isRecord } from '../shared/is-record.ts';

export interface ServerFinding extends Finding {
  /** The check that found it ('status', 'namedView', 'pagination', ...): with the operation and clause, what makes findings alike. */
  check: string;
  /** A security finding (caller-checks.ts): the caller it was answered to, by id and username, never by credential. */
  security?: { id: number; username: string };
}

/** Checks of the registry that do not fit traffic the kit did not make ("a request of the kit"). */
const NOT_OBSERVED = new Set(['noServerError']);

function statusFinding(res: ApiResponse, op: MatchedOperation): ServerFinding | undefined {
  const expected = op.row.success.status;
  if (res.status < 200 || res.status > 299 || res.status === expected) return undefined;
  const clause = successStatusClause(op.row);
  if (clause === undefined) return undefined;
  return {
    check: 'status',
    clause,
    requirement: `A successful ${op.name} MUST answer ${expected}.`,
    expected: String(expected),
    actual: String(res.status),
  };
}

/**
 * The first of the items that does not match the schema, as a finding shows it: its first five
 * errors, and the fields they name (when every error names one); undefined when all match.
 */
export function schemaMismatch(schema: string, items: readonly unknown[]): Pick<ServerFinding, 'actual' | 'fields'> | undefined {
  for (const item of items) {
    const result = validateAgainst(schema, item);
    if (result.valid) continue;
    const fields = result.errors.every((e) => e.field) ? [...new Set(result.errors.map((e) => e.field!))] : undefined;
    return {
      actual: result.errors
        .slice(0, 5)
        .map((e) => `${e.pointer || '/'} ${e.message}`)
        .join('; '),
      ...(fields ? { fields } : {}),
    };
  }
  return undefined;
}

/** A write's success body against the view the operation names (GETs are the registry's namedView). */
function writeView(res: ApiResponse, op: MatchedOperation): ServerFinding | undefined {
  if (op.row.method === 'GET' || res.status !== op.row.success.status || res.status === 204 || res.json === undefined) return undefined;
  const view = successView(op.row);
  if (!view?.clause) return undefined;
  const mismatch = schemaMismatch(view.schema, view.array && Array.isArray(res.json) ? res.json : [res.json]);
  if (!mismatch) return undefined;
  return {
    check: 'writeView',
    clause: view.clause,
    requirement: `The body of ${op.name} MUST match the ${view.schema} schema.`,
    expected: `a valid ${view.schema}`,
    ...mismatch,
  };
}

/** Values a view must never show, whatever else it holds. */
function neverShown(res: ApiResponse, op: MatchedOperation): ServerFinding[] {
  if (res.status < 200 || res.status > 299 || res.json === undefined) return [];
  const out: ServerFinding[] = [];
  const items: unknown[] = Array.isArray(res.json) ? res.json : [res.json];
  if (op.row.method === 'GET' && op.row.path.includes('/impersonation_tokens') && items.some((i) => isRecord(i) && 'token' in i))
    out.push({
      check: 'neverShown',
      clause: 'tokens.list.no_token_value',
      requirement: 'List and single GET of impersonation tokens MUST NOT carry the token value.',
      expected: 'no token field',
      actual: 'a token field',
      fields: ['token'],
    });
  if (
    op.row.path.includes('/clusters') &&
    items.some((i) => isRecord(i) && isRecord(i.platform_kubernetes) && 'token' in i.platform_kubernetes)
  )
    out.push({
      check: 'neverShown',
      clause: 'clusters.visibility.token_write',
      requirement: 'No cluster response MUST ever contain the cluster token.',
      expected: 'no platform_kubernetes.token',
      actual: 'platform_kubernetes.token present',
      fields: ['platform_kubernetes.token'],
    });
  if (op.name === 'GET /projects/:id/clusters' && items.some((i) => isRecord(i) && 'project' in i))
    out.push({
      check: 'neverShown',
      clause: 'clusters.list.no_project',
      requirement: 'Cluster objects of the list MUST NOT have a project field.',
      expected: 'no project field',
      actual: 'a project field',
      fields: ['project'],
    });
  return out;
}

/** The required body fields of the operation the request did not send (a missing attribute the 400 must name). */
function missingRequired(op: MatchedOperation, sent: Record<string, unknown> | undefined): string[] {
  const required = op.row.body?.required ?? [];
  if (!sent) return required;
  return required.filter((name) => sent[name] === undefined || sent[name] === null);
}

function errorBodies(
  res: ApiResponse,
  op: MatchedOperation,
  sent: Record<string, unknown> | undefined,
  sentReadable: boolean,
): ServerFinding[] {
  const body = res.json;
  if (res.status === 401) {
    // A revoked or expired token: the platform's OAuth-style body (platform-behaviour.md > Authentication).
    if (isRecord(body) && body.error === 'invalid_token') return [];
    if (!isRecord(body) || body.message !== '401 Unauthorized' || Object.keys(body).length !== 1)
      return [
        {
          check: 'errorBody',
          clause: 'auth.401.body',
          requirement: 'The 401 body MUST be {"message": "401 Unauthorized"}.',
          expected: '{"message":"401 Unauthorized"}',
          actual: res.text.slice(0, 200) || '(empty body)',
        },
      ];
    return [];
  }
  if (res.status !== 400 || !isRecord(body)) return [];
  const missing = sentReadable ? missingRequired(op, sent) : [];
  // A request that lacks a required attribute gets the missing-attribute body (a string naming it), never a validation map.
  if (missing.length > 0) {
    const found = CHECKS.missingAttributeBody.judge(res, missing);
    return found ? [{ check: 'errorBody', ...found }] : [];
  }
  if (isRecord(body.message)) {
    const result = validateAgainst('error.validation', body);
    return result.valid
      ? []
      : [
          {
            check: 'errorBody',
            clause: 'errors.validation.message_object',
            requirement: 'A validation 400 body MUST map each property name to an array of error strings.',
            expected: 'a valid error.validation',
            actual: result.errors
              .slice(0, 3)
              .map((e) => `${e.pointer || '/'} ${e.message}`)
              .join('; '),
          },
        ];
  }
  return [];
}

/**
 * Fields a clause of its own says a view shows, apart from its shape: the schema leaves them out of
 * its required list so that a server without one (the real platform has dropped the deprecated epic
 * reference) fails that one clause, not every shape check (schemas/epic.json's $comment).
 */
const PRESENT_FIELDS: readonly { path: RegExp; field: string; clause: string }[] = [
  { path: /^\/groups\/[^/]+\/epics(?:\/\d+)?$/, field: 'reference', clause: 'epics.field.reference' },
];

function presentFields(res: ApiResponse, op: MatchedOperation): ServerFinding[] {
  if (res.status < 200 || res.status > 299 || res.json === undefined) return [];
  const items: unknown[] = Array.isArray(res.json) ? res.json : [res.json];
  return PRESENT_FIELDS.filter((c) => c.path.test(op.path) && items.some((i) => isRecord(i) && !(c.field in i))).map((c) => ({
    check: 'presentField',
    clause: c.clause,
    requirement: `Every ${op.name} answer's item MUST carry ${c.field}.`,
    expected: `a ${c.field} field`,
    actual: `no ${c.field} field`,
    fields: [c.field],
  }));
}

/**
 * Every server finding of one answer. `sent`: the request's parameters (query and body, as the
 * server reads them) when the proxy could read them (`sentReadable`); `bodyWhole`: false when the
 * answer's copy was cut at the capture limit (its body is then not judged).
 */
export function judgeAnswer(
  res: ApiResponse,
  op: MatchedOperation,
  sent: Record<string, unknown> | undefined,
  sentReadable: boolean,
  bodyWhole = true,
): ServerFinding[] {
  if (res.status === 0 || res.error) return [];
  const out: ServerFinding[] = [];
  const status = statusFinding(res, op);
  if (status) out.push(status);
  if (bodyWhole) {
    const apiUrl = res.url.slice(0, res.url.indexOf(op.apiRoot) + op.apiRoot.length);
    for (const v of runResponseChecks(res, apiUrl)) if (!NOT_OBSERVED.has(v.check) && v.clause !== CITED) out.push(v);
    const view = writeView(res, op);
    if (view) out.push(view);
    out.push(
      ...neverShown(res, op),
      ...presentFields(res, op),
      ...errorBodies(res, op, sent, sentReadable),
      ...judgeDefaults(res, op, sent, sentReadable),
    );
  }
  if (op.row.list && op.row.method === 'GET' && res.status === 200) {
    const keyset = new URLSearchParams(op.query).get('pagination') === 'keyset';
    const page = keyset
      ? bodyWhole
        ? judgeKeysetPage(res)
        : []
      : judgeOffsetPage(bodyWhole ? res : { ...res, json: undefined }, op.query, op.row.operationId === 'listGroupEpics');
    out.push(...page.map((f) => ({ check: 'pagination', ...f })));
  }
  return out;
}
