/**
 * `npm run mutation [-- --only id,id] [--no-healthy] [--fault-lines]`: the fault catalogue against the kit.
 * `--fault-lines` prints one JSON line per fault as soon as it ends (FAULT_LINE, then the verdict).
 */
import { parseArgs } from 'node:util';
import { FAULT_LINE, runMutation } from './run-mutation.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'no-healthy': { type: 'boolean' },
    'reports-dir': { type: 'string' },
    'fault-lines': { type: 'boolean' },
  },
});
const { exitCode } = await runMutation({
  only: values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  healthy: !values['no-healthy'],
  reportsDir: values['reports-dir'],
  onFault: values['fault-lines'] ? (m) => process.stdout.write(`\n${FAULT_LINE}${JSON.stringify(m)}\n`) : undefined,
});
process.exitCode = exitCode;
