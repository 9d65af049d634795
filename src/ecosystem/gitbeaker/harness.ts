/**
 * The world of the gitbeaker compatibility suite: the bundled reference started in-process on
 * 127.0.0.1 (port 0) with the optional capabilities a certification run switches on, an admin
 * client of `@gitbeaker/rest`, and regular users each with their own client (an impersonation
 * token made through the admin client).
 *
 *   const w = await startWorld();
 *   const jane = await w.newUser('jane');          // { id, username, api: Gitlab }
 *   await jane.api.Users.showCurrentUser();
 *   const err = await failure(w.admin.Users.show(999_999)); // { status: 404, description: '404 User Not Found' }
 *   await w.close();
 */
import { Gitlab, GitbeakerRequestError } from '@gitbeaker/rest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_PROCESS_DEFAULTS, referenceOptionsFromEnv } from '../../reference/env-options.ts';
import { startReferenceServer, type RunningReference } from '../../reference/index.ts';

export type Client = InstanceType<typeof Gitlab<false>>;

export interface WorldUser {
  id: number;
  username: string;
  /** A client authenticated with the user's impersonation token (scopes api, read_user). */
  api: Client;
}

export interface World {
  ref: RunningReference;
  /** The seeded administrator's client. */
  admin: Client;
  /** Creates a regular user through the admin client, and a client for it. */
  newUser(username: string): Promise<WorldUser>;
  /** A client that sends no token at all. */
  anonymous: Client;
  close(): Promise<void>;
}

export const PASSWORD = 'gitbeaker-password-1';

/**
 * The client's own rate limiting, reduced to one glob: its default table has ~20 globs that it
 * matches (compiling each) on every request, several milliseconds per call that add nothing
 * here. Nothing on the wire changes.
 */
export const FAST_RATE_LIMITS = { '**': 100_000 };

export function clientFor(url: string, token?: string): Client {
  const common = { host: url, rateLimits: FAST_RATE_LIMITS };
  return token === undefined ? new Gitlab(common) : new Gitlab({ ...common, token });
}

/**
 * Starts the world with strict mode on: close() fails on any finding but the allowed ones
 * ('kind operationId parameter', e.g. a flow that sends a datetime where a date is asked on purpose).
 */
export async function startWorld(allowedFindings: readonly string[] = []): Promise<World> {
  // The same switches a certification run gives its in-process reference (global-setup.ts).
  const options = referenceOptionsFromEnv({ ...IN_PROCESS_DEFAULTS });
  // Strict on: a well-behaved client sends only what each operation reads (close() fails otherwise).
  const ref = await startReferenceServer({
    ...options,
    host: '127.0.0.1',
    port: 0,
    strict: true,
    clientReport: join(tmpdir(), `gitbeaker-client-report-${process.pid}`),
  });
  const admin = clientFor(ref.url, ref.adminToken);
  return {
    ref,
    admin,
    anonymous: clientFor(ref.url),
    async newUser(username) {
      const user = await admin.Users.create({
        username,
        name: `Name ${username}`,
        email: `${username}@example.com`,
        password: PASSWORD,
        skipConfirmation: true,
      });
      const token = await admin.UserImpersonationTokens.create(user.id, 'gitbeaker suite', ['api', 'read_user']);
      if (typeof token.token !== 'string') throw new Error(`no token value in the create response of ${username}'s impersonation token`);
      return { id: user.id, username, api: clientFor(ref.url, token.token) };
    },
    async close() {
      const findings = ref.findings().filter((f) => !allowedFindings.includes(`${f.kind} ${f.operationId} ${f.parameter}`));
      await ref.close();
      if (findings.length > 0)
        throw new Error(
          `strict mode findings of gitbeaker's requests:\n${findings.map((f) => `${f.kind} ${f.operationId} ${f.parameter}: ${f.detail} (${f.request.method} ${f.request.url})`).join('\n')}`,
        );
    },
  };
}

/** What a failed client call surfaced: gitbeaker's own error, its HTTP status and description. */
export interface Failure {
  status: number;
  description: string;
}

/** Awaits a call that must fail with the client's request error; anything else fails the test. */
export async function failure(call: Promise<unknown>): Promise<Failure> {
  let outcome: unknown;
  try {
    outcome = await call;
  } catch (e) {
    if (!(e instanceof GitbeakerRequestError)) throw e;
    const cause = e.cause as { response?: Response; description?: string } | undefined;
    if (!cause?.response) throw new Error(`GitbeakerRequestError without a response: ${e.message}`);
    return { status: cause.response.status, description: e.message };
  }
  throw new Error(`expected the client to raise a request error, got ${JSON.stringify(outcome)}`);
}
