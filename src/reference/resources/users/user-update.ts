/**
 * PUT /users/:id (administrators): partial update; attributes not given keep their values. As
 * the spec says, a taken e-mail or username answers 404 (where 409 would fit). A new e-mail waits
 * for reconfirmation unless skip_reconfirmation=true; extern_uid + provider add or change the
 * identity of that provider; an avatar file (multipart) replaces the avatar.
 *
 *   PUT /api/v4/users/2 {"bio":"Hello"}                          -> 200 {"id":2,"bio":"Hello",...}
 *   PUT /api/v4/users/2 {"email":"taken@example.com"}            -> 404 {"message":"404 Email has already been taken"}
 */
import type { FastifyRequest } from 'fastify';
import { ctxOf } from '../../context.ts';
import { topLevelGroupAt } from '../../domain/namespaces.ts';
import type { Identity, UserRecord } from '../../domain/records.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { emailTaken, findUserByUsername, userDefaults } from '../../domain/users.ts';
import { fail } from '../../errors.ts';
import { input, p, readParams } from '../../params.ts';
import type { Store } from '../../store.ts';
import { avatarOf } from './user-avatars.ts';
import { identityOf, USER_ATTRIBUTES, userFields, validateUser } from './user-create.ts';
import { findUser } from '../../lookups.ts';

const UPDATE = { ...USER_ATTRIBUTES, skip_reconfirmation: p.boolean() };

/** Profile attributes a faulty server resets when a PUT leaves them out. */
const RESETTABLE = [
  'bio',
  'location',
  'publicEmail',
  'skype',
  'linkedin',
  'twitter',
  'discord',
  'websiteUrl',
  'organization',
  'jobTitle',
  'note',
  'projectsLimit',
  'canCreateGroup',
  'themeId',
  'colorSchemeId',
  'external',
  'privateProfile',
] as const;

function taken(store: Store, user: UserRecord, email: string | undefined, username: string | undefined): string | undefined {
  if (email !== undefined && emailTaken(store, email, user.id)) return 'Email has already been taken';
  if (username !== undefined) {
    const other = findUserByUsername(store, username);
    if ((other && other.id !== user.id) || topLevelGroupAt(store, username)) return 'Username has already been taken';
  }
  return undefined;
}

function withIdentity(identities: Identity[], identity: Identity | undefined): Identity[] {
  if (!identity) return identities;
  const others = identities.filter((i) => i.provider !== identity.provider);
  return [...others, identity];
}

/** The update, checked then written with no await between (users.update-email-race: a pause between). */
export async function updateUserFromRequest(request: FastifyRequest): Promise<UserRecord> {
  const ctx = ctxOf(request);
  const { store } = ctx;
  const q = readParams(input(request), UPDATE);
  const user = findUser(request);
  const conflict = taken(store, user, q.email, q.username);
  if (conflict) {
    if (ctx.has('users.update-conflict-409')) fail('conflict', conflict);
    fail('conflict_as_not_found', conflict);
  }
  if (ctx.has('users.update-email-race')) await storageRoundTrip();
  const identity = identityOf(store, q, user.id);
  const given = userFields(q);
  const reconfirm = given.email !== undefined && given.email.toLowerCase() !== user.email.toLowerCase() && q.skip_reconfirmation !== true;
  const { email: newEmail, ...others } = given;
  const reset: Partial<UserRecord> = {};
  if (ctx.has('users.update-resets-omitted')) {
    const defaults = userDefaults(user.createdAt);
    for (const key of RESETTABLE) (reset as Record<string, unknown>)[key] = defaults[key];
  }
  const next: UserRecord = {
    ...user,
    ...reset,
    ...others,
    ...(newEmail !== undefined && !reconfirm ? { email: newEmail, unconfirmedEmail: null } : {}),
  };
  validateUser({ ...next, email: newEmail ?? user.email }, q.password, q.avatar);
  const avatar = avatarOf(q.avatar);
  const updated =
    store.users.update(user.id, {
      ...next,
      ...(reconfirm ? { unconfirmedEmail: newEmail } : {}),
      ...(avatar ? { avatar } : {}),
      identities: withIdentity(user.identities, identity),
      updatedAt: ctx.clock(),
    }) ?? user;
  if (q.username !== undefined && q.username !== user.username) {
    store.namespaces.update(user.namespaceId, { path: q.username, name: updated.name });
  }
  return updated;
}
