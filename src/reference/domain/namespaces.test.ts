/**
 * Namespace lookups by path go through the store's place index (parent, path in any case): they
 * must find what a scan of every namespace's full path finds, through renames, moves and deletes.
 *
 *   npx vitest run src/reference/domain/namespaces.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createStore } from '../store.ts';
import { findNamespaceByPath, fullPath, pathTaken, topLevelGroupAt } from './namespaces.ts';
import type { NamespaceRecord } from './records.ts';

function namespace(kind: 'user' | 'group', path: string, parentId: number | null): Omit<NamespaceRecord, 'id'> {
  const now = new Date(0);
  return { kind, name: path, path, parentId, ownerId: null, visibility: 'public', description: '', createdAt: now, updatedAt: now } as Omit<
    NamespaceRecord,
    'id'
  >;
}

describe('namespace lookups by path', () => {
  it('find what a scan of full paths finds, in any case, through renames, moves and deletes', () => {
    const store = createStore();
    const ns = store.namespaces;
    const top = ns.insert(namespace('group', 'Parent', null));
    const child = ns.insert(namespace('group', 'child', top.id));
    const grandchild = ns.insert(namespace('group', 'leaf', child.id));
    const user = ns.insert(namespace('user', 'jdoe', null));
    ns.insert(namespace('group', 'child', null)); // the same path at another place
    const scan = (path: string) => ns.all().find((n) => fullPath(store, n).toLowerCase() === path.toLowerCase());
    const paths = () => [
      'parent',
      'PARENT/child',
      'parent/child/leaf',
      'child',
      'jdoe',
      'parent/leaf',
      'parent/child/',
      '',
      'renamed/child',
      'child/leaf',
    ];

    for (const path of paths()) expect(findNamespaceByPath(store, path), path).toBe(scan(path));
    expect(findNamespaceByPath(store, 'parent/child/leaf')).toBe(grandchild);

    ns.update(top.id, { path: 'Renamed' });
    ns.update(grandchild.id, { parentId: top.id + 4 }); // moved under the top-level "child"
    ns.delete(user.id);
    for (const path of paths()) expect(findNamespaceByPath(store, path), path).toBe(scan(path));
    expect(findNamespaceByPath(store, 'renamed/child')?.id).toBe(child.id);
    expect(findNamespaceByPath(store, 'child/leaf')?.id).toBe(grandchild.id);
    expect(findNamespaceByPath(store, 'jdoe')).toBeUndefined();
  });

  it('tell taken places and top-level groups apart from user namespaces', () => {
    const store = createStore();
    const group = store.namespaces.insert(namespace('group', 'Team', null));
    store.namespaces.insert(namespace('user', 'alice', null));
    expect(pathTaken(store, null, 'team')).toBe(true);
    expect(pathTaken(store, null, 'ALICE')).toBe(true);
    expect(pathTaken(store, group.id, 'alice')).toBe(false);
    expect(topLevelGroupAt(store, 'TEAM')).toBe(group);
    expect(topLevelGroupAt(store, 'alice')).toBeUndefined();
  });
});
