/**
 * Adding an existing cluster: POST /projects/:id/clusters/user with a nested JSON object and with
 * form fields in bracket notation, the created object and its defaults, the attributes kept as
 * given, the required attributes, and the embedded-entity validation body.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { addCluster, API_URL, CA_CERT, clusterProject, newClusterToken } from './fixtures.ts';
import table from './create-required.json' with { type: 'json' };

interface RequiredCase {
  clause: string;
  omit: string;
  names: string;
}

describe.concurrent('POST /projects/:id/clusters/user', () => {
  clauseTest('clusters.create.status', 'adding a cluster with name, api_url and token answers 201', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const { res, body } = await addCluster(s, project.id);
    check.status(res, 201);
    requireThat(res.json?.name === body.name, 'The created cluster MUST carry the name given.', body.name, res.json?.name);
  });

  clauseTest('clusters.create.shape', 'the created cluster is returned with its project', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const { res } = await addCluster(s, project.id);
    check.status(res, 201);
    check.schema(res.json, 'cluster.detail');
    requireThat(res.json.project.id === project.id, "The embedded project MUST be the cluster's project.", project.id, res.json.project.id);
  });

  clauseTest('conv.params.hash', 'platform_kubernetes_attributes[api_url]=... form fields are read as a hash', async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const namespace = s.name('ns').toLowerCase();
    const { res } = await addCluster(s, project.id, {}, 'form', { namespace, authorization_type: 'abac' });
    check.status(res, 201, 'A cluster given as platform_kubernetes_attributes[...] form fields MUST be created (201).');
    const pk = res.json.platform_kubernetes ?? {};
    requireThat(pk.api_url === API_URL, 'platform_kubernetes_attributes[api_url] MUST be read into the hash.', API_URL, pk.api_url);
    requireThat(
      pk.namespace === namespace,
      'platform_kubernetes_attributes[namespace] MUST be read into the hash.',
      namespace,
      pk.namespace,
    );
    requireThat(
      pk.authorization_type === 'abac',
      'platform_kubernetes_attributes[authorization_type] MUST be read into the hash.',
      'abac',
      pk.authorization_type,
    );
  });

  clauseTest('clusters.field.domain', "a domain given on create is returned as the cluster's domain", async ({ s, skip }) => {
    const project = await clusterProject(s, skip);
    const domain = `${s.name('apps').toLowerCase()}.example.com`;
    const { res } = await addCluster(s, project.id, { domain });
    check.status(res, 201);
    requireThat(res.json.domain === domain, 'domain given on create MUST be returned.', domain, res.json.domain);
  });

  clauseTest(
    'clusters.create.environment_scope_default',
    'a cluster added without environment_scope has environment_scope "*"',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res } = await addCluster(s, project.id);
      check.status(res, 201);
      requireThat(res.json.environment_scope === '*', 'environment_scope MUST default to "*".', '*', res.json.environment_scope);
    },
  );

  clauseTest(
    'clusters.create.environment_scope_set',
    'environment_scope given on create is stored and returned (where the target offers it)',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res } = await addCluster(s, project.id, { environment_scope: 'review/*' });
      check.status(res, 201);
      if (res.json.environment_scope === '*') skip('the target ignores environment_scope on clusters (a higher-tier feature)');
      requireThat(
        res.json.environment_scope === 'review/*',
        'environment_scope given on create MUST be returned.',
        'review/*',
        res.json.environment_scope,
      );
      const read = await s.admin.get(`/projects/${project.id}/clusters/${res.json.id}`);
      requireThat(
        read.json?.environment_scope === 'review/*',
        'environment_scope given on create MUST be stored.',
        'review/*',
        read.json?.environment_scope,
      );
    },
  );

  clauseTest(
    'clusters.create.authorization_type_default',
    'authorization_type defaults to rbac; abac and unknown_authorization are kept',
    async ({ s, skip }) => {
      const plain = await addCluster(s, (await clusterProject(s, skip)).id);
      check.status(plain.res, 201);
      requireThat(
        plain.res.json.platform_kubernetes?.authorization_type === 'rbac',
        'authorization_type MUST default to rbac.',
        'rbac',
        plain.res.json.platform_kubernetes?.authorization_type,
      );
      for (const type of ['abac', 'unknown_authorization']) {
        const given = await addCluster(s, (await clusterProject(s, skip)).id, {}, 'json', { authorization_type: type });
        check.status(given.res, 201);
        requireThat(
          given.res.json.platform_kubernetes?.authorization_type === type,
          `authorization_type ${type} given on create MUST be returned.`,
          type,
          given.res.json.platform_kubernetes?.authorization_type,
        );
      }
    },
  );

  clauseTest(
    'clusters.create.k8s_attributes',
    'api_url, namespace and ca_cert given on create are returned in platform_kubernetes',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const namespace = s.name('ns').toLowerCase();
      const { res } = await addCluster(s, project.id, {}, 'json', { namespace, ca_cert: CA_CERT });
      check.status(res, 201);
      const pk = res.json.platform_kubernetes ?? {};
      requireThat(pk.api_url === API_URL, 'api_url given on create MUST be returned.', API_URL, pk.api_url);
      requireThat(pk.namespace === namespace, 'namespace given on create MUST be returned.', namespace, pk.namespace);
      requireThat(
        typeof pk.ca_cert === 'string' && pk.ca_cert.trim() === CA_CERT,
        'ca_cert given on create MUST be returned.',
        CA_CERT,
        pk.ca_cert,
      );
    },
  );

  for (const c of table.cases as RequiredCase[]) {
    clauseTest(c.clause, `adding a cluster without ${c.omit} answers 400 naming it`, async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const pk: Record<string, unknown> = { api_url: API_URL, token: newClusterToken(s) };
      const body: Record<string, unknown> = { name: s.name('cluster'), managed: false, platform_kubernetes_attributes: pk };
      const nested = /^platform_kubernetes_attributes\[(\w+)\]$/.exec(c.omit);
      if (nested) delete pk[nested[1]!];
      else delete body[c.omit];
      const res = await s.admin.post(`/projects/${project.id}/clusters/user`, { json: body });
      check.status(res, 400);
      check.missingAttributeBody(res, c.names);
    });
  }

  clauseTest(
    'errors.validation.embedded_entity',
    'an invalid platform_kubernetes api_url answers 400 with platform_kubernetes as an embedded property map',
    async ({ s, skip }) => {
      const project = await clusterProject(s, skip);
      const { res } = await addCluster(s, project.id, {}, 'json', { api_url: 'not a url' });
      check.status(res, 400);
      check.errorBody(res, 'error.validation');
      const entity = res.json.message.platform_kubernetes;
      requireThat(
        typeof entity === 'object' && entity !== null && !Array.isArray(entity) && Object.keys(entity).length > 0,
        'message MUST have a platform_kubernetes key holding a property-to-array object.',
        '{"platform_kubernetes": {"api_url": ["..."]}}',
        res.json.message,
      );
      for (const [property, errors] of Object.entries(entity as Record<string, unknown>)) {
        requireThat(
          Array.isArray(errors) && errors.every((e) => typeof e === 'string'),
          `message.platform_kubernetes.${property} MUST be an array of error strings.`,
          'an array of strings',
          errors,
        );
      }
    },
  );
});
