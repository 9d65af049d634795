/**
 * A test upstream for observe's canary self-test (canaries.test.ts): it answers API routes with
 * faults whose server findings would carry the installation's values (a datetime without
 * milliseconds beside a canary name, a 401 body holding a canary, a validation 400 echoing one, a
 * missing-attribute 400 naming a user, a Link that drops a canary filter, an id that is a username,
 * a body that is not JSON, a token shown in a list), every answer with a canary session cookie;
 * and the canary values themselves, personal and credential.
 *
 *   const up = await startCanaryUpstream();   // up.url: 'http://127.0.0.1:41234'
 *   await up.close();
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Personal values: none may reach a report unless --show-values. Each holds 7f3a, the datetime and the IP aside. */
export const PERSONAL = {
  email: 'canary-email-7f3a@example.org',
  name: 'Canary Name 7f3a',
  username: 'canaryuser7f3a',
  bio: 'Canary bio 7f3a: trains, tea and long walks',
  location: 'Canary Town 7f3a',
  note: 'canary note 7f3a',
  message: 'Canary status 7f3a',
  search: 'Canary Search 7f3a',
  unknown: 'canary-unknown-value-7f3a',
  badDate: 'canary-date-7f3a',
  ip: '203.0.113.77',
  datetime: '2031-07-13T07:13:31+02:00',
  date: '13/07/2031',
} as const;

/** Credentials: none may reach a report, even with --show-values. */
export const CREDENTIALS = {
  queryToken: 'canary-query-token-7f3a',
  headerToken: 'canary-header-token-7f3a',
  cookie: 'canary-cookie-session-7f3a',
  setCookie: 'canary-set-cookie-7f3a',
  password: 'canary-password-7f3a',
  basicPassword: 'canary-basic-password-7f3a',
  jsonToken: 'canary-json-token-7f3a',
  formToken: 'canary-form-token-7f3a',
  answerToken: 'canary-answer-token-7f3a',
} as const;

const P = PERSONAL;

const user = (id: unknown) => ({
  id,
  username: P.username,
  name: P.name,
  state: 'active',
  avatar_url: null,
  web_url: `https://gitlab.example.com/${P.username}`,
  created_at: P.datetime,
  bio: P.bio,
  location: P.location,
  public_email: P.email,
  email: P.email,
  note: P.note,
  current_sign_in_ip: P.ip,
  last_sign_in_ip: P.ip,
});

type Answer = { status: number; body: unknown; type?: string; headers?: Record<string, string> };

function answer(method: string, path: string, query: URLSearchParams, origin: string): Answer {
  if (method === 'GET' && path === '/api/v4/users') {
    // The next page's Link keeps username but drops search (conv.pagination.link_follow).
    const next = `${origin}/api/v4/users?page=2&per_page=1&username=${P.username}`;
    const first = `${origin}/api/v4/users?${query.toString()}`;
    return {
      status: 200,
      body: [user(1)],
      headers: {
        link: `<${next}>; rel="next", <${first}>; rel="first"`,
        'x-page': '1',
        'x-per-page': '1',
        'x-next-page': '2',
        'x-prev-page': '',
        'x-total': '2',
        'x-total-pages': '2',
      },
    };
  }
  if (method === 'GET' && /^\/api\/v4\/users\/\d+$/.test(path)) return { status: 200, body: user(Number(path.split('/').pop())) };
  if (method === 'GET' && /^\/api\/v4\/users\/\d+\/memberships$/.test(path))
    return { status: 200, body: [{ source_id: P.username, source_name: P.name, source_type: 'Project', access_level: 30 }] };
  if (method === 'GET' && /^\/api\/v4\/users\/\d+\/impersonation_tokens$/.test(path))
    return {
      status: 200,
      body: [
        { id: 1, name: P.name, revoked: false, created_at: '2031-07-13T07:13:31.000Z', scopes: ['api'], token: 'x', active: true },
        { id: 2, name: 'two', token: { value: 'y', secret_token: 'canary-answer-token-7f3a' } },
      ],
    };
  if (method === 'GET' && path === '/api/v4/user')
    return { status: 401, type: 'text/plain', body: `Unauthorized: ${P.name} <${P.email}> from ${P.ip} as ${P.username}` };
  if (method === 'GET' && path === '/api/v4/user/status')
    return { status: 401, body: { message: '401 Unauthorized', user: P.username, email: P.email, bio: P.bio } };
  if (method === 'GET' && path === '/api/v4/user/activities')
    return { status: 200, body: [{ username: P.username, last_activity_on: P.date, last_activity_at: P.date }] };
  if (method === 'POST' && path === '/api/v4/users')
    return { status: 400, body: { message: { email: `${P.email} is invalid, and so is ${P.name}`, name: [`${P.name} is taken`] } } };
  if (method === 'POST' && path === '/api/v4/user/keys')
    return { status: 400, body: { message: `${P.name} (${P.username}) cannot do that` } };
  if (method === 'GET' && path === '/api/v4/broadcast_messages')
    return { status: 200, type: 'application/json', body: `<html><body>${P.name} ${P.email} ${P.bio}</body></html>` };
  if (method === 'PUT' && path === '/api/v4/user/status') return { status: 200, body: { emoji: 'coffee', message: P.message } };
  return { status: 404, body: { message: '404 Not found' } };
}

export interface CanaryUpstream {
  url: string;
  close(): Promise<void>;
}

export async function startCanaryUpstream(): Promise<CanaryUpstream> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const origin = `http://${req.headers.host}`;
      const a = answer(req.method ?? 'GET', url.pathname, url.searchParams, origin);
      const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
      res.writeHead(a.status, {
        'content-type': a.type ?? 'application/json',
        'set-cookie': [`_gitlab_session=${CREDENTIALS.setCookie}; path=/; HttpOnly`, 'theme=dark; path=/'],
        ...a.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
