/**
 * A scripted client for observe's self-tests that behaves like a real one (python-gitlab, the Ruby,
 * Perl and Go clients): it logs in (GET /user), lists without asking for a page size, creates with
 * the required attributes only (every documented default left to the server), pages to the end by
 * following Link rel="next" as given, reads and updates what it made, and provokes the errors a
 * client meets (a wrong token, a create that forgets an attribute). The other scripted client
 * (scripted-client.ts) sends the few requests that show each fault; this one sends what real
 * traffic holds. Link URLs are followed as written: start observe with `preserveHost` so that they
 * lead back through it.
 *
 *   await driveLikeAClient(`${observe.url}/api/v4`, ref.adminToken);
 */
import { jsonCall, type JsonAnswer } from './json-call.ts';

type Answer = JsonAnswer;

/** The URL of rel="next" in a Link header, as written. */
function nextLink(link: string | undefined): string | undefined {
  for (const m of (link ?? '').matchAll(/<([^>]*)>\s*;[^,]*rel="?next"?/g)) return m[1];
  return undefined;
}

/** The most pages one walk follows (a server that always links a next page must not hold the client forever). */
const MAX_PAGES = 20;

export async function driveLikeAClient(api: string, token: string): Promise<void> {
  const call = (method: string, url: string, body?: unknown, auth = token): Promise<Answer> =>
    jsonCall(method, url.startsWith('http') ? url : `${api}${url}`, { 'private-token': auth }, body);
  const id = (a: Answer) => (a.json as { id?: number } | undefined)?.id;
  /** Every page of a list, from the first (as asked) along rel="next". */
  const walk = async (path: string) => {
    let url: string | undefined = path;
    for (let n = 0; url !== undefined && n < MAX_PAGES; n++) url = nextLink((await call('GET', url)).link);
  };
  const stamp = Date.now().toString(36);

  // Log in, as every client does first.
  await call('GET', '/user');

  // Broadcast messages: a few made with the message alone, listed, paged to the end, one read.
  const messages: (number | undefined)[] = [];
  for (let i = 0; i < 3; i++) messages.push(id(await call('POST', '/broadcast_messages', { message: `client ${stamp} ${i}` })));
  await call('GET', '/broadcast_messages');
  await walk('/broadcast_messages?per_page=2');
  await call('GET', `/broadcast_messages/${messages[0]}`);

  // Users: one made with the required attributes and a password, the list paged to the end.
  await call('POST', '/users', {
    email: `client-${stamp}@example.com`,
    name: `Client ${stamp}`,
    username: `client-${stamp}`,
    password: `Pw-${stamp}-long-enough`,
  });
  await call('GET', '/users');
  await walk('/users?per_page=2');

  // A project with a cluster and variables, each made without its optional attributes.
  const project = id(await call('POST', '/projects', { name: `client-${stamp}` }));
  await call('POST', `/projects/${project}/clusters/user`, {
    name: `client-${stamp}`,
    platform_kubernetes_attributes: { api_url: 'https://k8s.example.com', token: `cluster-token-${stamp}` },
  });
  await call('GET', `/projects/${project}/clusters`);
  for (const key of ['CLIENT_ONE', 'CLIENT_TWO', 'CLIENT_THREE']) await call('POST', `/projects/${project}/variables`, { key, value: 'v' });
  await call('GET', `/projects/${project}/variables`);
  await walk(`/projects/${project}/variables?per_page=2`);

  // A group with epics: made with a title alone, listed, read, renamed.
  const group = id(await call('POST', '/groups', { name: `group-${stamp}`, path: `group-${stamp}` }));
  const epic = (await call('POST', `/groups/${group}/epics`, { title: 'first' })).json as { iid?: number } | undefined;
  await call('POST', `/groups/${group}/epics`, { title: 'second' });
  await call('GET', `/groups/${group}/epics`);
  await call('GET', `/groups/${group}/epics/${epic?.iid}`);
  await call('PUT', `/groups/${group}/epics/${epic?.iid}`, { title: 'renamed' });

  // The errors a client provokes: a wrong token, and a create that forgets a required attribute.
  await call('GET', '/user', undefined, 'not-a-token-at-all');
  await call('POST', `/groups/${group}/epics`, { description: 'no title' });
}
