/**
 * Every fault of the catalogue: the healthy behaviour with it off, the broken one with it on.
 *
 *   npx vitest run src/reference/faults.test.ts
 */
import { describe, expect, it } from 'vitest';
import { createFaults, FAULTS } from './faults.ts';
import { testServer, type TestServer } from './testing.ts';
import { USER_FAULT_CASES } from './resources/users/users.fault-cases.ts';
import { CREDENTIAL_FAULT_CASES } from './resources/credentials.fault-cases.ts';
import { USER_STATE_FAULT_CASES } from './resources/users/user-states.fault-cases.ts';
import { PROJECT_RESOURCE_FAULT_CASES } from './resources/project-resources.fault-cases.ts';
import { EPIC_FAULT_CASES } from './resources/epics/epics.fault-cases.ts';
import { CONVENTION_FAULT_CASES } from './pagination.fault-cases.ts';
import { TEXT_DATE_FAULT_CASES } from './resources/text-dates.fault-cases.ts';
import { PARSE_FAULT_CASES } from './parse.fault-cases.ts';

type Check = (t: TestServer) => Promise<void>;

async function seed(t: TestServer, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: `m${i}` } });
  }
}

/** The status of a regular user's DELETE of a broadcast message the admin made. */
async function deleteAsUser(t: TestServer, user: { token: string }): Promise<number> {
  const id = (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id;
  return (await t.req('DELETE', `/broadcast_messages/${id}`, { token: user.token })).statusCode;
}

/** For each fault: what the healthy server does, checked with the fault off and then on. */
const CASES: Record<string, { healthy: Check; faulty: Check }> = {
  ...USER_FAULT_CASES,
  ...CREDENTIAL_FAULT_CASES,
  ...USER_STATE_FAULT_CASES,
  ...PROJECT_RESOURCE_FAULT_CASES,
  ...EPIC_FAULT_CASES,
  ...CONVENTION_FAULT_CASES,
  ...TEXT_DATE_FAULT_CASES,
  ...PARSE_FAULT_CASES,
  'status.create-200': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).statusCode).toBe(201),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).statusCode).toBe(200),
  },
  'status.delete-200': {
    healthy: async (t) => {
      await seed(t, 1);
      const res = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin });
      expect([res.statusCode, res.body]).toEqual([204, '']);
    },
    faulty: async (t) => {
      await seed(t, 1);
      const res = await t.req('DELETE', '/broadcast_messages/1', { token: t.admin });
      expect(res.statusCode).toBe(200);
      expect(res.data.id).toBe(1);
    },
  },
  'broadcast.read-requires-auth': {
    healthy: async (t) => expect((await t.req('GET', '/broadcast_messages')).statusCode).toBe(200),
    faulty: async (t) => expect((await t.req('GET', '/broadcast_messages')).statusCode).toBe(401),
  },
  'broadcast.write-allows-user': {
    healthy: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(403);
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(201);
    },
  },
  'broadcast.delete-allows-user': {
    healthy: async (t) => expect(await deleteAsUser(t, await t.user('jane'))).toBe(403),
    faulty: async (t) => {
      const jane = await t.user('jane');
      expect(await deleteAsUser(t, jane)).toBe(204);
      expect((await t.req('POST', '/broadcast_messages', { token: jane.token, body: { message: 'x' } })).statusCode).toBe(403);
    },
  },
  'broadcast.default-type-notification': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.broadcast_type).toBe('banner'),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.broadcast_type).toBe(
        'notification',
      ),
  },
  'broadcast.ends-at-default-two-hours': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.ends_at).toBe(
        '2024-05-01T13:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.ends_at).toBe(
        '2024-05-01T14:00:00.000Z',
      ),
  },
  'broadcast.update-resets-omitted': {
    healthy: async (t) => {
      await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#000000' } });
      expect((await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'y' } })).data.color).toBe('#000000');
    },
    faulty: async (t) => {
      await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#000000' } });
      const res = await t.req('PUT', '/broadcast_messages/1', { token: t.admin, body: { message: 'y' } });
      expect(res.data).toMatchObject({ message: 'y', color: '#E75E40' });
    },
  },
  'broadcast.ignores-color': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#123456' } })).data.color).toBe(
        '#123456',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x', color: '#123456' } })).data.color).toBe(
        '#E75E40',
      ),
  },
  'pagination.no-link-last': {
    healthy: async (t) => expect(String((await t.req('GET', '/broadcast_messages')).headers.link)).toContain('rel="last"'),
    faulty: async (t) => expect(String((await t.req('GET', '/broadcast_messages')).headers.link)).not.toContain('rel="last"'),
  },
  'pagination.x-total-off-by-one': {
    healthy: async (t) => {
      await seed(t, 2);
      expect((await t.req('GET', '/broadcast_messages')).headers['x-total']).toBe('2');
    },
    faulty: async (t) => {
      await seed(t, 2);
      expect((await t.req('GET', '/broadcast_messages')).headers['x-total']).toBe('3');
    },
  },
  'pagination.link-drops-filters': {
    healthy: async (t) => expect(String((await t.req('GET', '/broadcast_messages', { query: 'x=1' })).headers.link)).toContain('x=1'),
    faulty: async (t) => expect(String((await t.req('GET', '/broadcast_messages', { query: 'x=1' })).headers.link)).not.toContain('x=1'),
  },
  'errors.unknown-route-message-body': {
    healthy: async (t) => expect((await t.req('GET', '/nope')).data).toEqual({ error: '404 Not Found' }),
    faulty: async (t) => expect((await t.req('GET', '/nope')).data).toEqual({ message: '404 Not Found' }),
  },
  'errors.missing-attr-unnamed': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} })).data).toEqual({ message: 'message is missing' }),
    faulty: async (t) => {
      const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} });
      expect([res.statusCode, res.data]).toEqual([400, { message: 'Bad request' }]);
    },
  },
  'auth.401-body': {
    healthy: async (t) => expect((await t.req('GET', '/user')).data).toEqual({ message: '401 Unauthorized' }),
    faulty: async (t) => {
      const res = await t.req('GET', '/user');
      expect([res.statusCode, res.data]).toEqual([401, { error: 'unauthorized' }]);
    },
  },
  'format.datetime-no-millis': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00Z',
      ),
  },
  'format.datetime-offset': {
    healthy: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000Z',
      ),
    faulty: async (t) =>
      expect((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.starts_at).toBe(
        '2024-05-01T12:00:00.000+00:00',
      ),
  },
  'format.ids-as-strings': {
    healthy: async (t) =>
      expect(typeof (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id).toBe('number'),
    faulty: async (t) =>
      expect(typeof (await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } })).data.id).toBe('string'),
  },
  'format.json-content-type': {
    healthy: async (t) => expect((await t.req('GET', '/broadcast_messages')).headers['content-type']).toMatch(/^application\/json/),
    faulty: async (t) => {
      const res = await t.req('GET', '/broadcast_messages');
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.data).toEqual([]);
    },
  },
  'auth.sudo-ignored': {
    healthy: async (t) => {
      await t.user('jane');
      expect((await t.req('GET', '/user', { token: t.admin, headers: { sudo: 'jane' } })).data.username).toBe('jane');
    },
    faulty: async (t) => {
      await t.user('jane');
      expect((await t.req('GET', '/user', { token: t.admin, headers: { sudo: 'jane' } })).data.username).toBe('root');
    },
  },
  'errors.405-as-404': {
    healthy: async (t) => expect((await t.req('PATCH', '/broadcast_messages')).statusCode).toBe(405),
    faulty: async (t) => {
      const res = await t.req('PATCH', '/broadcast_messages');
      expect([res.statusCode, res.data]).toEqual([404, { error: '404 Not Found' }]);
    },
  },
};

describe('faults', () => {
  it('has a test case for every fault in the catalogue, and none for unknown ids', () => {
    expect(Object.keys(CASES).sort()).toEqual(FAULTS.map((f) => f.id).sort());
  });

  it('refuses an unknown fault id', () => {
    expect(() => createFaults(['no.such-fault'])).toThrow(/Unknown reference fault/);
  });

  for (const fault of FAULTS) {
    it(`${fault.id}: ${fault.description}`, async () => {
      const { healthy, faulty } = CASES[fault.id];
      await healthy(await testServer());
      await faulty(await testServer({ faults: [fault.id] }));
    });
  }
});
