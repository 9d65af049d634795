/**
 * DELETE /projects/:id/variables/:key asked twice: the second answers 404 (the variable no
 * longer exists) and the project's variable list keeps the same keys.
 *
 *   DELETE /projects/4/variables/KIT_1_A -> 204;  again -> 404;  GET /projects/4/variables: the same keys
 */
import { describe } from 'vitest';
import { clauseTest, deleteTwice, listedIds } from '../../src/kit/index.ts';
import { existingVariable, variablesProject } from './fixtures.ts';

describe('DELETE /projects/:id/variables/:key asked twice', () => {
  clauseTest(
    'errors.not_found.resource',
    "a second DELETE of a variable answers 404 and leaves the project's other variables",
    async ({ s }) => {
      const project = await variablesProject(s);
      const key = await existingVariable(s, project.id);
      await existingVariable(s, project.id); // the neighbour a faulty second DELETE could take
      await deleteTwice(s, {
        path: `/projects/${project.id}/variables/${key}`,
        collection: () => listedIds(s, `/projects/${project.id}/variables`, 'key'),
      });
    },
  );
});
