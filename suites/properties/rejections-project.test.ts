/**
 * Rejections of project, group and instance resources: every invalid input of POST and PUT of
 * project variables (keys just beyond 255 characters or with a character outside A-Z a-z 0-9 _,
 * value left out, unknown type), clusters (required attributes left out, unknown authorization
 * type), broadcast messages (bad colors, impossible datetimes) and epics (title left out, a
 * description beyond 1,048,576 characters, wrong types) answers 400 with the spec's error body and
 * creates or changes nothing (the fresh project's variables and clusters, the fresh group's epics,
 * the messages under this run's hidden target path, the item an update aimed at). Clusters and
 * epics join only when the target offers them.
 *
 *   npx conformance certify suites/properties/rejections-project.test.ts
 *
 * Its tests run in order (a plain describe, not describe.concurrent): the tests share one fixture
 * set and check it unchanged around each case: on a faulty server a sibling's accepted case would
 * fail the wrong clause.
 */
import { describe } from 'vitest';
import { capabilityVerdict } from '../../src/kit/capabilities.ts';
import {
  PER_PAGE_MAX,
  check,
  clauseTest,
  createGroup,
  createProject,
  fillPlaceholders,
  forAll,
  type InvalidInput,
  type Session,
} from '../../src/kit/index.ts';
import { once } from './fixtures.ts';
import {
  invalidOf,
  listed,
  rejectInvalid,
  rejectMissing,
  rejectWithFieldErrors,
  uniqueFill,
  type RejectionTarget,
  frameworkRefusal,
} from './rejections.ts';

const offered = (s: Session, area: string) =>
  capabilityVerdict(`${area}.create.status`, s.target.capabilities, s.target.skip).action === 'run';

const world = once(async (s: Session) => {
  const { admin } = s;
  const group = await createGroup(s);
  const project = await createProject(s, { namespace_id: group.id });
  const variables = `/projects/${project.id}/variables`;
  const variableKey = s
    .name('KEEP')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  check.status(
    await admin.post(variables, { json: { key: variableKey, value: 'kept as it is' } }),
    201,
    'Creating a variable (set-up) MUST succeed with 201.',
  );
  const hidden = s.hiddenTargetPath();
  const message = await admin.post('/broadcast_messages', {
    json: { message: 'kept as it is', target_path: hidden, starts_at: '2099-01-01T00:00:00.000Z', ends_at: '2099-01-02T00:00:00.000Z' },
  });
  s.track(message, 'broadcast_message');
  check.status(message, 201, 'Creating a broadcast message (set-up) MUST succeed with 201.');
  const fillPath = (c: InvalidInput) => fillPlaceholders(c.payload, { unique: `${hidden}/${s.name('rj')}` });
  const targets: RejectionTarget[] = [
    {
      endpoint: 'variables.create',
      fill: (c) => c.payload,
      send: (body) => admin.post(variables, { json: body }),
      state: () => listed(s, variables),
      undo: (res) => admin.delete(`${variables}/${encodeURIComponent(String(res.json?.key))}`),
    },
    {
      endpoint: 'variables.update',
      fill: (c) => c.payload,
      send: (body) => admin.put(`${variables}/${variableKey}`, { json: body }),
      state: async () => (await admin.get(`${variables}/${variableKey}`)).json,
    },
    {
      endpoint: 'broadcast.create',
      fill: fillPath,
      send: async (body) => {
        const res = await admin.post('/broadcast_messages', { json: body });
        s.track(res, 'broadcast_message');
        return res;
      },
      state: async (body) => {
        const res = await admin.get('/broadcast_messages', { query: { per_page: PER_PAGE_MAX } });
        return (res.json as Record<string, unknown>[]).filter((m) => m.target_path === body.target_path).map((m) => m.id);
      },
      undo: (res) => admin.delete(`/broadcast_messages/${res.json?.id}`),
    },
    {
      endpoint: 'broadcast.update',
      fill: fillPath,
      send: (body) => admin.put(`/broadcast_messages/${message.json.id}`, { json: body }),
      state: async () => (await admin.get(`/broadcast_messages/${message.json.id}`)).json,
    },
  ];
  if (offered(s, 'clusters')) {
    const clusters = `/projects/${project.id}/clusters`;
    targets.push({
      endpoint: 'clusters.create',
      fill: (c) => {
        const unique = s.name('rj');
        s.secrets.add(`kit-cluster-token-${unique}`);
        return fillPlaceholders(c.payload, { unique });
      },
      send: (body) => admin.post(`${clusters}/user`, { json: { managed: false, ...body } }),
      state: () => listed(s, clusters),
      undo: (res) => admin.delete(`${clusters}/${res.json?.id}`),
    });
  }
  if (offered(s, 'epics')) {
    const epics = `/groups/${group.id}/epics`;
    const epic = await admin.post(epics, { json: { title: 'kept as it is', description: 'kept as it is' } });
    check.status(epic, 201, 'Creating an epic (set-up) MUST succeed with 201.');
    targets.push(
      {
        endpoint: 'epics.create',
        fill: uniqueFill(s, 'rj'),
        send: (body) => admin.post(epics, { json: body }),
        state: () => listed(s, epics),
        undo: (res) => admin.delete(`${epics}/${res.json?.iid}`),
      },
      {
        endpoint: 'epics.update',
        fill: (c) => c.payload,
        send: (body) => admin.put(`${epics}/${epic.json.iid}`, { json: body }),
        state: async () => (await admin.get(`${epics}/${epic.json.iid}`)).json,
      },
    );
  }
  return { targets };
});

describe('rejections: variables, clusters, broadcast messages, epics', () => {
  clauseTest(
    'errors.validation.status',
    'every input that breaks a validation rule answers 400 and creates or changes nothing',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'invalid', 'either'), (c) => rejectInvalid(targets, c), {
        examples: [frameworkRefusal(targets)],
      });
    },
    { timeout: 60_000 },
  );

  clauseTest(
    'errors.validation.message_object',
    'a model validation failure (variable key, color, description length) answers 400 with message as a property-to-errors object',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'invalid'), (c) => rejectWithFieldErrors(targets, c), { scale: 0.6 });
    },
    { timeout: 60_000 },
  );

  clauseTest(
    'errors.missing_attr.message_string',
    'every request without a required attribute answers 400 with a message naming it, and creates nothing',
    async (ctx) => {
      const { targets } = await world(ctx.s);
      await forAll(ctx, invalidOf(targets, 'missing'), (c) => rejectMissing(targets, c));
    },
  );
});
