/**
 * SSH keys: the caller's own (/user/keys) and any user's (/users/:id_or_username/keys: listing
 * and reading one key by a numeric user id are public, as on the platform; adding and deleting
 * admin-only; a key of another user is 404 Key Not Found). Keys are checked for real (domain/ssh-keys.ts)
 * and unique by fingerprint across all users; the returned key keeps type and body and shows
 * "<user name> (<host>)" as its comment, as the platform does.
 *
 *   POST /api/v4/user/keys {"title":"laptop","key":"ssh-ed25519 AAAAC3... me@laptop"}
 *   -> 201 {"id":4,"title":"laptop","key":"ssh-ed25519 AAAAC3... Jane Doe (localhost)","created_at":"...","expires_at":null}
 *   the same key again -> 400 {"message":{"fingerprint":["has already been taken"],"key":["has already been taken"]}}
 *   (the platform profile: {"message":{"fingerprint_sha256":["has already been taken"]}}, as current releases)
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf, type RefContext, type ViewEnv } from '../../context.ts';
import type { SshKeyRecord, UserRecord } from '../../domain/records.ts';
import { parseSshKey, publishableKey, type ParsedSshKey, type SshKeyProblem } from '../../domain/ssh-keys.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { uniqueIndex } from '../../domain/unique-index.ts';
import { findUserByIdOrUsername } from '../../domain/users.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, stringParam, type Router } from '../../router.ts';

const MAX_TITLE = 255;
const CREATE = { title: p.string().required(), key: p.string().required(), expires_at: p.datetime() };

export function sshKeyView(k: SshKeyRecord, env: ViewEnv) {
  const owner = env.store.users.get(k.userId);
  return {
    id: k.id,
    title: k.title,
    created_at: env.fmt.datetime(k.createdAt),
    expires_at: env.fmt.datetimeOrNull(k.expiresAt),
    key: publishableKey(k, owner?.name ?? '', env.host.replace(/:\d+$/, '')),
    usage_type: 'auth_and_signing',
  };
}

/** The fault keys.unchecked: whatever text arrives is taken for a key. */
function uncheckedKey(text: string): ParsedSshKey {
  const [type = '', body = '', ...rest] = text.trim().split(/\s+/);
  const sha = createHash('sha256').update(text).digest('base64').replace(/=+$/, '');
  return { type, body, comment: rest.join(' '), bits: 0, fingerprintMd5: '', fingerprintSha256: `SHA256:${sha}` };
}

/** Checks and stores a key for `user`: 400 with a field map for a bad or duplicate key (keys.duplicate-race: a pause between). */
async function addKey(ctx: RefContext, request: FastifyRequest, user: UserRecord): Promise<SshKeyRecord> {
  const q = readParams(input(request), CREATE);
  const now = ctx.clock();
  const errors: FieldErrors = {};
  if (q.title.trim() === '') errors.title = ["can't be blank"];
  else if (q.title.length > MAX_TITLE) errors.title = [`is too long (maximum is ${MAX_TITLE} characters)`];
  if (q.expires_at !== undefined && q.expires_at <= now) errors.expires_at = ['must be in the future'];
  const parsed: ParsedSshKey | SshKeyProblem = ctx.has('keys.unchecked') ? uncheckedKey(q.key) : parseSshKey(q.key);
  if ('error' in parsed) {
    errors.key = [parsed.error];
    errors.fingerprint_sha256 = ['cannot be generated'];
  } else if (ctx.store.sshKeys.find((k) => k.fingerprintSha256 === parsed.fingerprintSha256)) {
    if (ctx.has('keys.duplicate-409')) fail('conflict', 'Fingerprint has already been taken');
    if (ctx.has('keys.duplicate-message-string')) fail('missing_attribute', 'Key has already been taken');
    if (ctx.has('platform.ssh-key-unique-by-sha256')) errors.fingerprint_sha256 = ['has already been taken'];
    else {
      errors.fingerprint = ['has already been taken'];
      errors.key = ['has already been taken'];
    }
  }
  if (Object.keys(errors).length > 0 || 'error' in parsed) fail('validation_failed', errors);
  if (ctx.has('keys.duplicate-race')) await storageRoundTrip();
  await uniqueIndex(ctx, () => !ctx.store.sshKeys.find((k) => k.fingerprintSha256 === parsed.fingerprintSha256));
  return ctx.store.sshKeys.insert({
    userId: user.id,
    title: q.title,
    type: parsed.type,
    body: parsed.body,
    comment: parsed.comment,
    fingerprintMd5: parsed.fingerprintMd5,
    fingerprintSha256: parsed.fingerprintSha256,
    expiresAt: q.expires_at ?? null,
    createdAt: now,
  });
}

function keysOf(ctx: RefContext, userId: number): SshKeyRecord[] {
  return ctx.store.sshKeys.filter((k) => k.userId === userId);
}

/** The key `:key_id` of `userId`, or 404; `anyOwner` (the ownership faults) finds any user's key. */
function keyOf(request: FastifyRequest, userId: number, anyOwner = false): SshKeyRecord {
  const key = ctxOf(request).store.sshKeys.get(intParam(request, 'key_id'));
  if (!key || (key.userId !== userId && !anyOwner)) fail('not_found', 'Key');
  return key;
}

function userById(request: FastifyRequest): UserRecord {
  const user = ctxOf(request).store.users.get(intParam(request, 'id_or_username'));
  if (!user) fail('not_found', 'User');
  return user;
}

export function registerSshKeys(r: Router): void {
  const { ctx } = r;

  r.op('listCurrentUserSshKeys', (request, reply) => {
    const env = envOf(request);
    return paginate(request, reply, keysOf(ctx, callerOf(request).user.id)).map((k) => sshKeyView(k, env));
  });

  r.op('getCurrentUserSshKey', (request) =>
    sshKeyView(keyOf(request, callerOf(request).user.id, ctx.has('keys.other-users-key-readable')), envOf(request)),
  );

  r.op('addCurrentUserSshKey', async (request, reply) =>
    created(request, reply, sshKeyView(await addKey(ctx, request, callerOf(request).user), envOf(request))),
  );

  r.op('deleteCurrentUserSshKey', (request, reply) => {
    const key = keyOf(request, callerOf(request).user.id, ctx.has('keys.other-users-key-deletable'));
    ctx.store.sshKeys.delete(key.id);
    return noContent(request, reply, sshKeyView(key, envOf(request)));
  });

  r.op('listUserSshKeys', (request, reply) => {
    const value = stringParam(request, 'id_or_username');
    const user = ctx.has('keys.list-by-id-only') && !/^\d+$/.test(value) ? undefined : findUserByIdOrUsername(ctx.store, value);
    if (!user) fail('not_found', 'User');
    const env = envOf(request);
    return paginate(request, reply, keysOf(ctx, user.id)).map((k) => sshKeyView(k, env));
  });

  r.op('addUserSshKey', async (request, reply) => {
    readParams(input(request), CREATE); // parameter checks before the user lookup
    const user = userById(request);
    return created(request, reply, sshKeyView(await addKey(ctx, request, user), envOf(request)));
  });

  // Read as the list is (public); the platform's GET ':id/keys/:key_id' in lib/api/users.rb.
  r.get('/users/:id_or_username(int)/keys/:key_id(int)', { auth: 'public' }, (request) =>
    sshKeyView(keyOf(request, userById(request).id), envOf(request)),
  );

  r.op('deleteUserSshKey', (request, reply) => {
    const key = keyOf(request, userById(request).id);
    ctx.store.sshKeys.delete(key.id);
    return noContent(request, reply, sshKeyView(key, envOf(request)));
  });
}
