/**
 * The target of the robustness tests: a reference server on 127.0.0.1:0 with a few resources of
 * every kind (users, tokens, keys, e-mails, messages, a group with epics, a project with a
 * variable and a cluster), its route table, the parameter names its routes read, arbitraries
 * that fill a route's path with values that exist, and a runner that sends generated requests
 * over real HTTP and collects every answer that breaks the rules, each with the exact request.
 *
 *   const t = await startFuzzTarget();
 *   const failures = await t.run(cases);          // [] when every answer was sane
 *   expect(failures, failures.join('\n\n')).toEqual([]);
 *   await t.close();
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sshPublicKey } from '../../kit/generators/ssh-keys.ts';
import { startReferenceServer, type RunningReference } from '../index.ts';
import { describeRaw, sendRaw, type RawRequest, type RawResponse } from './raw-http.ts';

/** Every generated case derives from this seed (printed with every failure). */
export const FUZZ_SEED = 1739;

export interface Route {
  method: string;
  /** As registered: /api/v4/users/:id */
  url: string;
}

/** One generated request and, beyond the general rules, what its answer must be. */
export interface Case {
  category: string;
  req: RawRequest;
  /** A problem with the answer, or undefined. Runs after the general rules (no 5xx, JSON error bodies). */
  expect?: (res: RawResponse) => string | undefined;
  /** The same request without the oddity (GET only): the answer must have the same status as this one's. */
  baseline?: RawRequest;
}

export type Who = 'admin' | 'user' | 'none';

export interface FuzzTarget {
  ref: RunningReference;
  port: number;
  routes: readonly Route[];
  /** Names of the parameters the routes read (taken from the resource modules' declarations). */
  paramNames: readonly string[];
  /** Authentication headers of a caller. */
  auth(who: Who): [string, string][];
  /** Mostly the admin (the handlers run), sometimes the regular user or nobody. */
  anyAuth(): fc.Arbitrary<[string, string][]>;
  /** The route's path with each :param replaced by a value that exists (or `replace(name)` where it returns one). */
  path(route: Route): fc.Arbitrary<string>;
  /** The route's parameter names, in order. */
  pathParams(route: Route): string[];
  /** Fills the path with the given values (raw, not encoded). */
  fill(route: Route, values: Record<string, string>): string;
  send(req: RawRequest): Promise<RawResponse>;
  /** Sends every case (a few at a time) and returns one message per broken rule, with the request. */
  run(cases: readonly Case[]): Promise<string[]>;
  /** Problems of a health request after a run (GET /user as the admin must answer 200). */
  healthy(): Promise<string | undefined>;
  close(): Promise<void>;
}

const ADMIN_TOKEN = 'robustness-admin-token';
const CONCURRENCY = 8;
const HERE = dirname(fileURLToPath(import.meta.url));

/** Parameter names declared with `name: p.<type>(` in the reference's modules. */
export function declaredParamNames(): string[] {
  const names = new Set<string>(['page', 'per_page', 'sudo', 'filter[environment_scope]']);
  const dirs = [join(HERE, '..'), join(HERE, '../resources')];
  for (const dir of dirs) {
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      for (const m of text.matchAll(/['"]?([a-z_]+(?:\[[a-z_]+\])*)['"]?\s*:\s*p\.[a-zA-Z]+\(/g)) names.add(m[1]!);
    }
  }
  return [...names].sort();
}

/** GET a list and answer JSON, via inject (fixtures only). */
async function post(ref: RunningReference, url: string, token: string, body: unknown): Promise<any> {
  const res = await ref.app.inject({
    method: 'POST',
    url: `/api/v4${url}`,
    headers: { 'private-token': token, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 201) throw new Error(`fixture POST ${url}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}

interface Fixtures {
  userToken: string;
  values: Record<string, string[]>;
}

async function createFixtures(ref: RunningReference): Promise<Fixtures> {
  const admin = ref.adminToken;
  const users = [];
  for (const name of ['fz-jane', 'fz-bob', 'fz-carol']) {
    users.push(
      await post(ref, '/users', admin, {
        username: name,
        name,
        email: `${name}@example.com`,
        password: 'password123',
        skip_confirmation: true,
      }),
    );
  }
  // Jane is the regular caller: she never appears in a path (a generated request could block her or revoke her token).
  const [jane, ...others] = users;
  const token = await post(ref, `/users/${jane.id}/impersonation_tokens`, admin, { name: 'fz', scopes: ['api', 'read_user'] });
  const otherToken = await post(ref, `/users/${others[0].id}/impersonation_tokens`, admin, { name: 'fz', scopes: ['api'] });
  const key = await post(ref, '/user/keys', token.token, { title: 'fz', key: (await sshPublicKey()).text });
  await post(ref, `/users/${jane.id}/keys`, admin, { title: 'fz2', key: (await sshPublicKey()).text });
  const email = await post(ref, '/user/emails', token.token, { email: 'fz-jane2@example.com' });
  const messages = [
    await post(ref, '/broadcast_messages', admin, { message: 'one' }),
    await post(ref, '/broadcast_messages', admin, { message: 'two' }),
  ];
  const group = await post(ref, '/groups', admin, { name: 'fz-group', path: 'fz-group' });
  const epics = [
    await post(ref, `/groups/${group.id}/epics`, admin, { title: 'e1' }),
    await post(ref, `/groups/${group.id}/epics`, admin, { title: 'e2' }),
  ];
  const project = await post(ref, '/projects', admin, { name: 'fz-project', path: 'fz-project' });
  await post(ref, `/projects/${project.id}/variables`, admin, { key: 'FZ_KEY', value: 'value-123' });
  const cluster = await post(ref, `/projects/${project.id}/clusters/user`, admin, {
    name: 'fz',
    platform_kubernetes_attributes: { api_url: 'https://k8s.example.com', token: 'secret-k8s-token' },
  });
  return {
    userToken: token.token,
    values: {
      // Keyed by "<segment before>/:name", then by ":name". Never the root admin's id: the admin must survive the run.
      'broadcast_messages/:id': messages.map((m) => String(m.id)),
      'users/:id': others.map((u) => String(u.id)),
      ':user_id': others.map((u) => String(u.id)),
      ':id_or_username': [String(others[0].id), others[1].username, 'FZ-BOB'],
      ':provider': ['ldapmain', 'github'],
      ':impersonation_token_id': [String(otherToken.id)],
      ':key_id': [String(key.id), '2'],
      ':email_id': [String(email.id)],
      'projects/:id': [String(project.id), encodeURIComponent(project.path_with_namespace)],
      'groups/:id': [String(group.id), 'fz-group'],
      ':cluster_id': [String(cluster.id)],
      ':key': ['FZ_KEY'],
      ':epic_iid': epics.map((e) => String(e.iid)),
    },
  };
}

/** The general rules every answer keeps: no 5xx; a 4xx is a JSON object with `message` or `error`. */
export function saneAnswer(res: RawResponse): string | undefined {
  if (res.status >= 500) return `answered ${res.status}, a server error`;
  if (res.status < 200 || (res.status >= 300 && res.status < 400 && res.status !== 304))
    return `answered ${res.status}, neither 2xx, 304 nor 4xx`;
  if (res.status >= 400) {
    if (!/^application\/json\b/i.test(res.headers['content-type'] ?? ''))
      return `a ${res.status} with Content-Type ${res.headers['content-type'] ?? '(none)'}, not JSON`;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `a ${res.status} whose body is not JSON`;
    }
    const b = body as { message?: unknown; error?: unknown } | null;
    const ok =
      typeof b === 'object' &&
      b !== null &&
      (typeof b.message === 'string' || (typeof b.message === 'object' && b.message !== null) || typeof b.error === 'string');
    if (!ok) return `a ${res.status} whose body holds neither message nor error`;
  }
  return undefined;
}

export async function startFuzzTarget(): Promise<FuzzTarget> {
  const ref = await startReferenceServer({ port: 0, adminToken: ADMIN_TOKEN });
  const port = Number(new URL(ref.url).port);
  const fixtures = await createFixtures(ref);
  const routes = ref.app.routeTable;
  const paramNames = declaredParamNames();
  const secrets: [string, string][] = [
    [ADMIN_TOKEN, '<admin token>'],
    [fixtures.userToken, '<user token>'],
  ];
  const mask = (text: string) => secrets.reduce((s, [v, label]) => s.split(v).join(label), text);

  const auth = (who: Who): [string, string][] =>
    who === 'admin' ? [['Private-Token', ADMIN_TOKEN]] : who === 'user' ? [['Private-Token', fixtures.userToken]] : [];
  const pathParams = (route: Route) => [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const valuesOf = (route: Route, name: string): string[] => {
    const before = new RegExp(`([a-z_]+)/:${name}\\b`).exec(route.url)?.[1];
    return fixtures.values[`${before}/:${name}`] ?? fixtures.values[`:${name}`] ?? ['1'];
  };
  const fill = (route: Route, values: Record<string, string>) => route.url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1');
  const path = (route: Route) => {
    const names = pathParams(route);
    if (names.length === 0) return fc.constant(route.url);
    return fc
      .tuple(...names.map((n) => fc.constantFrom(...valuesOf(route, n))))
      .map((vals) => fill(route, Object.fromEntries(names.map((n, i) => [n, vals[i]!]))));
  };
  const send = (req: RawRequest) => sendRaw(port, req);

  const check = async (c: Case): Promise<string | undefined> => {
    let res: RawResponse;
    try {
      res = await send(c.req);
    } catch (e) {
      return mask(`[${c.category}] ${(e as Error).message}`);
    }
    let problem = saneAnswer(res) ?? c.expect?.(res);
    if (!problem && c.baseline) {
      const base = await send(c.baseline).catch((e: Error) => ({ status: 0, body: e.message, headers: {} }));
      if (base.status !== res.status) problem = `answered ${res.status}, the same request without the unknown parameters ${base.status}`;
    }
    if (!problem) return undefined;
    return mask(
      `[${c.category}] ${problem} (seed ${FUZZ_SEED})\n  answer: ${res.status} ${JSON.stringify(res.body.slice(0, 300))}\n${describeRaw(c.req)}`,
    );
  };

  return {
    ref,
    port,
    routes,
    paramNames,
    auth,
    pathParams,
    fill,
    path,
    send,
    anyAuth: () => fc.constantFrom<Who>('admin', 'admin', 'admin', 'admin', 'user', 'none').map(auth),
    async run(cases) {
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const problem = await check(cases[next++]!);
          if (problem) failures.push(problem);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return failures;
    },
    async healthy() {
      const res = await send({ method: 'GET', path: '/api/v4/user', headers: auth('admin') });
      return res.status === 200 ? undefined : `after the run GET /api/v4/user answered ${res.status} ${res.body.slice(0, 200)}`;
    },
    close: () => ref.close(),
  };
}

/** A kind of malformed request, generated for every route it applies to. */
export interface Category {
  name: string;
  /** Cases per route it applies to. */
  perRoute: number;
  applies(route: Route): boolean;
  arb(route: Route, t: FuzzTarget): fc.Arbitrary<Case>;
}

/**
 * The category's cases over the whole route table, deterministic for (seed, route index). DELETE
 * requests go last, so that the resources stay in place for the other routes as long as possible.
 */
export function casesFor(category: Category, t: FuzzTarget): Case[] {
  const cases = t.routes.flatMap((route, index) =>
    category.applies(route) ? fc.sample(category.arb(route, t), { seed: FUZZ_SEED + index, numRuns: category.perRoute }) : [],
  );
  return [...cases.filter((c) => c.req.method !== 'DELETE'), ...cases.filter((c) => c.req.method === 'DELETE')];
}

/** An expectation on the status beyond the general rules. */
export function expectStatus(allowed: (status: number) => boolean, what: string): (res: RawResponse) => string | undefined {
  return (res) => (allowed(res.status) ? undefined : `answered ${res.status}, expected ${what}`);
}

/** 400 with the API's own malformed-request body (errors.ts bad_request), also for what Node's HTTP parser refuses. */
export function expectBadRequest(res: RawResponse): string | undefined {
  if (res.status !== 400) return `answered ${res.status}, expected 400`;
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.startsWith('400 Bad request')) return undefined;
  } catch {
    /* reported below */
  }
  return `a 400 without the API's bad-request body: ${res.body.slice(0, 120)}`;
}
