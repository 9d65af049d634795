/**
 * Round trips of a project's variables and clusters: keys at 1 and 255 characters, values in
 * many scripts, with newlines, HTML-special characters and thousands of characters, flags and
 * scopes; cluster names in any script, API URLs, namespaces and domains. What POST and PUT send
 * is what the response and a later GET return. One private project per file; each run deletes
 * what it created.
 *
 *   npx conformance certify suites/properties/round-trip-project.test.ts
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the variable tests share one
 * project and may draw the same key and scope, and the cluster tests share its one cluster per
 * environment scope.
 */
import { describe } from 'vitest';
import {
  check,
  clauseTest,
  clusterBody,
  clusterCreate,
  clusterUpdate,
  createGroup,
  createProject,
  fc,
  forAll,
  variableCreate,
  variableUpdate,
  type Session,
} from '../../src/kit/index.ts';
import { once, sameText, sameValue } from './fixtures.ts';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  return { project: await createProject(s, { namespace_id: group.id }) };
});

const clusterToken = fc
  .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 })
  .map((t) => `kit-cluster-token-${t}`);

describe('project variable round trips', () => {
  clauseTest('variables.create.fields', 'the create response and a later GET carry the key, value and attributes sent', async (ctx) => {
    const { project } = await world(ctx.s);
    const base = `/projects/${project.id}/variables`;
    await forAll(ctx, variableCreate(), async (v) => {
      const res = await ctx.s.admin.post(base, { json: v });
      check.status(res, 201);
      try {
        sameText(res.json, 'key', v.key, 'The create response');
        sameText(res.json, 'value', v.value, 'The create response');
        for (const field of ['variable_type', 'protected', 'masked', 'environment_scope'] as const) {
          if (v[field] !== undefined) sameValue(res.json, field, v[field], 'The create response');
        }
        const read = await ctx.s.admin.get(`${base}/${v.key}`);
        check.status(read, 200);
        sameText(read.json, 'key', v.key, 'GET of the created variable');
        sameText(read.json, 'value', v.value, 'GET of the created variable');
        for (const field of ['variable_type', 'protected', 'masked'] as const) {
          if (v[field] !== undefined) sameValue(read.json, field, v[field], 'GET of the created variable');
        }
      } finally {
        await ctx.s.admin.delete(`${base}/${v.key}`);
      }
    });
  });

  clauseTest('variables.update.value', 'PUT sets the value sent; the response and a later GET return it', async (ctx) => {
    const { project } = await world(ctx.s);
    const base = `/projects/${project.id}/variables`;
    await forAll(ctx, fc.tuple(variableCreate(), variableUpdate()), async ([v, change]) => {
      const { environment_scope: _, masked: __, ...plain } = v; // unmasked: the new value need not be maskable
      check.status(await ctx.s.admin.post(base, { json: plain }), 201);
      try {
        const put = await ctx.s.admin.put(`${base}/${v.key}`, { json: change });
        check.status(put, 200);
        sameText(put.json, 'value', change.value, 'The update response');
        const read = await ctx.s.admin.get(`${base}/${v.key}`);
        check.status(read, 200);
        sameText(read.json, 'value', change.value, 'GET of the updated variable');
      } finally {
        await ctx.s.admin.delete(`${base}/${v.key}`);
      }
    });
  });
});

describe('cluster round trips', () => {
  clauseTest(
    'clusters.create.k8s_attributes',
    'api_url and namespace sent on create come back in platform_kubernetes, in the response and a later GET',
    async (ctx) => {
      const { project } = await world(ctx.s);
      const base = `/projects/${project.id}/clusters`;
      await forAll(
        ctx,
        fc.tuple(clusterCreate(), clusterToken),
        async ([c, token]) => {
          ctx.s.secrets.add(token);
          const res = await ctx.s.admin.post(`${base}/user`, { json: { managed: false, ...clusterBody(c, token) } });
          check.status(res, 201);
          try {
            const read = await ctx.s.admin.get(`${base}/${res.json.id}`);
            check.status(read, 200);
            for (const [body, what] of [
              [res.json, 'The create response'],
              [read.json, 'GET of the created cluster'],
            ] as const) {
              sameText(body?.platform_kubernetes, 'api_url', c.api_url, `${what} (platform_kubernetes)`);
              if (c.namespace !== undefined)
                sameText(body?.platform_kubernetes, 'namespace', c.namespace as string, `${what} (platform_kubernetes)`);
            }
          } finally {
            await ctx.s.admin.delete(`${base}/${res.json.id}`);
          }
        },
        { scale: 0.6 },
      );
    },
  );

  clauseTest(
    'clusters.update.name_domain',
    'PUT with a name (any script) and a domain changes them in the response and a later GET',
    async (ctx) => {
      const { project } = await world(ctx.s);
      const base = `/projects/${project.id}/clusters`;
      await forAll(
        ctx,
        fc.tuple(clusterCreate(), clusterUpdate(), clusterToken),
        async ([c, change, token]) => {
          ctx.s.secrets.add(token);
          const res = await ctx.s.admin.post(`${base}/user`, { json: { managed: false, ...clusterBody(c, token) } });
          check.status(res, 201);
          try {
            const put = await ctx.s.admin.put(`${base}/${res.json.id}`, { json: clusterBody(change) });
            check.status(put, 200);
            const read = await ctx.s.admin.get(`${base}/${res.json.id}`);
            check.status(read, 200);
            for (const [body, what] of [
              [put.json, 'The update response'],
              [read.json, 'GET of the updated cluster'],
            ] as const) {
              sameText(body, 'name', (change.name ?? c.name) as string, what);
              const domain = change.domain ?? c.domain;
              if (domain !== undefined) sameText(body, 'domain', domain as string, what);
            }
          } finally {
            await ctx.s.admin.delete(`${base}/${res.json.id}`);
          }
        },
        { scale: 0.6 },
      );
    },
  );
});
