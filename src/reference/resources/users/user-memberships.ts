/**
 * GET /users/:id/memberships (administrators only): the user's direct memberships of projects
 * (source_type Project) and groups (Namespace), never the ones inherited through a group;
 * `type` narrows to one kind (any other value: 400, checked before the user lookup).
 *
 *   GET /api/v4/users/7/memberships?type=Namespace
 *   -> 200 [{"source_id":4,"source_name":"Platform","source_type":"Namespace","access_level":30}]
 */
import type { FastifyRequest } from 'fastify';
import { ctxOf } from '../../context.ts';
import type { MemberSource, UserRecord } from '../../domain/records.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import type { Store } from '../../store.ts';
import type { Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';

export interface Membership {
  sourceId: number;
  sourceName: string;
  sourceType: MemberSource;
  accessLevel: number;
}

export function membershipView(m: Membership) {
  return { source_id: m.sourceId, source_name: m.sourceName, source_type: m.sourceType, access_level: m.accessLevel };
}

/** Direct memberships, member id ascending; sources deleted since are left out. */
export function directMemberships(store: Store, user: UserRecord): Membership[] {
  const out: Membership[] = [];
  for (const m of store.members.filter((m) => m.userId === user.id)) {
    const source = m.sourceType === 'Project' ? store.projects.get(m.sourceId) : store.namespaces.get(m.sourceId);
    if (source) out.push({ sourceId: source.id, sourceName: source.name, sourceType: m.sourceType, accessLevel: m.accessLevel });
  }
  return out;
}

/** The fault users.memberships-inherited: projects of the user's groups listed as memberships. */
function inheritedProjects(store: Store, direct: Membership[]): Membership[] {
  const listed = new Set(direct.filter((m) => m.sourceType === 'Project').map((m) => m.sourceId));
  return direct
    .filter((m) => m.sourceType === 'Namespace')
    .flatMap((g) =>
      store.projects
        .filter((pr) => pr.namespaceId === g.sourceId && !listed.has(pr.id))
        .map((pr) => ({ sourceId: pr.id, sourceName: pr.name, sourceType: 'Project' as const, accessLevel: g.accessLevel })),
    );
}

function readType(request: FastifyRequest): MemberSource | undefined {
  const ctx = ctxOf(request);
  if (ctx.has('users.memberships-type-ignored')) return undefined;
  if (ctx.has('users.memberships-bad-type-ignored')) {
    const raw = readParams(input(request), { type: p.string() }).type;
    return raw === 'Project' || raw === 'Namespace' ? raw : undefined;
  }
  return readParams(input(request), { type: p.oneOf(['Project', 'Namespace'] as const) }).type;
}

export function registerUserMemberships(r: Router): void {
  const { store } = r.ctx;
  r.op('listUserMemberships', (request, reply) => {
    const type = readType(request);
    const user = findUser(request);
    let list = directMemberships(store, user);
    if (r.ctx.has('users.memberships-inherited')) list = [...list, ...inheritedProjects(store, list)];
    if (type !== undefined) list = list.filter((m) => m.sourceType === type);
    return paginate(request, reply, list).map(membershipView);
  });
}
