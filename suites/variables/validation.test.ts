/**
 * The validation error of the spec's example (variable key MY-VAR): 400, with message as an
 * object mapping each property name to an array of error strings.
 */
import { describe } from 'vitest';
import { check, clauseTest, requireThat } from '../../src/kit/index.ts';
import { createVariable, variablesProject } from './fixtures.ts';

describe.concurrent('validation errors', () => {
  clauseTest('errors.validation.status', 'a variable with the key MY-VAR answers 400', async ({ s }) => {
    const project = await variablesProject(s);
    const { res } = await createVariable(s, project.id, { key: 'MY-VAR' });
    check.status(res, 400);
  });

  clauseTest(
    'errors.validation.message_object',
    'the 400 for the key MY-VAR has message as a property-to-array object naming key',
    async ({ s }) => {
      const project = await variablesProject(s);
      const { res } = await createVariable(s, project.id, { key: 'MY-VAR' });
      check.status(res, 400);
      check.errorBody(res, 'error.validation');
      const errors = res.json.message.key;
      requireThat(
        Array.isArray(errors) && errors.length > 0 && errors.every((e: unknown) => typeof e === 'string'),
        'message.key MUST be an array of error strings.',
        '{"message": {"key": ["..."]}}',
        res.json.message,
      );
    },
  );
});
