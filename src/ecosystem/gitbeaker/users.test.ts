/**
 * Users through `@gitbeaker/rest`: the client's own offset pagination visits every user exactly
 * once with totals that agree, its expanded pagination info matches the X-* headers, filters
 * survive the Link-driven page walk, keyset pagination walks the projects, and create / edit
 * (a multipart form, the client's choice) / block / remove do what the spec promises.
 *
 *   npx vitest run src/ecosystem/gitbeaker/users.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, startWorld, type World, type WorldUser } from './harness.ts';

const PER_PAGE = 4;
/** Regular users made for the walk, on top of the seeded administrator and `jane`. */
const MADE = 13;

let w: World;
let jane: WorldUser;
const madeIds: number[] = [];

beforeAll(async () => {
  w = await startWorld();
  jane = await w.newUser('jane');
  for (let i = 0; i < MADE; i++) {
    const u = await w.admin.Users.create({
      username: `walker-${String(i).padStart(2, '0')}`,
      name: `Walker ${i}`,
      email: `walker-${i}@example.com`,
      password: 'walker-password-1',
      skipConfirmation: true,
    });
    madeIds.push(u.id);
  }
});
afterAll(() => w?.close());

describe('offset pagination of GET /users through the client', () => {
  it('visits every user exactly once, newest first, and its totals agree with what was walked', async () => {
    const walked = await w.admin.Users.all({ perPage: PER_PAGE, showExpanded: true });
    const ids = walked.data.map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everyone there is: the seeded administrator, jane and the walkers; one page of 100 agrees.
    const single = await w.admin.Users.all({ perPage: 100, page: 1 });
    expect(ids).toEqual(single.map((u) => u.id));
    for (const id of [jane.id, ...madeIds]) expect(ids).toContain(id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const pages = Math.ceil(ids.length / PER_PAGE);
    expect(pages).toBeGreaterThan(3);
    // The info the client builds from the last page's X-* headers.
    expect(walked.paginationInfo).toEqual({
      total: ids.length,
      totalPages: pages,
      perPage: PER_PAGE,
      current: pages,
      next: null,
      previous: pages - 1,
    });
  });

  it('reads X-Total, X-Page and X-Next-Page of one asked-for page without walking further', async () => {
    const all = await w.admin.Users.all({ perPage: 100, page: 1 });
    const second = await w.admin.Users.all({ perPage: PER_PAGE, page: 2, showExpanded: true });
    expect(second.data.map((u) => u.id)).toEqual(all.slice(PER_PAGE, 2 * PER_PAGE).map((u) => u.id));
    expect(second.paginationInfo).toEqual({
      total: all.length,
      totalPages: Math.ceil(all.length / PER_PAGE),
      perPage: PER_PAGE,
      current: 2,
      next: 3,
      previous: 1,
    });
  });

  it('stops after maxPages pages when asked to', async () => {
    const all = await w.admin.Users.all({ perPage: 100, page: 1 });
    const firstTwo = await w.admin.Users.all({ perPage: PER_PAGE, maxPages: 2 });
    expect(firstTwo.map((u) => u.id)).toEqual(all.slice(0, 2 * PER_PAGE).map((u) => u.id));
  });

  it('keeps the search filter and the admin ordering on every page it follows', async () => {
    const walked = await w.admin.Users.all({ search: 'walker', orderBy: 'username', sort: 'asc', perPage: PER_PAGE, showExpanded: true });
    expect(walked.data.map((u) => u.username)).toEqual(Array.from({ length: MADE }, (_, i) => `walker-${String(i).padStart(2, '0')}`));
    expect(walked.paginationInfo.total).toBe(MADE);
    expect(walked.paginationInfo.totalPages).toBe(Math.ceil(MADE / PER_PAGE));
  });

  it('gives a regular user the same walk in the public view, without admin-only fields', async () => {
    const asAdmin = await w.admin.Users.all({ perPage: 100 });
    const asJane = await jane.api.Users.all({ perPage: PER_PAGE });
    expect(asJane.map((u) => u.id)).toEqual(asAdmin.map((u) => u.id));
    for (const u of asJane) expect(u).not.toHaveProperty('email');
    expect(asAdmin.find((u) => u.id === jane.id)).toMatchObject({ email: 'jane@example.com', is_admin: false });
  });

  it('reads a created_after bound with a + offset as the client encodes it (%2B)', async () => {
    // One hour ago, written in +02:00: a + read as a space would make the value unreadable.
    const hourAgo = new Date(Date.now() - 3_600_000 + 2 * 3_600_000).toISOString().slice(0, 19) + '+02:00';
    const recent = await w.admin.Users.all({ createdAfter: hourAgo, perPage: 100 });
    for (const id of [jane.id, ...madeIds]) expect(recent.map((u) => u.id)).toContain(id);
    const inAnHour = new Date(Date.now() + 3_600_000 + 2 * 3_600_000).toISOString().slice(0, 19) + '+02:00';
    expect(await w.admin.Users.all({ createdAfter: inAnHour })).toEqual([]);
  });

  it('looks a user up by exact username, case-insensitively', async () => {
    const found = await w.admin.Users.all({ username: 'JANE' });
    expect(found.map((u) => u.id)).toEqual([jane.id]);
  });
});

describe('keyset pagination through the client (GET /projects, order_by=id)', () => {
  it('follows the id_after links to the end and visits every project once, in id order', async () => {
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push((await jane.api.Projects.create({ name: `keyset ${i}` })).id);
    const walked = await jane.api.Projects.all({ pagination: 'keyset', orderBy: 'id', sort: 'asc', perPage: 2, owned: true });
    expect(walked.map((p) => p.id)).toEqual(made);
    const down = await jane.api.Projects.all({ pagination: 'keyset', orderBy: 'id', sort: 'desc', perPage: 2, owned: true });
    expect(down.map((p) => p.id)).toEqual([...made].reverse());
  });
});

describe('single users through the client', () => {
  it('creates a user whose admin view reads back what was sent', async () => {
    const made = await w.admin.Users.create({
      username: 'carol',
      name: 'Carol C',
      email: 'carol@example.com',
      password: 'carol-password-1',
      bio: 'writes tests',
      projectsLimit: 7,
      external: true,
      skipConfirmation: true,
    });
    const shown = await w.admin.Users.show(made.id);
    expect(shown).toMatchObject({
      id: made.id,
      username: 'carol',
      name: 'Carol C',
      email: 'carol@example.com',
      bio: 'writes tests',
      projects_limit: 7,
      external: true,
      is_admin: false,
      state: 'active',
    });
  });

  it('edits a user with the multipart form the client sends, booleans and an avatar included', async () => {
    const u = await w.admin.Users.create({
      username: 'dave',
      name: 'Dave',
      email: 'dave@example.com',
      password: 'dave-password-1',
      skipConfirmation: true,
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    // Only one-word options here: the client decamelizes JSON bodies but not form fields, so
    // `projectsLimit` would reach any server as the unknown field projectsLimit (a client quirk).
    const edited = await w.admin.Users.edit(u.id, {
      bio: 'edited',
      note: 'moved teams',
      external: true,
      avatar: { content: new Blob([png], { type: 'image/png' }), filename: 'dave.png' },
    });
    expect(edited).toMatchObject({ bio: 'edited', note: 'moved teams', external: true });
    const shown = await w.admin.Users.show(u.id);
    expect(shown).toMatchObject({ bio: 'edited', note: 'moved teams', external: true });
    expect(typeof shown.avatar_url).toBe('string');
    const served = await fetch(shown.avatar_url as string);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    // false travels as the text "false" in the form and still means false.
    await w.admin.Users.edit(u.id, { external: false });
    expect((await w.admin.Users.show(u.id)).external).toBe(false);
  });

  it('shows the current user to its own token', async () => {
    const me = await jane.api.Users.showCurrentUser();
    expect(me).toMatchObject({ id: jane.id, username: 'jane', email: 'jane@example.com' });
  });

  it('blocks and unblocks a user, and the state read back follows', async () => {
    const u = await w.admin.Users.create({
      username: 'erin',
      name: 'Erin',
      email: 'erin@example.com',
      password: 'erin-password-1',
      skipConfirmation: true,
    });
    await w.admin.Users.block(u.id);
    expect((await w.admin.Users.show(u.id)).state).toBe('blocked');
    const blocked = await w.admin.Users.all({ blocked: true });
    expect(blocked.map((b) => b.id)).toContain(u.id);
    await w.admin.Users.unblock(u.id);
    expect((await w.admin.Users.all({ blocked: true })).map((b) => b.id)).not.toContain(u.id);
  });

  it('removes a user, after which the client reports 404', async () => {
    const u = await w.admin.Users.create({
      username: 'frank',
      name: 'Frank',
      email: 'frank@example.com',
      password: 'frank-password-1',
      skipConfirmation: true,
    });
    await w.admin.Users.remove(u.id);
    expect(await failure(w.admin.Users.show(u.id))).toEqual({ status: 404, description: '404 User Not Found' });
    expect(await failure(w.admin.Users.remove(u.id))).toMatchObject({ status: 404 });
  });

  it('surfaces the refusals as the client error with the right status', async () => {
    expect(
      (await failure(jane.api.Users.create({ username: 'x', name: 'x', email: 'x@example.com', password: 'x-password-1' }))).status,
    ).toBe(403);
    expect((await failure(w.anonymous.Users.showCurrentUser())).status).toBe(401);
    const missing = await failure(w.admin.Users.create({ name: 'No Username', email: 'nou@example.com', password: 'nou-password-1' }));
    expect(missing.status).toBe(400);
    expect(missing.description).toContain('username');
  });
});
