/**
 * The platform profile: what it switches on (every departure of kind 'platform', every fault and
 * capability marked `platform`), each with the platform source it imitates; each departure answers
 * as the platform does under the profile and as the spec says without it. The baseline and
 * FIDELITY.md's departures table are written from these declarations (platform-artefacts.test.ts).
 *
 *   npx vitest run src/reference/variation/platform-profile.test.ts
 */
import { describe, expect, it } from 'vitest';
import { gpgPublicKey } from '../../kit/generators/gpg-keys.ts';
import { sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { postUser, testServer, type TestServer } from '../testing.ts';
import { PLATFORM_PROFILE } from './registry.ts';
import { EPIC_FIXED_FIELDS } from '../../spec/epic-fields.ts';

describe('the platform profile', () => {
  it('names the platform source of each departure it switches on', () => {
    expect(PLATFORM_PROFILE.length).toBeGreaterThan(0);
    const source = (v: (typeof PLATFORM_PROFILE)[number]) => (v.kind === 'platform' ? v.source : v.platform?.source);
    expect(PLATFORM_PROFILE.filter((v) => !source(v)).map((v) => v.id)).toEqual([]);
  });

  it('refuses an unknown profile', async () => {
    await expect(testServer({ profile: 'gitlab' as 'platform' })).rejects.toThrow(/Unknown reference profile "gitlab"/);
  });
});

/** The same request to the spec profile and the platform profile. */
async function both(check: (t: TestServer, platform: boolean) => Promise<void>): Promise<void> {
  await check(await testServer(), false);
  await check(await testServer({ profile: 'platform' }), true);
}

/** A public group with one epic, made by the admin. */
async function publicEpic(t: TestServer): Promise<{ group: number; iid: number }> {
  const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'pub', path: 'pub', visibility: 'public' } });
  const epic = await t.req('POST', `/groups/${group.data.id}/epics`, { token: t.admin, body: { title: 'Roadmap' } });
  return { group: group.data.id, iid: epic.data.iid };
}

describe('each departure, spec profile then platform profile', () => {
  it('platform.epic-description-null: an epic created without a description has description null, not ""', async () => {
    await both(async (t, platform) => {
      const { group, iid } = await publicEpic(t);
      const read = await t.req('GET', `/groups/${group}/epics/${iid}`, { token: t.admin });
      const listed = await t.req('GET', `/groups/${group}/epics`, { token: t.admin });
      const given = await t.req('POST', `/groups/${group}/epics`, { token: t.admin, body: { title: 'Given', description: 'Plan' } });
      expect([read.data.description, listed.data[0].description, given.data.description]).toEqual([
        platform ? null : '',
        platform ? null : '',
        'Plan',
      ]);
    });
  });

  it('platform.missing-attr-error-key: {"error":"message is missing"} instead of {"message":...}', async () => {
    await both(async (t, platform) => {
      const res = await t.req('POST', '/broadcast_messages', { token: t.admin, body: {} });
      expect([res.statusCode, res.data]).toEqual([400, platform ? { error: 'message is missing' } : { message: 'message is missing' }]);
    });
  });

  it('users.update-conflict-409: a taken e-mail on PUT /users/:id answers 409 instead of 404', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      await t.user('john');
      const res = await t.req('PUT', `/users/${jane.id}`, { token: t.admin, body: { email: 'john@example.com' } });
      expect(res.statusCode).toBe(platform ? 409 : 404);
    });
  });

  it('platform.epics-public-read: anonymous GETs of a public group epics answer 200 instead of 401', async () => {
    await both(async (t, platform) => {
      const { group, iid } = await publicEpic(t);
      const list = await t.req('GET', `/groups/${group}/epics`);
      const one = await t.req('GET', `/groups/${group}/epics/${iid}`);
      expect([list.statusCode, one.statusCode]).toEqual(platform ? [200, 200] : [401, 401]);
      if (platform) expect([list.data.length, one.data.subscribed, 'start_date_is_fixed' in one.data]).toEqual([1, false, true]); // epics.fixed-fields-for-all
      expect((await t.req('POST', `/groups/${group}/epics`, { body: { title: 'x' } })).statusCode).toBe(401);
    });
  });

  it('platform.epics-public-read: a private group stays 404 to an anonymous reader', async () => {
    const t = await testServer({ profile: 'platform' });
    const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'priv', path: 'priv', visibility: 'private' } });
    expect((await t.req('GET', `/groups/${group.data.id}/epics`)).statusCode).toBe(404);
  });

  it('platform.epic-without-reference: epics and a todo target carry references but no reference', async () => {
    await both(async (t, platform) => {
      const { group, iid } = await publicEpic(t);
      const epic = (await t.req('GET', `/groups/${group}/epics/${iid}`, { token: t.admin })).data;
      const todo = (await t.req('POST', `/groups/${group}/epics/${iid}/todo`, { token: t.admin })).data;
      expect(['reference' in epic, 'reference' in todo.target]).toEqual([!platform, !platform]);
      expect([epic.references.short, todo.target.references.short]).toEqual([`&${iid}`, `&${iid}`]);
    });
  });

  it('platform.ssh-key-unique-by-sha256: a duplicate SSH key is refused keyed by fingerprint_sha256 only', async () => {
    await both(async (t, platform) => {
      const k = await sshPublicKey();
      const [jane, bob] = [await t.user('jane'), await t.user('bob')];
      expect((await t.req('POST', '/user/keys', { token: jane.token, body: { title: 'a', key: k.text } })).statusCode).toBe(201);
      const res = await t.req('POST', '/user/keys', { token: bob.token, body: { title: 'b', key: `${k.type} ${k.body} other` } });
      const taken = ['has already been taken'];
      expect([res.statusCode, res.data]).toEqual([
        400,
        { message: platform ? { fingerprint_sha256: taken } : { fingerprint: taken, key: taken } },
      ]);
    });
  });

  it('platform.user-gpg-keys-public: a non-admin and an anonymous caller read the GPG keys of a user (200 instead of 403 and 401)', async () => {
    await both(async (t, platform) => {
      const [jane, bob] = [await t.user('jane'), await t.user('bob')];
      const made = await t.req('POST', `/users/${jane.id}/gpg_keys`, { token: t.admin, body: { key: (await gpgPublicKey()).armored } });
      const paths = [`/users/${jane.id}/gpg_keys`, `/users/${jane.id}/gpg_keys/${made.data.id}`];
      const statuses = async (token?: string) => Promise.all(paths.map(async (path) => (await t.req('GET', path, { token })).statusCode));
      expect([await statuses(bob.token), await statuses()]).toEqual(
        platform
          ? [
              [200, 200],
              [200, 200],
            ]
          : [
              [403, 403],
              [401, 401],
            ],
      );
      const other = (await gpgPublicKey()).armored;
      expect((await t.req('POST', paths[0]!, { token: bob.token, body: { key: other } })).statusCode).toBe(403);
      expect((await t.req('DELETE', paths[1]!, { token: bob.token })).statusCode).toBe(403);
      expect((await t.req('DELETE', paths[1]!)).statusCode).toBe(401);
    });
  });

  it('platform.variable-update-value-optional: PUT without value answers 200 and keeps the value instead of 400', async () => {
    await both(async (t, platform) => {
      const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } });
      const base = `/projects/${project.data.id}/variables`;
      await t.req('POST', base, { token: t.admin, body: { key: 'DB_URL', value: 'postgres://db' } });
      const res = await t.req('PUT', `${base}/DB_URL`, { token: t.admin, body: { protected: true } });
      expect(res.statusCode).toBe(platform ? 200 : 400);
      const read = (await t.req('GET', `${base}/DB_URL`, { token: t.admin })).data;
      expect([read.value, read.protected]).toEqual(['postgres://db', platform]);
    });
  });

  it('epics.fixed-fields-for-all: a guest sees the fixed/inherited date fields, in the epic and a todo target', async () => {
    await both(async (t, platform) => {
      const { group, iid } = await publicEpic(t);
      const jane = await t.user('jane');
      await t.req('POST', `/groups/${group}/members`, { token: t.admin, body: { user_id: jane.id, access_level: 10 } });
      const one = (await t.req('GET', `/groups/${group}/epics/${iid}`, { token: jane.token })).data;
      const item = (await t.req('GET', `/groups/${group}/epics`, { token: jane.token })).data[0];
      const todo = (await t.req('POST', `/groups/${group}/epics/${iid}/todo`, { token: jane.token })).data;
      const fixed = [...EPIC_FIXED_FIELDS];
      for (const epic of [one, item, todo.target]) expect(fixed.filter((f) => f in epic)).toEqual(platform ? fixed : []);
    });
  });

  it('platform.epic-inherited-dates-as-datetimes: *_from_inherited_source and *_from_milestones are midnight UTC datetimes of the dates', async () => {
    await both(async (t, platform) => {
      const group = await t.req('POST', '/groups', { token: t.admin, body: { name: 'g', path: 'g' } });
      const body = {
        title: 'Leap',
        start_date_is_fixed: true,
        start_date_fixed: '2024-02-29',
        due_date_is_fixed: false,
        due_date_fixed: '2024-03-31',
      };
      const created = await t.req('POST', `/groups/${group.data.id}/epics`, { token: t.admin, body });
      const read = (await t.req('GET', `/groups/${group.data.id}/epics/${created.data.iid}`, { token: t.admin })).data;
      const todo = (await t.req('POST', `/groups/${group.data.id}/epics/${created.data.iid}/todo`, { token: t.admin })).data;
      const start = platform ? '2024-02-29T00:00:00+00:00' : null;
      for (const epic of [created.data, read, todo.target]) {
        expect([epic.start_date, epic.start_date_fixed, epic.due_date, epic.due_date_fixed]).toEqual([
          '2024-02-29',
          '2024-02-29',
          null,
          '2024-03-31',
        ]);
        expect([epic.start_date_from_inherited_source, epic.start_date_from_milestones]).toEqual([start, start]);
        expect([epic.due_date_from_inherited_source, epic.due_date_from_milestones]).toEqual([null, null]); // no due date: null on both
      }
    });
  });
});

describe('the defaults of current installations the platform profile switches on', () => {
  it('tokens.expiry-required: an impersonation token without expires_at is refused with 400', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const res = await t.req('POST', `/users/${jane.id}/impersonation_tokens`, { token: t.admin, body: { name: 'n', scopes: ['api'] } });
      expect(res.statusCode).toBe(platform ? 400 : 201);
      if (platform) expect(res.data).toEqual({ message: { expires_at: ["can't be blank"] } });
    });
  });

  it('users.delayed-deletion: a deleted user lingers, blocked, until the background job removes it', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      expect((await t.req('DELETE', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(204);
      const right = await t.req('GET', `/users/${jane.id}`, { token: t.admin });
      expect([right.statusCode, right.data.state]).toEqual(platform ? [200, 'blocked'] : [404, undefined]);
      t.setNow(120_000);
      expect((await t.req('GET', `/users/${jane.id}`, { token: t.admin })).statusCode).toBe(404);
    });
  });

  it('projects.scheduled-deletion: a deleted project is only marked, until removed with permanently_remove', async () => {
    await both(async (t, platform) => {
      const project = await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } });
      expect((await t.req('DELETE', `/projects/${project.data.id}`, { token: t.admin })).statusCode).toBe(202);
      const marked = await t.req('GET', `/projects/${project.data.id}`, { token: t.admin });
      expect(marked.statusCode).toBe(platform ? 200 : 404);
      if (!platform) return;
      expect(marked.data.marked_for_deletion_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const query = `permanently_remove=true&full_path=${encodeURIComponent(marked.data.path_with_namespace)}`;
      expect((await t.req('DELETE', `/projects/${project.data.id}`, { token: t.admin, query })).statusCode).toBe(202);
      expect((await t.req('GET', `/projects/${project.data.id}`, { token: t.admin })).statusCode).toBe(404);
    });
  });

  it('projects.scheduled-deletion: permanently_remove of a top-level group answers 400 and keeps the mark; a subgroup goes at once', async () => {
    await both(async (t, platform) => {
      const top = await t.req('POST', '/groups', { token: t.admin, body: { name: 'run', path: 'run' } });
      const sub = await t.req('POST', '/groups', { token: t.admin, body: { name: 'sub', path: 'sub', parent_id: top.data.id } });
      const marked = async (id: number) => {
        expect((await t.req('DELETE', `/groups/${id}`, { token: t.admin })).statusCode).toBe(202);
        return (await t.req('GET', `/groups/${id}`, { token: t.admin })).data;
      };
      const forGood = (id: number, fullPath: string) =>
        t.req('DELETE', `/groups/${id}`, { token: t.admin, query: `permanently_remove=true&full_path=${encodeURIComponent(fullPath)}` });
      if (!platform) {
        // The spec profile removes at once.
        expect((await t.req('DELETE', `/groups/${top.data.id}`, { token: t.admin })).statusCode).toBe(202);
        expect((await t.req('GET', `/groups/${sub.data.id}`, { token: t.admin })).statusCode).toBe(404);
        return;
      }
      const subMarked = await marked(sub.data.id);
      expect(subMarked.full_path).toBe(`run/sub-deletion_scheduled-${sub.data.id}`);
      expect((await forGood(sub.data.id, subMarked.full_path)).statusCode).toBe(202);
      expect((await t.req('GET', `/groups/${sub.data.id}`, { token: t.admin })).statusCode).toBe(404);
      const topMarked = await marked(top.data.id);
      const refused = await forGood(top.data.id, topMarked.full_path);
      expect([refused.statusCode, refused.data]).toEqual([
        400,
        { message: '`permanently_remove` option is only available for subgroups.' },
      ]);
      const after = await t.req('GET', `/groups/${top.data.id}`, { token: t.admin });
      expect([after.statusCode, after.data.marked_for_deletion_on]).toEqual([200, topMarked.marked_for_deletion_on]);
      // Refused before anything else, marked or not, full path right or wrong.
      const other = await t.req('POST', '/groups', { token: t.admin, body: { name: 'other', path: 'other' } });
      expect((await forGood(other.data.id, 'other')).data.message).toBe('`permanently_remove` option is only available for subgroups.');
    });
  });
});

describe('the user views, spec profile then platform profile', () => {
  const IPS = ['current_sign_in_ip', 'last_sign_in_ip'];
  const has = (view: Record<string, unknown>, fields: string[]) => fields.map((f) => f in view);

  it('platform.user-list-without-sign-in-ips: users listed to an admin have no sign-in IPs; the admin GET /users/:id keeps them', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const listed = (await t.req('GET', '/users', { token: t.admin, query: 'username=jane' })).data[0];
      const single = (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data;
      expect([has(listed, IPS), has(single, IPS)]).toEqual([platform ? [false, false] : [true, true], [true, true]]);
      expect([listed.is_admin, listed.email]).toEqual([false, 'jane@example.com']);
    });
  });

  it('platform.current-user-without-sign-in-ips: GET /user by an admin has no sign-in IPs, but is_admin', async () => {
    await both(async (t, platform) => {
      const me = (await t.req('GET', '/user', { token: t.admin })).data;
      expect([has(me, IPS), me.is_admin]).toEqual([platform ? [false, false] : [true, true], true]);
    });
  });

  it('platform.user-without-bio-html: no user view carries bio_html, each keeps bio', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      await t.req('PUT', `/users/${jane.id}`, { token: t.admin, body: { bio: 'Hello' } });
      const views = [
        (await t.req('GET', `/users/${jane.id}`, { token: jane.token })).data,
        (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data,
        (await t.req('GET', '/users', { token: t.admin, query: 'username=jane' })).data[0],
        (await t.req('GET', '/user', { token: jane.token })).data,
      ];
      expect(views.map((v) => [v.bio, 'bio_html' in v])).toEqual(views.map(() => ['Hello', !platform]));
    });
  });

  it('platform.public-email-null: a user created without public_email shows null; one given keeps it', async () => {
    await both(async (t, platform) => {
      const jane = await t.user('jane');
      const john = (await postUser(t, 'john', { public_email: 'john@example.com' })).json();
      const views = [
        (await t.req('GET', `/users/${jane.id}`, { token: jane.token })).data,
        (await t.req('GET', `/users/${jane.id}`, { token: t.admin })).data,
        (await t.req('GET', '/user', { token: jane.token })).data,
        (await t.req('GET', '/user', { token: t.admin })).data,
      ];
      expect(views.map((v) => v.public_email)).toEqual(views.map(() => (platform ? null : '')));
      expect((await t.req('GET', `/users/${john.id}`, { token: jane.token })).data.public_email).toBe('john@example.com');
    });
  });
});
