/**
 * Public data without authentication: GET /projects/:id of a public project answers 200 to a
 * caller without credentials, with that project's public data.
 */
import { describe } from 'vitest';
import { check, clauseTest, publicProject, requireThat } from '../../src/kit/index.ts';

describe.concurrent('public projects without credentials', () => {
  clauseTest(
    'auth.public.project_get',
    'GET /projects/:id of a public project without credentials answers 200 with that project',
    async ({ s }) => {
      const project = await publicProject(s);
      const res = await s.anon.get(`/projects/${project.id}`);
      check.status(res, 200);
      check.jsonContentType(res);
      const want = { id: project.id, name: project.name, path_with_namespace: project.path_with_namespace };
      const got = { id: res.json?.id, name: res.json?.name, path_with_namespace: res.json?.path_with_namespace };
      requireThat(JSON.stringify(got) === JSON.stringify(want), "The answer MUST be the public project's data.", want, got);
    },
  );
});
