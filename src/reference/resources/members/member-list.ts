/**
 * Listing the direct members of a project or group (fixture surface, as the platform's
 * GET /projects/:id/members and GET /groups/:id/members): a token is needed (401); the project or
 * group must be visible to the caller (else its 404), and whoever sees it may list its members.
 * Direct members only (no inherited ones: that is /members/all), ordered by membership id, offset
 * paginated; `query` matches name or username, `user_ids` keeps and `skip_users` drops the given
 * users (both arrays or comma lists).
 *
 *   GET /api/v4/groups/4/members?query=jan -> 200 [{"id":2,"username":"jane","access_level":30,...}]
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ctxOf, envOf } from '../../context.ts';
import type { MemberSource, NamespaceRecord, ProjectRecord } from '../../domain/records.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { memberView } from './member-view.ts';

const LIST = {
  query: p.string(),
  user_ids: p.array(p.integer(), { commaSeparated: true }),
  skip_users: p.array(p.integer(), { commaSeparated: true }),
};

export function listMembers(
  request: FastifyRequest,
  reply: FastifyReply,
  sourceType: MemberSource,
  source: ProjectRecord | NamespaceRecord,
) {
  const q = readParams(input(request), LIST);
  const { store } = ctxOf(request);
  const query = q.query?.toLowerCase();
  const members = store.members.filter((m) => {
    if (m.sourceType !== sourceType || m.sourceId !== source.id) return false;
    if (q.user_ids && q.user_ids.length > 0 && !q.user_ids.includes(m.userId)) return false;
    if (q.skip_users?.includes(m.userId)) return false;
    if (query) {
      const user = store.users.get(m.userId);
      if (!user || !`${user.name}\n${user.username}`.toLowerCase().includes(query)) return false;
    }
    return true;
  });
  members.sort((a, b) => a.id - b.id);
  const env = envOf(request);
  return paginate(request, reply, members).map((m) => memberView(m, env));
}
