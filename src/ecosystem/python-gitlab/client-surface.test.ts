/**
 * python-gitlab against the reference in strict mode (issue 35, part 6): pytest runs
 * test_client_surface.py, whose fixture starts `npx conformance serve --strict --client-report PATH`
 * with its own seed; python-gitlab lists a group's descendant groups, deletes a project member and a
 * group member (the fixture surface its own API tests need), creates and updates an epic with labels
 * as a list, and saves a variable (`var.save()`, the path's key in the body). Judged by pytest's exit
 * status and summary, and by the client report the server wrote at its close: no findings. Skips,
 * saying why, without Debian's python3-gitlab and python3-pytest.
 *
 *   npx vitest run src/ecosystem/python-gitlab/client-surface.test.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../../shared/temp-folders.ts';
import { processesNaming, pythonClientMissing, runPytest } from './pytest-run.ts';

const temp = tempFoldersForThisFile();

describe('python-gitlab under serve --strict', () => {
  it('meets the fixture surface it needs, and its labels lists and variable saves are no findings', { timeout: 120_000 }, async (ctx) => {
    const missing = pythonClientMissing();
    if (missing) ctx.skip(`not run: ${missing}`);
    const dir = temp('pytest-strict-');
    const report = join(dir, 'client-report');
    const { failed, out } = await runPytest('test_client_surface.py', dir, { CLIENT_REPORT: report });
    expect(failed, out).toBe(false);
    for (const test of [
      'test_descendant_groups_lists_every_depth',
      'test_a_project_member_is_deleted',
      'test_a_group_member_is_deleted',
      'test_an_epic_with_labels_as_a_list',
      'test_a_variable_is_saved',
    ])
      expect(out).toContain(`test_client_surface.py::${test} PASSED`);
    expect(out).toMatch(/^=+ 5 passed in [\d.]+s =+$/m);
    expect(JSON.parse(readFileSync(`${report}.json`, 'utf8'))).toEqual({ findings: [] });
    expect(processesNaming(dir), 'reference servers left running by the fixture').toEqual([]);
  });
});
