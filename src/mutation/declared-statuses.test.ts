/**
 * Every status the reference answers across the suites' traffic is declared by the OpenAPI export
 * for the operation the request went to (issue 40): a certification of the reference (spec profile)
 * with its HAR recorded, each request matched to its operation, each status looked up in the
 * operation's responses. A status the export leaves out is one a generator (Schemathesis'
 * status_code_conformance) reports as a defect of the document.
 *
 *   npx vitest run --project self src/mutation/declared-statuses.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { answeredStatuses, harEntries, undeclaredStatuses } from '../openapi/declared-statuses.ts';
import { openapiDocument } from '../openapi/document.ts';
import { OPERATIONS } from '../spec/operations/index.ts';
import { removeRunFolders, runCertification } from './run-fault.ts';

afterAll(removeRunFolders);

it('declares, for every operation, each status the reference answered to the suites', async () => {
  const run = await runCertification({ env: { CONFORMANCE_HAR: '1' } });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  const exchanges = harEntries(readFileSync(join(run.reportsDir, 'run.har'), 'utf8'));
  // The traffic reaches every operation of the spec: the comparison is not of a few.
  const answered = answeredStatuses(exchanges);
  expect(OPERATIONS.filter((o) => !answered.has(o.operationId)).map((o) => o.operationId)).toEqual([]);
  expect(undeclaredStatuses(openapiDocument(), exchanges)).toEqual([]);
});
