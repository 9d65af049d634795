/**
 * The declared variations of projects (projects.ts; the scheduled deletion also of groups.ts): each fault once, with the clause it breaks
 * and the suites that catch it. Behaviour a declaration carries is applied at the shared
 * variation points; the rest is asked for with ctx.has(id) where it lives.
 *
 *   REFERENCE_FAULTS=projects.get-requires-auth npm run serve
 */
import type { Variation } from '../../variation/declaration.ts';

export const PROJECTS_VARIATIONS = [
  {
    id: 'projects.get-requires-auth',
    kind: 'fault',
    description: 'GET /projects/:id needs a token even for a public project',
    clause: 'auth.public.project_get',
    suites: ['suites/auth/public-project.test.ts'],
    routeAuth: { 'GET /projects/:id': 'authenticated' },
  },
  {
    id: 'projects.scheduled-deletion',
    kind: 'capability',
    description:
      'DELETE /projects/:id and /groups/:id answer 202 and only mark for deletion (renamed, marked_for_deletion_on shown, removed 7 days later); DELETE with permanently_remove=true and full_path removes a marked project or subgroup at once, and is refused for a top-level group (400 "`permanently_remove` option is only available for subgroups."), as newer platform releases',
    option: 'scheduledDeletion',
    env: 'REFERENCE_SCHEDULED_DELETION',
    platform: {
      source:
        'lib/api/projects.rb (DELETE: mark for deletion unless permanently_remove with full_path), ee/lib/api/groups.rb (delete_group: the same for subgroups only; immediately_delete_subgroup_error answers 400 for a top-level group), app/services/projects/mark_for_deletion_service.rb',
      fidelity:
        '`DELETE /projects/:id` and `/groups/:id` answer 202 and only mark for deletion; `permanently_remove=true` with the full path removes a marked project or subgroup at once, and is refused for a top-level group: 400 ``{"message":"`permanently_remove` option is only available for subgroups."}``, the mark kept (a capability: the kit\'s cleanup removes subgroups and projects for good; its one top-level group, the run group, awaits the platform\'s deletion).',
      known: [],
      expires: '2027-06-30',
    },
  },
] as const satisfies readonly Variation[];
