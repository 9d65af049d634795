/**
 * Cluster fixtures: a fresh private project per cluster (a project takes one cluster per
 * environment scope), the capability probe (real servers may hide the cluster API: a 404 on the
 * cluster list of a project the administrator owns means the target lacks it, and the clause is
 * skipped with that reason), and clusters added with a unique token registered as a secret.
 *
 *   const project = await clusterProject(s, skip);
 *   const { res, token } = await addCluster(s, project.id, { domain: 'apps.example.com' });
 *   const { res: viaForm } = await addCluster(s, project.id, {}, 'form');
 */
import { randomBytes } from 'node:crypto';
import { createProject, requireThat, type ApiResponse, type Session } from '../../src/kit/index.ts';

export const HIDDEN_REASON =
  'the target hides the cluster API (404 on the cluster list of a project the administrator owns): certificate-based clusters are not enabled';

/** A self-signed certificate of k8s.example.com (public data, no key): a valid PEM for ca_cert. */
export const CA_CERT = `-----BEGIN CERTIFICATE-----
MIIBizCCATGgAwIBAgIUSTh+9aDaFyf4/iznm8aFB6gCny8wCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPazhzLmV4YW1wbGUuY29tMCAXDTI2MTEyMjAwMzg1OVoYDzIx
MjYxMDI5MDAzODU5WjAaMRgwFgYDVQQDDA9rOHMuZXhhbXBsZS5jb20wWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAS9nOgU3ti6pXecNQMTHpHTsgUjnyZKVXNhx9/x
X8ti6BI1aJVwGN6CMCWxM/+LP13Es06h1ueu35JDOMe7AatEo1MwUTAdBgNVHQ4E
FgQUbx8Rz8pLzMr4ZeJR9uI+hTwGhYUwHwYDVR0jBBgwFoAUbx8Rz8pLzMr4ZeJR
9uI+hTwGhYUwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEApbtV
/iJUS7QC+HOvOCzjzya2w5Q1pSaoq3mwPwvN1p8CIBWoSH3Qh7UxGtQNpAbs2/4v
wBySQxhbOGQ1SbKqmcvp
-----END CERTIFICATE-----`;

export const API_URL = 'https://k8s.example.com:6443';

/** The run's capability probe (404 on a fresh project's cluster list) found the cluster API hidden. */
function hidden(s: Session): boolean {
  return s.target.capabilities.find((c) => c.id === 'clusters')?.probed === 'absent';
}

/** A fresh private project of the administrator, when the target offers the cluster API. */
export async function clusterProject(
  s: Session,
  skip: (reason: string) => never,
  attrs: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  if (hidden(s)) skip(HIDDEN_REASON);
  return createProject(s, attrs);
}

/** A cluster token nobody else uses, registered as a secret (never printed). */
export function newClusterToken(s: Session): string {
  const token = `kit-cluster-token-${randomBytes(12).toString('hex')}`;
  s.secrets.add(token);
  return token;
}

/**
 * POST /projects/:id/clusters/user with a name, the API URL and a fresh token (managed false, so
 * the server does not try to set up the fictitious cluster), plus `attrs`. `pk` adds attributes of
 * platform_kubernetes_attributes. JSON sends the hash as a nested object, form in bracket notation.
 */
export async function addCluster(
  s: Session,
  projectId: number,
  attrs: Record<string, unknown> = {},
  how: 'json' | 'form' = 'json',
  pk: Record<string, unknown> = {},
  client = s.admin,
): Promise<{ res: ApiResponse; token: string; body: Record<string, any> }> {
  const token = newClusterToken(s);
  const body = {
    name: s.name('cluster'),
    managed: false,
    ...attrs,
    platform_kubernetes_attributes: { api_url: API_URL, token, ...pk },
  };
  const res = await client.post(`/projects/${projectId}/clusters/user`, how === 'json' ? { json: body } : { form: body });
  return { res, token, body };
}

/** A cluster that must be there for the test to go on (any other answer fails at set-up). */
export async function existingCluster(
  s: Session,
  projectId: number,
  attrs: Record<string, unknown> = {},
  pk: Record<string, unknown> = {},
) {
  const added = await addCluster(s, projectId, attrs, 'json', pk);
  requireThat(
    added.res.status === 201,
    'Adding an existing cluster (set-up) MUST succeed with 201.',
    201,
    `${added.res.status} ${added.res.text.slice(0, 200)}`,
  );
  return added;
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type FieldType = 'integer' | 'string' | 'boolean' | 'datetime' | 'array' | 'object' | 'string|null' | 'integer|null';

function typeOk(v: unknown, t: FieldType): boolean {
  switch (t) {
    case 'integer':
      return Number.isInteger(v);
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'datetime':
      return typeof v === 'string' && DATETIME.test(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'string|null':
      return v === null || typeof v === 'string';
    case 'integer|null':
      return v === null || Number.isInteger(v);
  }
}

/**
 * Each named field is present with its type, else a failure naming the field; `at`, the object's
 * place in a cluster ('project.'), makes the failure name the cluster field ('project.forks_count'),
 * so a baseline's field entry of the cluster resource can excuse it as it does a schema's finding.
 */
export function requireFields(
  obj: Record<string, unknown> | undefined,
  fields: Record<string, FieldType>,
  what: string,
  at?: string,
): void {
  requireThat(typeof obj === 'object' && obj !== null, `${what} MUST be an object.`, 'an object', obj);
  for (const [name, type] of Object.entries(fields)) {
    requireThat(
      name in obj! && typeOk(obj![name], type),
      `${what} MUST have ${name} (${type}).`,
      type,
      name in obj! ? obj![name] : '(absent)',
      at === undefined ? undefined : { fields: [`${at}${name}`], resource: 'cluster' },
    );
  }
}
