/**
 * The document is useful: every one of its operations, called on the in-process reference
 * server at the path the document gives (parameters filled in by name), answers with the
 * declared success status, a body that matches the declared schema and pagination headers
 * that match theirs; a few error responses match the declared error schemas too. And the
 * check is not blind: a reference with a formatting fault produces bodies the document refuses.
 *
 *   npx vitest run src/openapi/responses.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpgPublicKey } from '../kit/generators/gpg-keys.ts';
import { sshPublicKey } from '../kit/generators/ssh-keys.ts';
import { testServer, type TestServer, type TestUser } from '../reference/testing.ts';
import { openapiDocument } from './document.ts';
import type { Schema } from '../spec/operation.ts';
import { responseChecker } from './response-check.ts';

const doc = openapiDocument();
const check = responseChecker(doc);

/** operationId -> method and OpenAPI path. */
const OPS = new Map<string, { method: string; path: string; success: number }>();
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const success = Number(Object.keys(op.responses as Schema).find((s) => /^2/.test(s)));
    OPS.set(String(op.operationId), { method: method.toUpperCase(), path, success });
  }
}

interface Call {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
  token?: string;
  /** Expected status when not the declared success. */
  status?: number;
}

let t: TestServer;
const exercised = new Set<string>();

/** Calls an operation of the document on the reference and checks the response against the document. */
async function call(operationId: string, c: Call = {}): Promise<any> {
  const op = OPS.get(operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = c.params?.[name];
    if (v === undefined) throw new Error(`${operationId}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
  const res = await t.req(op.method, path, { token: c.token ?? t.admin, body: c.body, query: c.query });
  const status = c.status ?? op.success;
  expect(res.statusCode, `${operationId} ${op.method} ${path}: ${res.body}`).toBe(status);
  expect(check(operationId, res.statusCode, res.data, res.headers as Record<string, string>), operationId).toEqual([]);
  if (status === op.success) exercised.add(operationId);
  return res.data;
}

describe('the reference answers every operation as the document declares', () => {
  let jane: TestUser;
  let projectId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await testServer({ dependencyFixture: true, variablesScopeFilter: true });
    jane = await t.user('jane');
    projectId = (await t.req('POST', '/projects', { token: t.admin, body: { name: 'app' } })).data.id;
    groupId = (await t.req('POST', '/groups', { token: t.admin, body: { name: 'grp', path: 'grp' } })).data.id;
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('broadcast messages', async () => {
    const m = await call('createBroadcastMessage', { body: { message: 'Maintenance', target_path: '/nowhere' } });
    await call('listBroadcastMessages', { token: '', query: 'per_page=1' });
    await call('getBroadcastMessage', { params: { id: m.id }, token: '' });
    await call('updateBroadcastMessage', { params: { id: m.id }, body: { broadcast_type: 'notification' } });
    await call('deleteBroadcastMessage', { params: { id: m.id } });
    await call('getBroadcastMessage', { params: { id: m.id }, status: 404 });
    await call('createBroadcastMessage', { token: jane.token, body: { message: 'x' }, status: 403 });
    await call('createBroadcastMessage', { token: '', body: { message: 'x' }, status: 401 });
    await call('createBroadcastMessage', { body: {}, status: 400 });
  });

  it('users, the current user, status, counts, activities, memberships and state moves', async () => {
    const bob = await call('createUser', {
      body: { username: 'bob', name: 'Bob', email: 'bob@example.com', password: 'password123', extern_uid: 'b-1', provider: 'ldapmain' },
    });
    await call('listUsers', { query: 'per_page=2' });
    await call('listUsers', { token: jane.token });
    await call('getUser', { params: { id: bob.id } });
    await call('getUser', { params: { id: bob.id }, token: jane.token });
    await call('updateUser', { params: { id: bob.id }, body: { bio: 'hello' } });
    await call('deleteUserIdentity', { params: { id: bob.id, provider: 'ldapmain' } });
    await call('getCurrentUser');
    await call('getCurrentUser', { token: jane.token });
    await call('setCurrentUserStatus', { token: jane.token, body: { emoji: 'coffee', message: 'Busy' } });
    await call('getCurrentUserStatus', { token: jane.token });
    await call('getUserStatus', { params: { id_or_username: 'jane' } });
    await call('getUserCounts', { token: jane.token });
    await call('listUserActivities');
    await call('listUserMemberships', { params: { id: jane.id } });
    await call('listUserMemberships', { params: { id: jane.id }, query: 'type=Group', status: 400 });
    await call('blockUser', { params: { id: bob.id } });
    await call('unblockUser', { params: { id: bob.id } });
    await call('deactivateUser', { params: { id: bob.id } });
    await call('activateUser', { params: { id: bob.id } });
    await call('deleteUser', { params: { id: bob.id } });
    await call('getUser', { params: { id: bob.id }, status: 404 });
    await call('getCurrentUser', { token: 'not-a-token', status: 401 });
  });

  it('SSH keys, GPG keys and e-mails of the current user and of a user', async () => {
    const own = await call('addCurrentUserSshKey', { token: jane.token, body: { title: 'laptop', key: (await sshPublicKey()).text } });
    await call('listCurrentUserSshKeys', { token: jane.token });
    await call('getCurrentUserSshKey', { token: jane.token, params: { key_id: own.id } });
    await call('listUserSshKeys', { params: { id_or_username: 'jane' } });
    await call('addCurrentUserSshKey', { token: jane.token, body: { title: 'again', key: own.key }, status: 400 });
    await call('deleteCurrentUserSshKey', { token: jane.token, params: { key_id: own.id } });
    await call('addUserSshKey', { params: { id_or_username: jane.id }, body: { title: 'ci', key: (await sshPublicKey()).text } });
    const [theirs] = await call('listUserSshKeys', { params: { id_or_username: jane.id } });
    await call('deleteUserSshKey', { params: { id_or_username: jane.id, key_id: theirs.id } });

    const created = await call('addCurrentUserGpgKey', { token: jane.token, body: { key: (await gpgPublicKey()).armored } });
    const gpgId = Array.isArray(created) ? created[0].id : created.id;
    await call('listCurrentUserGpgKeys', { token: jane.token });
    await call('getCurrentUserGpgKey', { token: jane.token, params: { key_id: gpgId } });
    await call('listUserGpgKeys', { params: { id: jane.id } });
    await call('getUserGpgKey', { params: { id: jane.id, key_id: gpgId } });
    await call('deleteCurrentUserGpgKey', { token: jane.token, params: { key_id: gpgId } });
    const forJane = await call('addUserGpgKey', { params: { id: jane.id }, body: { key: (await gpgPublicKey()).armored } });
    await call('deleteUserGpgKey', { params: { id: jane.id, key_id: Array.isArray(forJane) ? forJane[0].id : forJane.id } });

    const mail = await call('addCurrentUserEmail', { token: jane.token, body: { email: 'jane.two@example.com' } });
    await call('listCurrentUserEmails', { token: jane.token });
    await call('getCurrentUserEmail', { token: jane.token, params: { email_id: mail.id } });
    await call('addCurrentUserEmail', { token: jane.token, body: { email: 'jane.two@example.com' }, status: 400 });
    await call('deleteCurrentUserEmail', { token: jane.token, params: { email_id: mail.id } });
    await call('addUserEmail', { params: { id: jane.id }, body: { email: 'jane.three@example.com', skip_confirmation: true } });
    // The list holds jane's confirmed primary address too (the platform lists it): delete the one added.
    const listed: { id: number; email: string }[] = await call('listUserEmails', { params: { id: jane.id } });
    const third = listed.find((e) => e.email === 'jane.three@example.com')!;
    await call('deleteUserEmail', { params: { id: jane.id, email_id: third.id } });
  });

  it('impersonation tokens', async () => {
    const token = await call('createImpersonationToken', { params: { user_id: jane.id }, body: { name: 'ci', scopes: ['api'] } });
    await call('listImpersonationTokens', { params: { user_id: jane.id }, query: 'state=active' });
    await call('getImpersonationToken', { params: { user_id: jane.id, impersonation_token_id: token.id } });
    await call('revokeImpersonationToken', { params: { user_id: jane.id, impersonation_token_id: token.id } });
    await call('listImpersonationTokens', { params: { user_id: jane.id }, token: jane.token, status: 403 });
  });

  it('clusters, variables and dependencies of a project', async () => {
    const cluster = await call('addProjectCluster', {
      params: { id: projectId },
      body: { name: 'prod', platform_kubernetes_attributes: { api_url: 'https://k8s.example.com', token: 'k8s-token' } },
    });
    await call('listProjectClusters', { params: { id: projectId } });
    await call('getProjectCluster', { params: { id: projectId, cluster_id: cluster.id } });
    await call('updateProjectCluster', { params: { id: projectId, cluster_id: cluster.id }, body: { domain: 'example.com' } });
    await call('deleteProjectCluster', { params: { id: projectId, cluster_id: cluster.id } });
    await call('addProjectCluster', { params: { id: projectId }, body: { name: 'x' }, status: 400 });

    await call('createProjectVariable', { params: { id: projectId }, body: { key: 'DEPLOY_ENV', value: 'production' } });
    await call('listProjectVariables', { params: { id: projectId } });
    await call('getProjectVariable', { params: { id: projectId, key: 'DEPLOY_ENV' }, query: 'filter[environment_scope]=*' });
    await call('updateProjectVariable', { params: { id: projectId, key: 'DEPLOY_ENV' }, body: { value: 'staging', protected: true } });
    await call('deleteProjectVariable', { params: { id: projectId, key: 'DEPLOY_ENV' } });
    await call('createProjectVariable', { params: { id: projectId }, body: { key: 'bad key', value: 'v' }, status: 400 });

    const deps = await call('listProjectDependencies', { params: { id: projectId }, query: 'package_manager[]=npm' });
    expect(deps.length).toBeGreaterThan(0); // the fixture fills new projects: the schema saw real items
  });

  it('epics and todos of a group', async () => {
    const epic = await call('createGroupEpic', { params: { id: groupId }, body: { title: 'Launch', labels: 'a,b' } });
    await call('listGroupEpics', { params: { id: groupId }, query: 'state=opened&with_labels_details=true' });
    await call('getGroupEpic', { params: { id: groupId, epic_iid: epic.iid } });
    await call('updateGroupEpic', { params: { id: groupId, epic_iid: epic.iid }, body: { state_event: 'close' } });
    await call('createEpicTodo', { params: { id: groupId, epic_iid: epic.iid } });
    await call('createEpicTodo', { params: { id: groupId, epic_iid: epic.iid }, status: 304 });
    await call('deleteGroupEpic', { params: { id: groupId, epic_iid: epic.iid } });
    await call('getGroupEpic', { params: { id: 'no-such-group', epic_iid: 1 }, status: 404 });
  });

  it('exercised every operation of the document with its success status', () => {
    expect([...OPS.keys()].filter((id) => !exercised.has(id))).toEqual([]);
  });
});

describe('the check is not blind', () => {
  it('refuses a reference whose datetimes lack milliseconds, and ids sent as strings', async () => {
    const faulty = await testServer({ faults: ['format.datetime-no-millis', 'format.ids-as-strings'] });
    try {
      const created = await faulty.req('POST', '/broadcast_messages', { token: faulty.admin, body: { message: 'x' } });
      expect(created.statusCode).toBe(201);
      const problems = check('createBroadcastMessage', 201, created.data);
      expect(problems.join('\n')).toMatch(/\/id: must be integer/);
      expect(problems.join('\n')).toMatch(/\/starts_at: must match format "api-datetime"/);
    } finally {
      await faulty.app.close();
    }
  });

  it('refuses an undeclared status, a body where none is declared, and bad pagination headers', () => {
    expect(check('getBroadcastMessage', 418, {})).toEqual([expect.stringMatching(/status 418 is not declared/)]);
    expect(check('deleteBroadcastMessage', 204, { id: 1 })).toEqual([expect.stringMatching(/declares no body/)]);
    expect(check('listBroadcastMessages', 200, [], { 'x-page': 'one' })).toEqual([expect.stringMatching(/^header X-Page/)]);
    expect(check('getCurrentUser', 401, { message: 'nope' })).not.toEqual([]);
  });
});
