/**
 * Scheduled (adjourned) deletion of projects and groups, as newer platform releases do it, for
 * the capability namespaces.scheduled-deletion. The first DELETE only marks: the record keeps
 * answering, renamed `<path>-deletion_scheduled-<id>` (name too, a project archived), with the
 * date it was marked, and a background job removes it after the adjourned period (7 days of the
 * server's clock). DELETE again with permanently_remove=true and full_path=<its full path now>
 * removes a marked one at once; without them it answers 400, as the platform.
 *
 *   requestDeletion(ctx, { kind: 'project', record: project }, { permanentlyRemove: false });  // marked
 *   requestDeletion(ctx, { kind: 'project', record: project }, { permanentlyRemove: true, fullPath: 'grp/app-deletion_scheduled-4' });
 */
import type { FastifyRequest } from 'fastify';
import type { RefContext } from '../context.ts';
import { fail } from '../errors.ts';
import { input, p, readParams } from '../params.ts';
import { deleteGroup, deleteProject } from './cascades.ts';
import { fullPath, projectFullPath } from './namespaces.ts';
import type { NamespaceRecord, ProjectRecord } from './records.ts';

/** The platform's default deletion_adjourned_period. */
const ADJOURNED_DAYS = 7;
const DAY_MS = 86_400_000;

export type Deletable = { kind: 'project'; record: ProjectRecord } | { kind: 'group'; record: NamespaceRecord };

export interface DeletionParams {
  permanentlyRemove: boolean;
  fullPath?: string;
}

const PARAMS = { permanently_remove: p.boolean(), full_path: p.string() };

/** permanently_remove and full_path of a DELETE (query or body). */
export function deletionParams(request: FastifyRequest): DeletionParams {
  const q = readParams(input(request), PARAMS);
  return { permanentlyRemove: q.permanently_remove === true, fullPath: q.full_path };
}

const LABEL = { project: 'Project', group: 'Group' } as const;

function currentFullPath(ctx: RefContext, target: Deletable): string {
  return target.kind === 'project' ? projectFullPath(ctx.store, target.record) : fullPath(ctx.store, target.record);
}

/** Removes the record now, with everything a deletion takes along. */
function removeNow(ctx: RefContext, target: Deletable): void {
  ctx.jobs.cancel(`${target.kind}:${target.record.id}`);
  if (target.kind === 'project') deleteProject(ctx.store, target.record.id);
  else deleteGroup(ctx.store, target.record);
}

function mark(ctx: RefContext, target: Deletable): void {
  const now = ctx.clock();
  const { id, name, path } = target.record;
  const renamed = { name: `${name}-deletion_scheduled-${id}`, path: `${path}-deletion_scheduled-${id}`, markedForDeletionAt: now };
  if (target.kind === 'project') ctx.store.projects.update(id, renamed);
  else ctx.store.namespaces.update(id, renamed);
  ctx.jobs.schedule(`${target.kind}:${id}`, new Date(now.getTime() + ADJOURNED_DAYS * DAY_MS), () => {
    const project = target.kind === 'project' ? ctx.store.projects.get(id) : undefined;
    const group = target.kind === 'group' ? ctx.store.namespaces.get(id) : undefined;
    if (project) deleteProject(ctx.store, id);
    if (group) deleteGroup(ctx.store, group);
  });
}

/** Marks the project or group for deletion, or removes a marked one when asked to with its full path. */
export function requestDeletion(ctx: RefContext, target: Deletable, params: DeletionParams): void {
  const label = LABEL[target.kind];
  const marked = target.record.markedForDeletionAt !== undefined;
  if (params.permanentlyRemove) {
    if (!marked) fail('deletion_refused', `${label} must be marked for deletion first.`);
    if (params.fullPath !== currentFullPath(ctx, target)) {
      // Only a subgroup gets this far for a group (groups.ts refuses a top-level one): the platform's text says so.
      fail(
        'deletion_refused',
        `\`full_path\` is incorrect. You must enter the complete path for the ${target.kind === 'group' ? 'subgroup' : 'project'}.`,
      );
    }
    removeNow(ctx, target);
    return;
  }
  if (marked) fail('deletion_refused', `${label} has been already marked for deletion`);
  mark(ctx, target);
}
