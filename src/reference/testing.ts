/**
 * Helpers for the reference server's own unit tests (app.inject(), no socket): a server with a
 * settable clock, request shorthands, and a regular user with its impersonation token.
 *
 *   const t = await testServer();
 *   const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message: 'x' } });
 *   const jane = await t.user('jane');                // { id, username, token }
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildReferenceApp, type ReferenceOptions } from './index.ts';

export const START = '2024-05-01T12:00:00.000Z';

export interface TestUser {
  id: number;
  username: string;
  token: string;
}

export interface TestServer {
  app: FastifyInstance;
  admin: string;
  /** Moves the server's clock to an ISO instant, or by milliseconds. */
  setNow(at: string | number): void;
  now(): Date;
  req(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; form?: string; headers?: Record<string, string>; query?: string },
  ): Promise<LightMyRequestResponse & { data: any }>;
  /** Creates a regular user through the API, with an api + read_user impersonation token. */
  user(username: string, options?: { admin?: boolean; scopes?: string[] }): Promise<TestUser>;
}

export async function testServer(options: ReferenceOptions = {}): Promise<TestServer> {
  let now = new Date(START).getTime();
  const { app, adminToken } = await buildReferenceApp({ clock: () => new Date(now), adminToken: 'admin-token', ...options });
  const t: TestServer = {
    app,
    admin: adminToken,
    setNow(at) {
      now = typeof at === 'string' ? new Date(at).getTime() : now + at;
    },
    now: () => new Date(now),
    async req(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token !== undefined) headers['private-token'] = o.token;
      let payload: string | undefined;
      if (o.form !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = o.form;
      } else if (o.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(o.body);
      }
      const url = path.startsWith('/api/') ? path : `/api/v4${path}`;
      const res = await app.inject({ method: method as 'GET', url: o.query ? `${url}?${o.query}` : url, headers, payload });
      let data: unknown;
      try {
        data = res.body === '' ? undefined : JSON.parse(res.body);
      } catch {
        data = res.body;
      }
      return Object.assign(res, { data });
    },
    async user(username, uo = {}) {
      const created = await t.req('POST', '/users', {
        token: adminToken,
        body: {
          username,
          name: `Name ${username}`,
          email: `${username}@example.com`,
          password: 'password123',
          admin: uo.admin ?? false,
          skip_confirmation: true,
        },
      });
      if (created.statusCode !== 201) throw new Error(`user: ${created.statusCode} ${created.body}`);
      const token = await t.req('POST', `/users/${created.data.id}/impersonation_tokens`, {
        token: adminToken,
        // An expiry, as the platform profile (and the platform's default) requires: within its 365 days of START.
        body: { name: 'test', scopes: uo.scopes ?? ['api', 'read_user'], expires_at: '2025-04-30' },
      });
      if (token.statusCode !== 201) throw new Error(`token: ${token.statusCode} ${token.body}`);
      return { id: created.data.id, username, token: token.data.token };
    },
  };
  return t;
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Makes the part a file. */
  filename?: string;
  type?: string;
}

/** A multipart/form-data payload and its content type, for app.inject(). */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = '----reference-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type Check = (t: TestServer) => Promise<void>;
/** A fault case of faults.test.ts: a check with the fault off, one with it on. */
export type Case = { healthy: Check; faulty: Check };

/** The same observation, expected to give `healthy` with the fault off and `faulty` with it on. */
export function observe<T>(run: (t: TestServer) => Promise<T>, healthy: T, faulty: T): Case {
  return {
    healthy: async (t) => expect(await run(t)).toEqual(healthy),
    faulty: async (t) => expect(await run(t)).toEqual(faulty),
  };
}

/** POST /users as the admin with a valid body for `username`, plus `attrs`. */
export function postUser(t: TestServer, username: string, attrs: Record<string, unknown> = {}) {
  return t.req('POST', '/users', {
    token: t.admin,
    body: { username, name: `Nm ${username}`, email: `${username}@example.com`, password: 'password123', ...attrs },
  });
}
