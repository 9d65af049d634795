/**
 * Conditional reads of a project variable: where the target tags its GET answers with an ETag, a
 * GET sent with If-None-Match of the ETag from before a PUT answers 200 with the new value (the
 * variable changed, so the old tag no longer matches). 304 with the current ETag is allowed and not
 * asked for; a target that sends no ETag skips the check.
 *
 *   GET .../variables/KEY -> ETag: W/"a1";  PUT value=after;  GET If-None-Match: W/"a1" -> 200 {"value":"after"}
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { existingVariable, variablesProject } from './fixtures.ts';

describe('conditional GET /projects/:id/variables/:key', () => {
  clauseTest(
    'variables.update.value',
    'after a PUT, a GET with If-None-Match of the ETag from before it answers 200 with the new value',
    async ({ s, skip }) => {
      const project = await variablesProject(s);
      const key = await existingVariable(s, project.id, { value: 'before' });
      const path = `/projects/${project.id}/variables/${key}`;
      const first = await s.admin.get(path);
      check.status(first, 200);
      const etag = first.headers.etag;
      if (!etag) skip('The target sends no ETag on GET /projects/:id/variables/:key: there is no conditional request to check.');
      check.status(await s.admin.put(path, { json: { value: 'after' } }), 200);
      const read = await s.admin.get(path, { headers: { 'if-none-match': etag } });
      requireThat(
        read.status === 200 && read.json?.value === 'after',
        'A later GET MUST return the new value, also with If-None-Match of the ETag from before the change (304 only when nothing changed).',
        { status: 200, value: 'after' },
        { status: read.status, value: read.json?.value },
      );
    },
  );
});
