/**
 * `npm run mutation [-- --only id,id] [--no-healthy]`: the fault catalogue against the kit.
 */
import { parseArgs } from 'node:util';
import { runMutation } from './run-mutation.ts';

const { values } = parseArgs({
  options: { only: { type: 'string' }, 'no-healthy': { type: 'boolean' }, 'reports-dir': { type: 'string' } },
});
const { exitCode } = await runMutation({
  only: values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  healthy: !values['no-healthy'],
  reportsDir: values['reports-dir'],
});
process.exitCode = exitCode;
