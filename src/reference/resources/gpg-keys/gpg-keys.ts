/**
 * GPG keys: the caller's own (/user/gpg_keys) and any user's (/users/:id/gpg_keys,
 * administrators only; the platform profile lets anyone read them, platform.user-gpg-keys-public). A key must be an armored OpenPGP public key that parses
 * (domain/gpg-keys.ts) and is unique by fingerprint across all users. The create response is
 * the key object, as the platform answers (the spec's example shows it inside an array).
 *
 *   POST /api/v4/user/gpg_keys {"key":"-----BEGIN PGP PUBLIC KEY BLOCK-----\n..."}
 *   -> 201 {"id":1,"key":"-----BEGIN PGP PUBLIC KEY BLOCK-----\n...","created_at":"..."}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf, type RefContext, type ViewEnv } from '../../context.ts';
import { parseGpgKey } from '../../domain/gpg-keys.ts';
import type { GpgKeyRecord, UserRecord } from '../../domain/records.ts';
import { fail } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, type Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';

const TAKEN = 'has already been taken';

export function gpgKeyView(k: GpgKeyRecord, env: ViewEnv) {
  return { id: k.id, key: k.key, created_at: env.fmt.datetime(k.createdAt) };
}

async function addGpgKey(ctx: RefContext, user: UserRecord, text: string): Promise<GpgKeyRecord> {
  const parsed = await parseGpgKey(text);
  if ('errors' in parsed) {
    if (ctx.has('gpg.parse-error-500') && !('key' in parsed.errors)) throw new Error('openpgp: misformed key');
    fail('validation_failed', parsed.errors);
  }
  if (ctx.store.gpgKeys.find((k) => k.fingerprint === parsed.fingerprint)) {
    fail('validation_failed', { key: [TAKEN], fingerprint: [TAKEN], primary_keyid: [TAKEN] });
  }
  return ctx.store.gpgKeys.insert({
    userId: user.id,
    key: parsed.armored,
    fingerprint: parsed.fingerprint,
    primaryKeyId: parsed.primaryKeyId,
    createdAt: ctx.clock(),
  });
}

/** The GPG key `:key_id` of `userId`, or 404; `anyOwner` (the ownership faults) finds any user's key. */
function gpgKeyOf(request: FastifyRequest, userId: number, anyOwner = false): GpgKeyRecord {
  const key = ctxOf(request).store.gpgKeys.get(intParam(request, 'key_id'));
  if (!key || (key.userId !== userId && !anyOwner)) fail('not_found', 'GPG Key');
  return key;
}

export function registerGpgKeys(r: Router): void {
  const { ctx } = r;
  const CREATE = { key: p.string().required() };
  const list = (request: FastifyRequest, reply: Parameters<typeof paginate>[1], userId: number) => {
    const env = envOf(request);
    return paginate(
      request,
      reply,
      ctx.store.gpgKeys.filter((k) => k.userId === userId),
    ).map((k) => gpgKeyView(k, env));
  };

  r.op('listCurrentUserGpgKeys', (request, reply) => list(request, reply, callerOf(request).user.id));

  r.op('getCurrentUserGpgKey', (request) =>
    gpgKeyView(gpgKeyOf(request, callerOf(request).user.id, ctx.has('gpg.other-users-key-readable')), envOf(request)),
  );

  r.op('addCurrentUserGpgKey', async (request, reply) => {
    const q = readParams(input(request), CREATE);
    return created(request, reply, gpgKeyView(await addGpgKey(ctx, callerOf(request).user, q.key), envOf(request)));
  });

  r.op('deleteCurrentUserGpgKey', (request, reply) => {
    const key = gpgKeyOf(request, callerOf(request).user.id, ctx.has('gpg.other-users-key-deletable'));
    ctx.store.gpgKeys.delete(key.id);
    return noContent(request, reply, gpgKeyView(key, envOf(request)));
  });

  r.op('listUserGpgKeys', (request, reply) => list(request, reply, findUser(request).id));

  r.op('getUserGpgKey', (request) => gpgKeyView(gpgKeyOf(request, findUser(request).id), envOf(request)));

  r.op('addUserGpgKey', async (request, reply) => {
    const q = readParams(input(request), CREATE);
    const user = findUser(request);
    return created(request, reply, gpgKeyView(await addGpgKey(ctx, user, q.key), envOf(request)));
  });

  r.op('deleteUserGpgKey', (request, reply) => {
    const key = gpgKeyOf(request, findUser(request).id);
    ctx.store.gpgKeys.delete(key.id);
    return noContent(request, reply, gpgKeyView(key, envOf(request)));
  });
}
