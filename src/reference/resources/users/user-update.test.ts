/**
 * Users: PUT /users/:id, DELETE /users/:id/identities/:provider, avatar uploads, and the
 * If-Unmodified-Since precondition of DELETE /users/:id.
 *
 *   npx vitest run src/reference/resources/users/user-update.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { multipartBody, testServer, type MultipartPart, type TestServer, postUser } from '../../testing.ts';

let t: TestServer;
beforeEach(async () => {
  t = await testServer();
});

const make = (username: string, attrs: Record<string, unknown> = {}) => postUser(t, username, attrs);
const put = (id: number, body: Record<string, unknown>, token = t.admin) => t.req('PUT', `/users/${id}`, { token, body });

async function multipart(method: 'POST' | 'PUT', path: string, parts: MultipartPart[]) {
  const { payload, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method,
    url: `/api/v4${path}`,
    payload,
    headers: { 'content-type': contentType, 'private-token': t.admin },
  });
  return Object.assign(res, { data: JSON.parse(res.body) });
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const fields = (username: string): MultipartPart[] => [
  { name: 'username', value: username },
  { name: 'name', value: 'With Avatar' },
  { name: 'email', value: `${username}@example.com` },
  { name: 'password', value: 'password123' },
];

describe('PUT /users/:id', () => {
  it('changes only what it is given (200, admin view) and moves updated_at', async () => {
    const a = await make('a', { bio: 'hello', linkedin: 'in' });
    t.setNow(1000);
    const res = await put(a.data.id, { name: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ name: 'New Name', bio: 'hello', linkedin: 'in', username: 'a', is_admin: false });
    expect(t.app.ref.store.users.get(a.data.id)!.updatedAt.toISOString()).toBe('2024-05-01T12:00:01.000Z');
  });

  it('answers 404 for a taken e-mail or username (any case) and for a missing user; 403 to non-admins', async () => {
    await make('a');
    const b = await make('b');
    const email = await put(b.data.id, { email: 'A@example.com' });
    expect([email.statusCode, email.data]).toEqual([404, { message: '404 Email has already been taken' }]);
    expect((await put(b.data.id, { username: 'A' })).statusCode).toBe(404);
    expect((await put(999, { name: 'x' })).data).toEqual({ message: '404 User Not Found' });
    const jane = await t.user('jane');
    expect((await put(b.data.id, { name: 'x' }, jane.token)).statusCode).toBe(403);
  });

  it('checks parameters before the lookup and the model after it', async () => {
    expect((await put(999, { projects_limit: 'many' })).data).toEqual({ message: 'projects_limit is invalid' });
    const a = await make('a');
    const res = await put(a.data.id, { password: 'short' });
    expect([res.statusCode, res.data]).toEqual([400, { message: { password: ['is too short (minimum is 8 characters)'] } }]);
  });

  it('keeps a new e-mail for reconfirmation unless skip_reconfirmation=true', async () => {
    const a = await make('a');
    expect((await put(a.data.id, { email: 'new@example.com' })).data.email).toBe('a@example.com');
    expect(t.app.ref.store.users.get(a.data.id)!.unconfirmedEmail).toBe('new@example.com');
    expect((await put(a.data.id, { email: 'new@example.com', skip_reconfirmation: true })).data.email).toBe('new@example.com');
  });

  it('adds or replaces the identity of a provider; a new username renames the namespace', async () => {
    const a = await make('a', { extern_uid: 'e1', provider: 'p1' });
    await put(a.data.id, { extern_uid: 'e2', provider: 'p2' });
    const res = await put(a.data.id, { extern_uid: 'e3', provider: 'p1', username: 'renamed' });
    expect(res.data.identities).toEqual([
      { provider: 'p2', extern_uid: 'e2' },
      { provider: 'p1', extern_uid: 'e3' },
    ]);
    expect(t.app.ref.store.namespaces.get(t.app.ref.store.users.get(a.data.id)!.namespaceId)!.path).toBe('renamed');
  });
});

describe('identities', () => {
  it('POST /users refuses an extern_uid another user has for that provider, and half an identity', async () => {
    await make('a', { extern_uid: 'E1', provider: 'p1' });
    expect((await make('b', { extern_uid: 'e1', provider: 'p1' })).data).toEqual({
      message: { identities: { extern_uid: ['has already been taken'] } },
    });
    expect((await make('c', { extern_uid: 'e1', provider: 'p2' })).statusCode).toBe(201);
    expect((await make('d', { provider: 'p3' })).data).toEqual({ message: { identities: { extern_uid: ["can't be blank"] } } });
  });

  it('DELETE /users/:id/identities/:provider: 204 and gone; 404 for a missing identity or user; 403 to non-admins', async () => {
    const a = await make('a', { extern_uid: 'e1', provider: 'p1' });
    const jane = await t.user('jane');
    expect((await t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: jane.token })).statusCode).toBe(403);
    const del = await t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: t.admin });
    expect([del.statusCode, del.body]).toEqual([204, '']);
    expect((await t.req('GET', `/users/${a.data.id}`, { token: t.admin })).data.identities).toEqual([]);
    expect((await t.req('DELETE', `/users/${a.data.id}/identities/p1`, { token: t.admin })).data).toEqual({
      message: '404 Identity Not Found',
    });
    expect((await t.req('DELETE', '/users/999/identities/p1', { token: t.admin })).data).toEqual({ message: '404 User Not Found' });
  });
});

describe('avatars', () => {
  it('stores an avatar sent as a multipart file and serves it at avatar_url', async () => {
    const res = await multipart('POST', '/users', [
      ...fields('pic'),
      { name: 'avatar', value: PNG, filename: 'my face.png', type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.data.avatar_url).toBe(`http://localhost:80/uploads/-/system/user/avatar/${res.data.id}/my_face.png`);
    const file = await t.app.inject({ url: `/uploads/-/system/user/avatar/${res.data.id}/my_face.png` });
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect((await t.app.inject({ url: `/uploads/-/system/user/avatar/${res.data.id}/other.png` })).statusCode).toBe(404);
  });

  it('gives users without an avatar the gravatar URL; PUT replaces the avatar', async () => {
    const a = await make('a');
    expect(a.data.avatar_url).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?/);
    const res = await multipart('PUT', `/users/${a.data.id}`, [{ name: 'avatar', value: PNG, filename: 'a.gif', type: 'image/gif' }]);
    expect(res.data.avatar_url).toMatch(/\/uploads\/-\/system\/user\/avatar\/\d+\/a\.gif$/);
  });

  it('refuses a file that is no image, one over 200 KiB, and an avatar that is not a file', async () => {
    const text = await multipart('POST', '/users', [...fields('t'), { name: 'avatar', value: 'hi', filename: 'a.txt' }]);
    expect(text.statusCode).toBe(400);
    expect(text.data.message.avatar[0]).toMatch(/^file format is not supported/);
    const big = await multipart('POST', '/users', [...fields('b'), { name: 'avatar', value: Buffer.alloc(201 * 1024), filename: 'a.png' }]);
    expect(big.data).toEqual({ message: { avatar: ['is too big (should be at most 200 KiB)'] } });
    expect((await make('s', { avatar: 'a.png' })).data).toEqual({ message: 'avatar is invalid' });
  });
});

describe('DELETE /users/:id with If-Unmodified-Since', () => {
  it('answers 412 when the user changed after that time, and deletes it otherwise', async () => {
    const a = await make('a');
    t.setNow(5000);
    await put(a.data.id, { bio: 'changed' });
    const stale = await t.req('DELETE', `/users/${a.data.id}`, {
      token: t.admin,
      headers: { 'if-unmodified-since': 'Wed, 01 May 2024 12:00:02 GMT' },
    });
    expect(stale.statusCode).toBe(412);
    const fresh = await t.req('DELETE', `/users/${a.data.id}`, {
      token: t.admin,
      headers: { 'if-unmodified-since': 'Wed, 01 May 2024 12:00:06 GMT' },
    });
    expect(fresh.statusCode).toBe(204);
  });
});
