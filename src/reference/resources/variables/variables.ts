/**
 * Project variables (maintainers and above: 403 below, 404 for a project the caller cannot see):
 * list, show, create, update, delete. `filter[environment_scope]` selects among variables of
 * one key in several scopes when the server option `variablesScopeFilter` is on (the spec's flag,
 * off by default: then the filter is ignored and the oldest match is used; the platform has no
 * flag, so the platform profile always has it on). PUT
 * needs value; the platform profile takes it as optional and keeps the old one
 * (platform.variable-update-value-optional). What a declared variation changes is asked of the
 * variables policy (variables.policy.ts).
 *
 *   POST /api/v4/projects/5/variables {"key":"DB_URL","value":"postgres://db"}
 *   -> 201 {"key":"DB_URL","value":"postgres://db","variable_type":"env_var","protected":false,
 *           "masked":false,"environment_scope":"*",...}
 *   GET /api/v4/projects/grp%2Fapp/variables/DB_URL?filter[environment_scope]=production
 */
import type { FastifyRequest } from 'fastify';
import { ctxOf } from '../../context.ts';
import { ACCESS } from '../../domain/access.ts';
import type { ProjectRecord, VariableRecord } from '../../domain/records.ts';
import { keyErrors, maskable, scopeTaken, VARIABLE_TYPES, variablesWithKey } from '../../domain/variables.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { uniqueIndex } from '../../domain/unique-index.ts';
import { stringParam, type Router } from '../../router.ts';
import { findProjectWithAccess } from '../../lookups.ts';
import type { VariablesPolicy } from './variables.policy.ts';

const ATTRIBUTES = {
  variable_type: p.oneOf(VARIABLE_TYPES),
  protected: p.boolean(),
  masked: p.boolean(),
  environment_scope: p.string(),
};
const CREATE = { key: p.string().required(), value: p.string().required(), ...ATTRIBUTES };
const UPDATE = { value: p.string().required(), ...ATTRIBUTES };
/** PUT with value optional (the platform's, platform.variable-update-value-optional). */
const UPDATE_VALUE_OPTIONAL = { value: p.string(), ...ATTRIBUTES };
const MULTIPLE = "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'";

/** The platform's variable entity (list, show and full views alike; `raw`, `hidden`, `description` as extras). */
export function variableView(v: VariableRecord) {
  return {
    variable_type: v.variableType,
    key: v.key,
    value: v.value,
    hidden: false,
    protected: v.protected,
    masked: v.masked,
    raw: false,
    environment_scope: v.environmentScope,
    description: null,
  };
}

/** The variation point of these routes, as the active variations make it (variables.policy.ts). */
function policy(request: FastifyRequest): VariablesPolicy {
  return ctxOf(request).variations.policies.variables;
}

/** filter[environment_scope] (a hash parameter): the scope, undefined when not given. */
function readScopeFilter(source: Record<string, unknown>): string | undefined {
  const filter = source.filter;
  if (filter === undefined || filter === null) return undefined;
  const scope =
    typeof filter === 'object' && !Array.isArray(filter) ? (filter as Record<string, unknown>).environment_scope : Symbol('invalid');
  if (scope === undefined || scope === null) return undefined;
  if (typeof scope !== 'string') fail('invalid_parameter', 'filter is invalid');
  return scope;
}

function findVariable(request: FastifyRequest, project: ProjectRecord, scope: string | undefined): VariableRecord {
  const ctx = ctxOf(request);
  let matches = variablesWithKey(ctx.store, project.id, stringParam(request, 'key'), policy(request).reachesKey);
  if (policy(request).scopeFilterOffered) {
    if (scope !== undefined) matches = matches.filter((v) => v.environmentScope === scope);
    if (matches.length > 1) fail('conflict', MULTIPLE);
  }
  const found = matches[0];
  if (!found) fail('not_found', 'Variable');
  return found;
}

/** The variable that already has these values' key in their scope (the fault variables.taken-key-replaces replaces it). */
function takenBy(request: FastifyRequest, v: Omit<VariableRecord, 'id'>): VariableRecord | undefined {
  return variablesWithKey(ctxOf(request).store, v.projectId, v.key, policy(request).sameKey).find(
    (o) => o.environmentScope === v.environmentScope,
  );
}

/** The model checks of a variable about to be saved; one 400 with every problem. */
function validate(request: FastifyRequest, v: Omit<VariableRecord, 'id'>, exceptId?: number): void {
  const errors: FieldErrors = {};
  const keyProblems = keyErrors(v.key);
  if (keyProblems.length > 0) errors.key = keyProblems;
  else if (scopeTaken(ctxOf(request).store, v.projectId, v.key, v.environmentScope, exceptId, policy(request).sameKey)) {
    errors.key = [`(${v.key}) has already been taken`];
  }
  if (v.masked && !maskable(v.value)) errors.value = ['is invalid'];
  if (v.environmentScope.trim() === '' && !policy(request).blankScopeAllowed) errors.environment_scope = ["can't be blank"];
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);
}

export function registerVariables(r: Router): void {
  const { store } = r.ctx;

  r.op('listProjectVariables', (request, reply) => {
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const all = store.variables.filter((v) => v.projectId === project.id);
    return paginate(request, reply, all).map(variableView);
  });

  r.op('getProjectVariable', (request) => {
    const scope = readScopeFilter(input(request));
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    return policy(request).showView(variableView(findVariable(request, project, scope)));
  });

  r.op('createProjectVariable', async (request, reply) => {
    const q = readParams(input(request), CREATE);
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const values: Omit<VariableRecord, 'id'> = {
      projectId: project.id,
      key: policy(request).storedKey(q.key),
      value: q.value,
      variableType: q.variable_type ?? policy(request).defaultVariableType,
      protected: q.protected ?? false,
      masked: q.masked ?? false,
      environmentScope: q.environment_scope ?? policy(request).defaultScope,
    };
    const replaced = policy(request).takenKeyReplaces ? takenBy(request, values) : undefined;
    if (replaced) return created(request, reply, variableView(store.variables.update(replaced.id, values) ?? replaced));
    validate(request, values);
    // The healthy create checks and inserts with no await between (variables.create-key-race pauses).
    if (policy(request).createPausesBeforeInsert) await storageRoundTrip();
    const { projectId, key, environmentScope } = values;
    await uniqueIndex(r.ctx, () => !scopeTaken(store, projectId, key, environmentScope, undefined, policy(request).sameKey));
    return created(request, reply, variableView(store.variables.insert(values)));
  });

  r.op('updateProjectVariable', (request) => {
    const source = input(request);
    const q = readParams(source, policy(request).updateValueRequired ? UPDATE : UPDATE_VALUE_OPTIONAL);
    const scope = policy(request).updateReadsScopeFilter ? readScopeFilter(source) : undefined;
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const existing = findVariable(request, project, scope);
    const values: Omit<VariableRecord, 'id'> = {
      ...existing,
      value: q.value ?? existing.value,
      variableType: q.variable_type ?? existing.variableType,
      protected: q.protected ?? existing.protected,
      masked: q.masked ?? existing.masked,
      environmentScope: q.environment_scope ?? existing.environmentScope,
    };
    validate(request, values, existing.id);
    return variableView(store.variables.update(existing.id, values) ?? existing);
  });

  r.op('deleteProjectVariable', (request, reply) => {
    const scope = readScopeFilter(input(request));
    const project = findProjectWithAccess(request, ACCESS.maintainer);
    const variable = findVariable(request, project, scope);
    store.variables.delete(variable.id);
    return noContent(request, reply, variableView(variable));
  });
}
