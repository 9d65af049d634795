/**
 * The proof of each fault impersonation-tokens.variations.ts declares, for src/reference/faults.test.ts: what the
 * healthy server does, checked with the fault off and then on. Typed by the declarations: a fault
 * without its case here (or a case of no fault) fails the type check.
 *
 *   npx vitest run src/reference/faults.test.ts -t 'tokens.value-shown'
 */
import type { TestServer, Case } from '../../testing.ts';
import { expect } from 'vitest';
import type { FaultIdOf } from '../../variation/declaration.ts';
import type { IMPERSONATION_TOKENS_VARIATIONS } from './impersonation-tokens.variations.ts';

/** Jane with a second token, revoked; returns its value and the list path. */
async function revokedToken(t: TestServer) {
  const jane = await t.user('jane');
  const base = `/users/${jane.id}/impersonation_tokens`;
  const made = await t.req('POST', base, { token: t.admin, body: { name: 'gone', scopes: ['api'] } });
  await t.req('DELETE', `${base}/${made.data.id}`, { token: t.admin });
  return { base, id: made.data.id as number, value: made.data.token as string };
}

/** The names of jane's active tokens after her revoked token is revoked a second time. */
async function activeAfterRevokingTwice(t: TestServer): Promise<string[]> {
  const r = await revokedToken(t);
  await t.req('DELETE', `${r.base}/${r.id}`, { token: t.admin });
  return (await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name);
}

export const IMPERSONATION_TOKENS_FAULT_CASES = {
  'tokens.value-shown': {
    healthy: async (t) => {
      const jane = await t.user('jane');
      const list = await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin });
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).not.toHaveProperty('token');
    },
    faulty: async (t) => {
      const jane = await t.user('jane');
      const list = await t.req('GET', `/users/${jane.id}/impersonation_tokens`, { token: t.admin });
      expect(list.data[0].token).toBe(jane.token);
    },
  },
  'tokens.revoked-still-accepted': {
    healthy: async (t) => expect((await t.req('GET', '/user', { token: (await revokedToken(t)).value })).statusCode).toBe(401),
    faulty: async (t) => expect((await t.req('GET', '/user', { token: (await revokedToken(t)).value })).statusCode).toBe(200),
  },
  'tokens.revoke-noop': {
    healthy: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: true, active: false });
    },
    faulty: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: false, active: true });
      expect((await t.req('GET', '/user', { token: r.value })).statusCode).toBe(200);
    },
  },
  'tokens.impersonation-flag-dropped': {
    healthy: async (t) =>
      expect(
        (await t.req('GET', `/users/${(await t.user('jane')).id}/impersonation_tokens`, { token: t.admin })).data[0].impersonation,
      ).toBe(true),
    faulty: async (t) =>
      expect(
        (await t.req('GET', `/users/${(await t.user('jane')).id}/impersonation_tokens`, { token: t.admin })).data[0].impersonation,
      ).toBe(false),
  },
  'tokens.state-filter-ignored': {
    healthy: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name)).toEqual([
        'test',
      ]);
    },
    faulty: async (t) => {
      const r = await revokedToken(t);
      expect((await t.req('GET', r.base, { token: t.admin, query: 'state=active' })).data.map((x: { name: string }) => x.name)).toEqual([
        'test',
        'gone',
      ]);
    },
  },
  'tokens.revoke-again-hits-newest': {
    healthy: async (t) => expect(await activeAfterRevokingTwice(t)).toEqual(['test']),
    faulty: async (t) => expect(await activeAfterRevokingTwice(t)).toEqual([]),
  },
  'tokens.revoke-toggles': {
    healthy: async (t) => {
      const r = await revokedToken(t);
      await t.req('DELETE', `${r.base}/${r.id}`, { token: t.admin });
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: true, active: false });
      expect((await t.req('GET', '/user', { token: r.value })).statusCode).toBe(401);
    },
    faulty: async (t) => {
      const r = await revokedToken(t);
      await t.req('DELETE', `${r.base}/${r.id}`, { token: t.admin });
      expect((await t.req('GET', `${r.base}/${r.id}`, { token: t.admin })).data).toMatchObject({ revoked: false, active: true });
      expect((await t.req('GET', '/user', { token: r.value })).statusCode).toBe(200);
    },
  },
} satisfies Record<FaultIdOf<typeof IMPERSONATION_TOKENS_VARIATIONS>, Case>;
