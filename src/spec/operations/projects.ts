/**
 * Operations of the spec under /projects/:id: clusters, project-level variables and the
 * dependency list (spec: Endpoints > Project clusters, Project variables, Dependencies).
 *
 *   PROJECT_OPERATIONS.find((o) => o.operationId === 'addProjectCluster')!.success.status // 201
 */
import { VARIABLE_KEY_MAX_LENGTH, VARIABLE_KEY_PATTERN } from '../limits.ts';
import { array, boolean, object, oneOf, string, type Operation, type Schema } from '../operation.ts';

const AUTHORIZATION_TYPES = ['rbac', 'abac', 'unknown_authorization'];
const VARIABLE_TYPES = ['env_var', 'file'];
const PACKAGE_MANAGERS = ['bundler', 'composer', 'maven', 'npm', 'pip', 'yarn'];

const MAINTAINER = 'The caller needs at least maintainer access to the project.';

const KUBERNETES_INPUT: Record<string, Schema> = {
  api_url: string({ description: 'URL of the cluster API' }),
  token: string({ description: 'token for the cluster API (never returned)', writeOnly: true }),
  ca_cert: string({ description: 'needed for a self-signed TLS certificate' }),
  namespace: string(),
};

const VARIABLE_KEY = string({
  maxLength: VARIABLE_KEY_MAX_LENGTH,
  pattern: VARIABLE_KEY_PATTERN.source,
  description: `at most ${VARIABLE_KEY_MAX_LENGTH} characters; only A-Z, a-z, 0-9, _`,
});

const VARIABLE_ATTRIBUTES: Record<string, Schema> = {
  variable_type: oneOf(VARIABLE_TYPES, { default: 'env_var' }),
  protected: boolean(),
  masked: boolean(),
  environment_scope: string({ default: '*' }),
};

/** filter[environment_scope]: a hash parameter behind a feature flag (off by default). */
const SCOPE_FILTER: Record<string, Schema> = {
  filter: object({ environment_scope: string() }, [], {
    description:
      'filter[environment_scope]=<scope> selects the variable of that environment scope (release 13.2, behind a feature flag disabled by default).',
    additionalProperties: false,
  }),
};

const clusters = '/projects/:id/clusters';
const variables = '/projects/:id/variables';

export const PROJECT_OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: clusters,
    operationId: 'listProjectClusters',
    tag: 'clusters',
    summary: 'List the clusters of a project',
    description: MAINTAINER,
    auth: 'authenticated',
    permission: 'maintainer',
    list: true,
    success: { status: 200, view: 'cluster', clause: 'clusters.list.shape' },
  },
  {
    method: 'GET',
    path: `${clusters}/:cluster_id(int)`,
    operationId: 'getProjectCluster',
    tag: 'clusters',
    summary: 'Get one cluster of a project, with the project',
    description: MAINTAINER,
    auth: 'authenticated',
    permission: 'maintainer',
    success: { status: 200, view: 'cluster.detail', clause: 'clusters.get.shape' },
  },
  {
    method: 'POST',
    path: `${clusters}/user`,
    operationId: 'addProjectCluster',
    tag: 'clusters',
    summary: 'Add an existing cluster to a project',
    description: MAINTAINER,
    auth: 'authenticated',
    permission: 'maintainer',
    body: {
      fields: {
        name: string(),
        domain: string({ description: 'base domain' }),
        enabled: boolean({ default: true }),
        managed: boolean({ default: true, description: 'whether the service manages namespaces and service accounts' }),
        platform_kubernetes_attributes: object(
          { ...KUBERNETES_INPUT, authorization_type: oneOf(AUTHORIZATION_TYPES, { default: 'rbac' }) },
          ['api_url', 'token'],
        ),
        environment_scope: string({ default: '*', description: 'higher-tier feature' }),
      },
      required: ['name', 'platform_kubernetes_attributes'],
    },
    sample: {
      name: '{name}',
      environment_scope: '{name}',
      managed: false,
      platform_kubernetes_attributes: { api_url: 'https://k8s.example.com:6443', token: '{cluster_token}' },
    },
    success: { status: 201, view: 'cluster.detail', clause: 'clusters.create.shape' },
  },
  {
    method: 'PUT',
    path: `${clusters}/:cluster_id(int)`,
    operationId: 'updateProjectCluster',
    tag: 'clusters',
    summary: 'Edit a cluster of a project',
    description: `${MAINTAINER} name, api_url, ca_cert and token can be updated only if the cluster was added through the add-existing-cluster route.`,
    auth: 'authenticated',
    permission: 'maintainer',
    body: {
      fields: {
        name: string(),
        domain: string({ description: 'base domain' }),
        platform_kubernetes_attributes: object(KUBERNETES_INPUT),
        environment_scope: string({ description: 'higher-tier feature' }),
      },
    },
    sample: { name: '{name}' },
    success: { status: 200, view: 'cluster.detail', clause: 'clusters.update.shape' },
  },
  {
    method: 'DELETE',
    path: `${clusters}/:cluster_id(int)`,
    operationId: 'deleteProjectCluster',
    tag: 'clusters',
    summary: 'Delete a cluster of a project',
    description: MAINTAINER,
    auth: 'authenticated',
    permission: 'maintainer',
    success: { status: 204 },
  },
  {
    method: 'GET',
    path: variables,
    operationId: 'listProjectVariables',
    tag: 'variables',
    summary: 'List the variables of a project',
    auth: 'authenticated',
    list: true,
    success: { status: 200, view: 'variable.list', clause: 'variables.list.shape' },
  },
  {
    method: 'GET',
    path: `${variables}/:key`,
    operationId: 'getProjectVariable',
    tag: 'variables',
    summary: 'Get one variable of a project',
    auth: 'authenticated',
    query: SCOPE_FILTER,
    success: { status: 200, view: 'variable.show', clause: 'variables.get.fields' },
  },
  {
    method: 'POST',
    path: variables,
    operationId: 'createProjectVariable',
    tag: 'variables',
    summary: 'Create a variable of a project',
    auth: 'authenticated',
    body: { fields: { key: VARIABLE_KEY, value: string(), ...VARIABLE_ATTRIBUTES }, required: ['key', 'value'] },
    sample: { key: '{variable_key}', value: '{name}' },
    success: { status: 201, view: 'variable', clause: 'variables.create.fields' },
  },
  {
    method: 'PUT',
    path: `${variables}/:key`,
    operationId: 'updateProjectVariable',
    tag: 'variables',
    summary: 'Update a variable of a project',
    auth: 'authenticated',
    query: SCOPE_FILTER,
    body: { fields: { value: string(), ...VARIABLE_ATTRIBUTES }, required: ['value'] },
    sample: { value: '{name}' },
    success: { status: 200, view: 'variable', clause: 'variables.update.fields' },
  },
  {
    method: 'DELETE',
    path: `${variables}/:key`,
    operationId: 'deleteProjectVariable',
    tag: 'variables',
    summary: 'Delete a variable of a project',
    auth: 'authenticated',
    query: SCOPE_FILTER,
    success: { status: 204 },
  },
  {
    method: 'GET',
    path: '/projects/:id/dependencies',
    operationId: 'listProjectDependencies',
    tag: 'dependencies',
    summary: 'List the dependencies of a project (alpha)',
    description:
      "Authentication is always required; the caller must be allowed to read the project's security dashboard. The list covers only languages and package managers supported by the dependency scanner.",
    auth: 'authenticated',
    permission: 'security-dashboard',
    query: { 'package_manager[]': array(oneOf(PACKAGE_MANAGERS), { description: 'keep only dependencies of these package managers' }) },
    list: true,
    success: { status: 200, view: 'dependency', clause: 'deps.field.shape' },
  },
];
