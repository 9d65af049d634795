/**
 * Variable fixtures: a fresh private project (in a private group, so its full path is namespaced)
 * and variables created in it by the administrator.
 *
 *   const project = await variablesProject(s);            // { id, path_with_namespace: 'grp/proj', ... }
 *   const { res, key } = await createVariable(s, project.id, { value: 'x' });
 */
import { createGroup, createProject, requireThat, type ApiResponse, type Session } from '../../src/kit/index.ts';

/** A private project inside a private group of the run. */
export async function variablesProject(s: Session): Promise<Record<string, any>> {
  const group = await createGroup(s);
  return createProject(s, { namespace_id: group.id });
}

/** A key of valid characters, unique in the run: KIT_<n>_<label>. */
export function variableKey(s: Session, label = 'VAR'): string {
  return s
    .name(label)
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
}

export async function createVariable(
  s: Session,
  projectId: number,
  attrs: Record<string, unknown> = {},
): Promise<{ res: ApiResponse; key: string }> {
  const key = (attrs.key as string | undefined) ?? variableKey(s);
  const res = await s.admin.post(`/projects/${projectId}/variables`, { json: { value: 'kit-value', ...attrs, key } });
  return { res, key };
}

/** A variable that must exist for the test to go on. */
export async function existingVariable(s: Session, projectId: number, attrs: Record<string, unknown> = {}): Promise<string> {
  const { res, key } = await createVariable(s, projectId, attrs);
  requireThat(res.status === 201, 'Creating a variable (set-up) MUST succeed with 201.', 201, `${res.status} ${res.text.slice(0, 200)}`);
  return key;
}
