/**
 * Editing a cluster added through /clusters/user: PUT answers 200 with the cluster and its
 * project; name, domain, platform_kubernetes attributes and environment_scope change in the
 * response and in a later GET.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat, type Session } from '../../src/kit/index.ts';
import { CA_CERT, clusterProject, existingCluster } from './fixtures.ts';

async function cluster(s: Session, skip: (r: string) => never) {
  const project = await clusterProject(s, skip);
  const { res } = await existingCluster(s, project.id);
  return { project, id: res.json.id as number, path: `/projects/${project.id}/clusters/${res.json.id}` };
}

describe.concurrent('PUT /projects/:id/clusters/:cluster_id', () => {
  clauseTest('clusters.update.status', 'PUT with a new name answers 200', async ({ s, skip }) => {
    const { path } = await cluster(s, skip);
    check.status(await s.admin.put(path, { json: { name: s.name('renamed') } }), 200);
  });

  clauseTest('clusters.update.shape', 'the PUT response is the cluster with its project', async ({ s, skip }) => {
    const { project, id, path } = await cluster(s, skip);
    const res = await s.admin.put(path, { json: { name: s.name('renamed') } });
    check.status(res, 200);
    check.schema(res.json, 'cluster.detail');
    requireThat(res.json.id === id, 'The response MUST be the cluster updated.', id, res.json.id);
    requireThat(res.json.project.id === project.id, "The embedded project MUST be the cluster's project.", project.id, res.json.project.id);
  });

  clauseTest(
    'clusters.update.name_domain',
    'PUT with name and domain changes them in the response and a later GET',
    async ({ s, skip }) => {
      const { path } = await cluster(s, skip);
      const name = s.name('renamed');
      const domain = `${s.name('apps').toLowerCase()}.example.com`;
      const res = await s.admin.put(path, { json: { name, domain } });
      check.status(res, 200);
      const read = await s.admin.get(path);
      check.status(read, 200);
      for (const [what, body] of [
        ['The PUT response', res.json],
        ['A later GET', read.json],
      ] as const) {
        requireThat(
          body.name === name && body.domain === domain,
          `${what} MUST show the new name and domain.`,
          { name, domain },
          { name: body.name, domain: body.domain },
        );
      }
    },
  );

  clauseTest(
    'clusters.update.k8s_attributes',
    'PUT with platform_kubernetes_attributes api_url, namespace and ca_cert changes them',
    async ({ s, skip }) => {
      const { path } = await cluster(s, skip);
      const want = { api_url: 'https://k8s-new.example.com', namespace: s.name('newns').toLowerCase(), ca_cert: CA_CERT };
      const res = await s.admin.put(path, { form: { platform_kubernetes_attributes: want } });
      check.status(res, 200);
      const read = await s.admin.get(path);
      for (const [what, body] of [
        ['The PUT response', res.json],
        ['A later GET', read.json],
      ] as const) {
        const pk = body?.platform_kubernetes ?? {};
        const got = {
          api_url: pk.api_url,
          namespace: pk.namespace,
          ca_cert: typeof pk.ca_cert === 'string' ? pk.ca_cert.trim() : pk.ca_cert,
        };
        requireThat(JSON.stringify(got) === JSON.stringify(want), `${what} MUST show the new platform_kubernetes attributes.`, want, got);
      }
    },
  );

  clauseTest(
    'clusters.update.environment_scope',
    'PUT with environment_scope changes it (where the target offers environment scopes)',
    async ({ s, skip }) => {
      const { path } = await cluster(s, skip);
      const res = await s.admin.put(path, { json: { environment_scope: 'production' } });
      check.status(res, 200);
      if (res.json.environment_scope === '*') skip('the target ignores environment_scope on clusters (a higher-tier feature)');
      requireThat(
        res.json.environment_scope === 'production',
        'PUT MUST change environment_scope.',
        'production',
        res.json.environment_scope,
      );
      const read = await s.admin.get(path);
      requireThat(
        read.json?.environment_scope === 'production',
        'A later GET MUST show the new environment_scope.',
        'production',
        read.json?.environment_scope,
      );
    },
  );
});
