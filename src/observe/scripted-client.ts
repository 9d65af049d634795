/**
 * A small scripted client for observe's self-tests: the few requests that show each fault one
 * exchange can show (observe-faults.test.ts), sent through the proxy to a reference. It creates
 * what it reads (broadcast messages, users, an impersonation token, a project with a cluster and a
 * variable), pages through lists with a filter, and sends a 401 and a missing-attribute 400.
 *
 *   await drive(`${observe.url}/api/v4`, ref.adminToken);
 */
import { jsonCall, type JsonAnswer } from './json-call.ts';

type Sent = JsonAnswer;

export async function drive(api: string, token: string): Promise<void> {
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'private-token': token },
  ): Promise<Sent> => jsonCall(method, `${api}${path}`, headers, body);
  const id = (s: Sent) => (s.json as { id?: number | string } | undefined)?.id;

  // Broadcast messages: create (201), list whole and page by page, read one, delete (204).
  const made: (number | string | undefined)[] = [];
  for (let i = 0; i < 3; i++) made.push(id(await send('POST', '/broadcast_messages', { message: `observe ${i}` })));
  await send('GET', '/broadcast_messages');
  for (const page of [1, 2, 3]) await send('GET', `/broadcast_messages?per_page=1&page=${page}`);
  await send('GET', `/broadcast_messages/${made[0]}`);
  await send('DELETE', `/broadcast_messages/${made[2]}`);

  // Users: two more, then the list paged with a filter (Link URLs must keep it).
  const stamp = Date.now().toString(36);
  const users: (number | string | undefined)[] = [];
  for (const n of [1, 2])
    users.push(
      id(
        await send('POST', '/users', {
          email: `observe-${stamp}-${n}@example.com`,
          name: `Observe ${n}`,
          username: `observe-${stamp}-${n}`,
          password: `Pw-${stamp}-secret-${n}`,
        }),
      ),
    );
  for (const page of [1, 2, 3]) await send('GET', `/users?active=true&per_page=1&page=${page}`);

  // An impersonation token: created, listed, read.
  const created = await send('POST', `/users/${users[0]}/impersonation_tokens`, { name: 'observe', scopes: ['api'] });
  await send('GET', `/users/${users[0]}/impersonation_tokens`);
  await send('GET', `/users/${users[0]}/impersonation_tokens/${id(created)}`);

  // A project with a cluster and a variable.
  const project = id(await send('POST', '/projects', { name: `observe-${stamp}` }));
  const cluster = await send('POST', `/projects/${project}/clusters/user`, {
    name: `observe-${stamp}`,
    platform_kubernetes_attributes: { api_url: 'https://k8s.example.com', token: `cluster-token-${stamp}` },
  });
  await send('GET', `/projects/${project}/clusters`);
  await send('GET', `/projects/${project}/clusters/${id(cluster)}`);
  await send('POST', `/projects/${project}/variables`, { key: 'OBSERVE_KEY', value: 'v' });
  await send('GET', `/projects/${project}/variables/OBSERVE_KEY`);

  // Errors one answer shows: a 401, and a 400 of a missing attribute.
  await send('GET', '/user', undefined, { 'private-token': 'not-a-token-at-all' });
  await send('POST', '/user/keys', {});
}
