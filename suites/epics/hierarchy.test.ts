/**
 * Epics across a group hierarchy (a fresh private parent and its subgroup, one epic each):
 * subgroup epics listed by default and left out with include_descendant_groups=false, ancestor
 * epics only with include_ancestor_groups=true, references relative to the group read through,
 * a URL-encoded group path, and ids versus iids (concurrent creates never share an iid).
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createGroup, requireThat, type Session } from '../../src/kit/index.ts';
import { createEpic, epicsOrSkip, once, type Epic } from './fixtures.ts';

const world = once(async (s: Session) => {
  const parent = await createGroup(s);
  const child = await createGroup(s, { parent_id: parent.id });
  const inParent = await createEpic(s, parent.id);
  const inChild = await createEpic(s, child.id);
  return { parent, child, inParent, inChild };
});

async function ids(s: Session, groupPath: number | string, query: Record<string, unknown> = {}): Promise<number[]> {
  const res = await s.admin.get(`/groups/${groupPath}/epics`, { query: { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200);
  return (res.json as Epic[]).map((e) => e.id);
}

async function item(s: Session, groupId: number, epicId: number): Promise<Epic> {
  const res = await s.admin.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX } });
  check.status(res, 200);
  const epic = (res.json as Epic[]).find((e) => e.id === epicId);
  requireThat(
    epic !== undefined,
    `The list of group ${groupId} MUST hold the epic.`,
    epicId,
    (res.json as Epic[]).map((e) => e.id),
  );
  return epic!;
}

describe.concurrent('epics in a group hierarchy', () => {
  clauseTest('epics.filter.descendant_default', 'by default the parent group lists the epics of its subgroups', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { parent, inChild } = await world(s);
    const got = await ids(s, parent.id);
    requireThat(
      got.includes(inChild.id),
      'Without include_descendant_groups the list MUST include subgroup epics.',
      `includes ${inChild.id}`,
      got,
    );
  });

  clauseTest('epics.filter.descendant_false', 'include_descendant_groups=false leaves out the epics of subgroups', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { parent, inParent, inChild } = await world(s);
    const got = await ids(s, parent.id, { include_descendant_groups: false });
    requireThat(!got.includes(inChild.id), 'include_descendant_groups=false MUST leave out subgroup epics.', `no ${inChild.id}`, got);
    requireThat(
      got.includes(inParent.id),
      "include_descendant_groups=false MUST still list the group's own epics.",
      `includes ${inParent.id}`,
      got,
    );
  });

  clauseTest('epics.filter.ancestor_default', 'by default a subgroup does not list the epics of its ancestors', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { child, inParent, inChild } = await world(s);
    const got = await ids(s, child.id);
    requireThat(
      !got.includes(inParent.id),
      'Without include_ancestor_groups the list MUST NOT include ancestor epics.',
      `no ${inParent.id}`,
      got,
    );
    requireThat(got.includes(inChild.id), "The list MUST include the group's own epics.", `includes ${inChild.id}`, got);
  });

  clauseTest('epics.filter.ancestor_true', 'include_ancestor_groups=true also lists the epics of ancestor groups', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { child, inParent, inChild } = await world(s);
    const got = await ids(s, child.id, { include_ancestor_groups: true });
    requireThat(got.includes(inParent.id), 'include_ancestor_groups=true MUST include ancestor epics.', `includes ${inParent.id}`, got);
    requireThat(got.includes(inChild.id), "The list MUST include the group's own epics.", `includes ${inChild.id}`, got);
  });

  clauseTest(
    'epics.field.references_origin',
    'read through its own group, references.relative equals references.short',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { child, inChild } = await world(s);
      const one = await s.admin.get(`/groups/${child.id}/epics/${inChild.iid}`);
      check.status(one, 200);
      for (const [what, epic] of [
        ['The single epic', one.json as Epic],
        ['A list item of its own group', await item(s, child.id, inChild.id)],
      ] as const) {
        const r = epic.references;
        requireThat(r?.relative === r?.short, `${what}: references.relative MUST equal references.short.`, r?.short, r?.relative);
      }
    },
  );

  clauseTest(
    'epics.field.references_cross',
    'read through the parent group, references.relative equals references.full',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { parent, inChild } = await world(s);
      const r = (await item(s, parent.id, inChild.id)).references;
      requireThat(
        r?.relative === r?.full,
        "A subgroup epic read through the parent group's list MUST have references.relative equal to references.full.",
        r?.full,
        r?.relative,
      );
    },
  );

  clauseTest('conv.path.encoded_group', 'GET /groups/parent%2Fchild/epics resolves to the subgroup', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { child, inParent, inChild } = await world(s);
    const encoded = encodeURIComponent(child.full_path as string);
    requireThat(encoded.includes('%2F'), 'The kit needs a nested group path.', 'parent%2Fchild', encoded);
    const got = await ids(s, encoded);
    requireThat(
      got.includes(inChild.id),
      'The encoded path MUST resolve to the subgroup (its epic is listed).',
      `includes ${inChild.id}`,
      got,
    );
    requireThat(!got.includes(inParent.id), 'The encoded path MUST resolve to the subgroup, not its parent.', `no ${inParent.id}`, got);
  });

  clauseTest(
    'epics.field.id_iid',
    'ids are unique across groups; iids are unique within a group, even for concurrent creates',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { parent, child, inParent, inChild } = await world(s);
      const concurrent = await Promise.all(Array.from({ length: 6 }, () => createEpic(s, child.id)));
      const more = await Promise.all(Array.from({ length: 3 }, () => createEpic(s, parent.id)));
      const childIids = [inChild, ...concurrent].map((e) => e.iid);
      const parentIids = [inParent, ...more].map((e) => e.iid);
      const allIds = [inParent, inChild, ...concurrent, ...more].map((e) => e.id);
      requireThat(
        new Set(childIids).size === childIids.length,
        'Epics created at the same time in one group MUST NOT share an iid.',
        'distinct iids',
        childIids,
      );
      requireThat(new Set(parentIids).size === parentIids.length, 'The iids of one group MUST be distinct.', 'distinct iids', parentIids);
      requireThat(new Set(allIds).size === allIds.length, 'Epic ids MUST be unique across groups.', 'distinct ids', allIds);
    },
  );
});
