/**
 * Making a project, written once for the API route (POST /projects) and the seed data: the record,
 * and the members the platform gives it: the namespace owner owns a personal project; a group
 * project's creator becomes maintainer unless the group already gives them that much.
 *
 *   insertProject(store, now, { name: 'api', path: 'api', namespace, description: '', visibility: 'private', topics: [] }, creator);
 */
import { accessLevel, ACCESS } from './access.ts';
import type { NamespaceRecord, ProjectRecord, UserRecord } from './records.ts';
import type { Store } from '../store.ts';

export interface NewProject {
  name: string;
  path: string;
  namespace: NamespaceRecord;
  description: string;
  visibility: ProjectRecord['visibility'];
  topics: string[];
}

export function insertProject(store: Store, now: Date, p: NewProject, creator: UserRecord): ProjectRecord {
  const project = store.projects.insert({
    name: p.name,
    path: p.path,
    namespaceId: p.namespace.id,
    description: p.description,
    visibility: p.visibility,
    creatorId: creator.id,
    topics: p.topics,
    createdAt: now,
    updatedAt: now,
    lastActivityAt: now,
  });
  const add = (userId: number, level: number) =>
    store.members.insert({
      userId,
      sourceType: 'Project',
      sourceId: project.id,
      accessLevel: level,
      expiresAt: null,
      createdById: creator.id,
      createdAt: now,
    });
  if (p.namespace.kind === 'user') add(p.namespace.ownerId ?? creator.id, ACCESS.owner);
  else if (accessLevel(store, creator.id, project) < ACCESS.maintainer) add(creator.id, ACCESS.maintainer);
  return project;
}
