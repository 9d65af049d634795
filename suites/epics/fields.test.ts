/**
 * Epic fields: labels (comma list in, names out, objects with with_labels_details), the composite
 * and deprecated dates, reference and references, and the fixed/inherited date fields that only
 * a caller who may edit the epic sees (a maintainer member sees them, a guest member does not).
 */
import { describe } from 'vitest';
import { PER_PAGE_MAX, check, clauseTest, createGroup, isApiDate, requireThat, type Session } from '../../src/kit/index.ts';
import { ACCESS_LEVEL, checkFields, createEpic, epicsOrSkip, FIXED_FIELDS, member, once, type Epic, type FieldKind } from './fixtures.ts';
import dateTable from './date-fields.json' with { type: 'json' };

const dateCases = dateTable.cases as { clause: string; title: string; fields: string[] }[];

const D1 = '2031-02-03';
const D2 = '2031-11-28';

const world = once(async (s: Session) => {
  const group = await createGroup(s);
  const labels = [s.name('lbl-a').toLowerCase(), s.name('lbl-b').toLowerCase()];
  const labelled = await createEpic(s, group.id, { labels: labels.join(',') });
  const fixed = await createEpic(s, group.id, {
    start_date_is_fixed: true,
    start_date_fixed: D1,
    due_date_is_fixed: true,
    due_date_fixed: D2,
  });
  const plain = await createEpic(s, group.id);
  return { group, labels, labelled, fixed, plain };
});

/** The epic of that iid in the group's list, read with the given query. */
async function listed(s: Session, groupId: number, iid: number, query: Record<string, unknown> = {}, client = s.admin): Promise<Epic> {
  const res = await client.get(`/groups/${groupId}/epics`, { query: { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200);
  const epic = (res.json as Epic[]).find((e) => e.iid === iid);
  requireThat(
    epic !== undefined,
    'The list MUST hold the epic.',
    `iid ${iid}`,
    (res.json as Epic[]).map((e) => e.iid),
  );
  return epic!;
}

async function single(s: Session, groupId: number, iid: number, client = s.admin): Promise<Epic> {
  const res = await client.get(`/groups/${groupId}/epics/${iid}`);
  check.status(res, 200);
  return res.json as Epic;
}

describe.concurrent('epic labels', () => {
  clauseTest('epics.create.labels', 'labels=a,b on create gives the epic labels a and b', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { labels, labelled } = await world(s);
    const got = [...(labelled.labels as string[])].sort();
    requireThat(
      JSON.stringify(got) === JSON.stringify([...labels].sort()),
      'The epic MUST carry exactly the labels of the comma list.',
      [...labels].sort(),
      labelled.labels,
    );
  });

  clauseTest('epics.field.labels_default', 'without with_labels_details labels is an array of names', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, labels, labelled } = await world(s);
    for (const [what, epic] of [
      ['A list item', await listed(s, group.id, labelled.iid)],
      ['The single epic', await single(s, group.id, labelled.iid)],
    ] as const) {
      requireThat(
        Array.isArray(epic.labels) && epic.labels.every((l) => typeof l === 'string'),
        `${what}'s labels MUST be label names (strings).`,
        labels,
        epic.labels,
      );
      requireThat(
        labels.every((l) => epic.labels.includes(l)),
        `${what}'s labels MUST name the epic's labels.`,
        labels,
        epic.labels,
      );
    }
  });

  clauseTest(
    'epics.field.labels_details',
    'with with_labels_details=true each label is an object with name, color, description, description_html, text_color',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group, labels, labelled } = await world(s);
      const epic = await listed(s, group.id, labelled.iid, { with_labels_details: true });
      requireThat(
        Array.isArray(epic.labels) && epic.labels.length === labels.length,
        'with_labels_details=true MUST keep one entry per label.',
        labels.length,
        epic.labels,
      );
      for (const label of epic.labels as Record<string, unknown>[]) {
        requireThat(typeof label === 'object' && label !== null, 'Each label MUST be an object.', 'an object', label);
        for (const field of ['name', 'color', 'description', 'description_html', 'text_color']) {
          requireThat(field in label, `Each label object MUST have ${field}.`, field, Object.keys(label));
        }
      }
      const names = (epic.labels as { name: string }[]).map((l) => l.name).sort();
      requireThat(
        JSON.stringify(names) === JSON.stringify([...labels].sort()),
        "The label objects MUST name the epic's labels.",
        [...labels].sort(),
        names,
      );
    },
  );
});

describe.concurrent('epic dates', () => {
  clauseTest('epics.create.fixed_dates', 'fixed start and due dates give start_date D1 and due_date D2', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, fixed } = await world(s);
    for (const [what, epic] of [
      ['The POST response', fixed],
      ['A later GET', await single(s, group.id, fixed.iid)],
    ] as const) {
      requireThat(epic.start_date === D1, `${what}: start_date MUST be the fixed start date.`, D1, epic.start_date);
      requireThat(epic.due_date === D2, `${what}: due_date MUST be the fixed due date.`, D2, epic.due_date);
    }
  });

  clauseTest('conv.types.date', 'epic due_date is a YYYY-MM-DD string', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, fixed } = await world(s);
    for (const epic of [fixed, await single(s, group.id, fixed.iid), await listed(s, group.id, fixed.iid)]) {
      requireThat(
        typeof epic.due_date === 'string' && isApiDate(epic.due_date),
        'A date MUST be a string formatted YYYY-MM-DD.',
        D2,
        epic.due_date,
      );
    }
  });

  for (const c of dateCases) {
    clauseTest(c.clause, c.title, async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group, fixed, plain } = await world(s);
      const fields = Object.fromEntries(c.fields.map((f) => [f, 'date?' as FieldKind]));
      for (const epic of [fixed, plain]) {
        checkFields(await single(s, group.id, epic.iid), fields, 'The single epic');
        checkFields(await listed(s, group.id, epic.iid), fields, 'A list item');
      }
    });
  }
});

describe.concurrent('epic references and edit-only fields', () => {
  clauseTest('epics.field.reference', 'the deprecated reference (string) is still present', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, plain } = await world(s);
    checkFields(plain, { reference: 'string' }, 'The POST response');
    checkFields(await single(s, group.id, plain.iid), { reference: 'string' }, 'The single epic');
    checkFields(await listed(s, group.id, plain.iid), { reference: 'string' }, 'A list item');
  });

  clauseTest('epics.field.references', 'references is an object with short, relative and full strings', async ({ s, skip }) => {
    await epicsOrSkip(s, skip);
    const { group, plain } = await world(s);
    for (const [what, epic] of [
      ['The POST response', plain],
      ['The single epic', await single(s, group.id, plain.iid)],
      ['A list item', await listed(s, group.id, plain.iid)],
    ] as const) {
      requireThat(
        typeof epic.references === 'object' && epic.references !== null,
        `${what} MUST carry references (an object).`,
        'an object',
        epic.references ?? '(absent)',
      );
      checkFields(epic.references, { short: 'string', relative: 'string', full: 'string' }, `${what}'s references`, 'references.');
    }
  });

  clauseTest(
    'epics.field.fixed_visible',
    'a maintainer member sees the *_is_fixed, *_fixed and *_from_inherited_source fields',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group, fixed } = await world(s);
      const maintainer = await member(s, group.id, ACCESS_LEVEL.maintainer);
      const kinds: Record<string, FieldKind> = {
        start_date_is_fixed: 'boolean',
        due_date_is_fixed: 'boolean',
        start_date_fixed: 'date?',
        due_date_fixed: 'date?',
        start_date_from_inherited_source: 'date?',
        due_date_from_inherited_source: 'date?',
      };
      checkFields(await single(s, group.id, fixed.iid, maintainer.client), kinds, 'The single epic seen by an editor');
      checkFields(await listed(s, group.id, fixed.iid, {}, maintainer.client), kinds, 'A list item seen by an editor');
    },
  );

  clauseTest(
    'epics.field.fixed_hidden',
    'a guest member, who cannot edit, sees none of the fixed/inherited fields',
    async ({ s, skip }) => {
      await epicsOrSkip(s, skip);
      const { group, fixed } = await world(s);
      const guest = await member(s, group.id, ACCESS_LEVEL.guest);
      for (const [what, epic] of [
        ['The single epic', await single(s, group.id, fixed.iid, guest.client)],
        ['A list item', await listed(s, group.id, fixed.iid, {}, guest.client)],
      ] as const) {
        const shown = FIXED_FIELDS.filter((f) => f in epic);
        requireThat(
          shown.length === 0,
          `${what} seen by a caller who cannot edit MUST NOT carry the fixed/inherited fields.`,
          'none of them',
          shown,
        );
      }
    },
  );
});
