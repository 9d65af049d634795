/**
 * The documented defaults one exchange shows: observe sees the request beside its answer, so a
 * create that OMITTED an attribute whose default the spec states is judged by the value answered.
 * A broadcast message's broadcast_type (banner) and ends_at (one hour after the current time, read
 * from the answer's Date header, else from its own starts_at when that was defaulted too: never from
 * observe's clock), a cluster's platform_kubernetes.authorization_type (rbac), a variable's
 * variable_type (env_var) and environment_scope (*). Only requests whose parameters the proxy read
 * whole are judged (`sentReadable`): an unread body says nothing of what it omitted.
 *
 *   judgeDefaults(res, matchOperation('POST', '/api/v4/projects/1/variables')!, { key: 'K', value: 'v' }, true)
 *   // [{ check: 'default', clause: 'variables.create.variable_type_default', expected: 'env_var', actual: 'file', ... }]
 */
import type { Finding } from '../kit/check-registry.ts';
import type { ApiResponse } from '../kit/exchange.ts';
import { BROADCAST_DEFAULT_DURATION_MS } from '../spec/limits.ts';
import type { MatchedOperation } from './exchange-view.ts';
import { isRecord } from '../shared/is-record.ts';

/** A server finding (judge-answer.ts ServerFinding): the check that found it beside the clause. */
type ServerFinding = Finding & { check: string };

/** How far ends_at may stand from the hour after the server's now (as the kit's suite allows). */
export const DEFAULT_TIME_TOLERANCE_MS = 60_000;

/** True when the request did not send the attribute (absent or null, as the server reads it). */
const omitted = (sent: Record<string, unknown>, name: string) => sent[name] === undefined || sent[name] === null;

function valueDefault(clause: string, name: string, expected: string, actual: unknown, field = name): ServerFinding | undefined {
  if (actual === undefined || actual === expected) return undefined;
  return {
    check: 'default',
    clause,
    requirement: `Created without ${name}, the answer's ${field} MUST be its default, ${expected}.`,
    expected,
    actual: typeof actual === 'string' ? actual : JSON.stringify(actual),
    fields: [field],
  };
}

/** ends_at of a message created without it: one hour after the server's now (its Date header), else after its defaulted starts_at. */
function endsAtDefault(res: ApiResponse, body: Record<string, unknown>, sent: Record<string, unknown>): ServerFinding | undefined {
  if (typeof body.ends_at !== 'string') return undefined;
  const endsAt = Date.parse(body.ends_at);
  const date = res.headers.date ? Date.parse(res.headers.date) : NaN;
  const startsAt = omitted(sent, 'starts_at') && typeof body.starts_at === 'string' ? Date.parse(body.starts_at) : NaN;
  const now = Number.isNaN(date) ? startsAt : date;
  if (Number.isNaN(endsAt) || Number.isNaN(now)) return undefined;
  const expected = now + BROADCAST_DEFAULT_DURATION_MS;
  if (Math.abs(endsAt - expected) <= DEFAULT_TIME_TOLERANCE_MS) return undefined;
  return {
    check: 'default',
    clause: 'broadcast.create.ends_at_default',
    requirement: `Created without ends_at, a broadcast message MUST end one hour after the current time (${
      Number.isNaN(date) ? 'its defaulted starts_at' : "the answer's Date header"
    }, ±${DEFAULT_TIME_TOLERANCE_MS / 1000} s).`,
    expected: new Date(expected).toISOString(),
    actual: body.ends_at,
    fields: ['ends_at'],
  };
}

export function judgeDefaults(
  res: ApiResponse,
  op: MatchedOperation,
  sent: Record<string, unknown> | undefined,
  sentReadable: boolean,
): ServerFinding[] {
  if (!sentReadable || !sent || res.status !== op.row.success.status || !isRecord(res.json)) return [];
  const body = res.json;
  const out: (ServerFinding | undefined)[] = [];
  switch (op.row.operationId) {
    case 'createBroadcastMessage':
      if (omitted(sent, 'broadcast_type'))
        out.push(valueDefault('broadcast.create.type_default', 'broadcast_type', 'banner', body.broadcast_type));
      if (omitted(sent, 'ends_at')) out.push(endsAtDefault(res, body, sent));
      break;
    case 'addProjectCluster': {
      const k8s = sent.platform_kubernetes_attributes;
      const given =
        (isRecord(k8s) && !omitted(k8s, 'authorization_type')) || !omitted(sent, 'platform_kubernetes_attributes[authorization_type]');
      if (!given && isRecord(body.platform_kubernetes))
        out.push(
          valueDefault(
            'clusters.create.authorization_type_default',
            'authorization_type',
            'rbac',
            body.platform_kubernetes.authorization_type,
            'platform_kubernetes.authorization_type',
          ),
        );
      break;
    }
    case 'createProjectVariable':
      if (omitted(sent, 'variable_type'))
        out.push(valueDefault('variables.create.variable_type_default', 'variable_type', 'env_var', body.variable_type));
      if (omitted(sent, 'environment_scope'))
        out.push(valueDefault('variables.create.environment_scope_default', 'environment_scope', '*', body.environment_scope));
      break;
  }
  return out.filter((f): f is ServerFinding => f !== undefined);
}
