/**
 * POST /users (administrators): parameters, the platform's model checks and conflicts, and the
 * insert (an avatar file when the body is multipart). Answers 201 with the admin view. Under the
 * capability users.private-profile-by-default a user created without private_profile (or with null)
 * gets a private profile.
 *
 *   POST /api/v4/users {"email":"j@x.org","name":"J","username":"j","password":"secret123"}
 *   -> 201 {"id":2,"username":"j","is_admin":false,"bio":"",...}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf } from '../../context.ts';
import { topLevelGroupAt } from '../../domain/namespaces.ts';
import type { Identity, UserRecord } from '../../domain/records.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { createUser, emailTaken, findUserByUsername } from '../../domain/users.ts';
import { uniqueIndex } from '../../domain/unique-index.ts';
import { fail, type FieldErrors } from '../../errors.ts';
import { input, p, readParams, type Values } from '../../params.ts';
import type { UploadedFile } from '../../multipart.ts';
import type { Store } from '../../store.ts';
import { avatarErrors, avatarOf } from './user-avatars.ts';
import { NAMESPACE_PATH_TEXT, validNamespacePath } from '../../domain/namespaces.ts';

export const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** Attributes POST and PUT /users accept. */
export const USER_ATTRIBUTES = {
  avatar: p.file(),
  email: p.string(),
  name: p.string(),
  username: p.string(),
  password: p.string(),
  admin: p.boolean(),
  bio: p.string(),
  can_create_group: p.boolean(),
  color_scheme_id: p.integer(),
  theme_id: p.integer(),
  projects_limit: p.integer(),
  external: p.boolean(),
  private_profile: p.boolean(),
  extern_uid: p.string(),
  provider: p.string(),
  group_id_for_saml: p.integer(),
  linkedin: p.string(),
  location: p.string(),
  note: p.string(),
  organization: p.string(),
  skype: p.string(),
  twitter: p.string(),
  discord: p.string(),
  website_url: p.string(),
  job_title: p.string(),
  public_email: p.string(),
  shared_runners_minutes_limit: p.integer(),
  extra_shared_runners_minutes_limit: p.integer(),
};

const CREATE = {
  ...USER_ATTRIBUTES,
  email: p.string().required(),
  name: p.string().required(),
  username: p.string().required(),
  reset_password: p.boolean(),
  force_random_password: p.boolean(),
  skip_confirmation: p.boolean(),
};

type UserAttributes = Values<typeof USER_ATTRIBUTES>;

/** Record fields from given attributes (undefined = not given). */
export function userFields(q: UserAttributes): Partial<UserRecord> {
  const fields: Partial<UserRecord> = {
    email: q.email,
    name: q.name,
    username: q.username,
    admin: q.admin,
    bio: q.bio,
    canCreateGroup: q.can_create_group,
    colorSchemeId: q.color_scheme_id,
    themeId: q.theme_id,
    projectsLimit: q.projects_limit,
    external: q.external,
    privateProfile: q.private_profile,
    linkedin: q.linkedin,
    location: q.location,
    note: q.note,
    organization: q.organization,
    skype: q.skype,
    twitter: q.twitter,
    discord: q.discord,
    websiteUrl: q.website_url,
    jobTitle: q.job_title,
    publicEmail: q.public_email,
    sharedRunnersMinutesLimit: q.shared_runners_minutes_limit,
    extraSharedRunnersMinutesLimit: q.extra_shared_runners_minutes_limit,
  };
  for (const key of Object.keys(fields) as (keyof UserRecord)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}

/** The platform's model validations of a user about to be saved (plus the avatar's, if any). */
export function validateUser(
  user: Pick<UserRecord, 'email' | 'name' | 'username' | 'bio' | 'projectsLimit' | 'publicEmail'>,
  password?: string,
  avatar?: UploadedFile,
): void {
  const errors: FieldErrors = { ...(avatar ? avatarErrors(avatar) : {}) };
  if (user.name.trim() === '') errors.name = ["can't be blank"];
  else if (user.name.length > 255) errors.name = ['is too long (maximum is 255 characters)'];
  if (!EMAIL.test(user.email)) errors.email = ['is invalid'];
  if (user.username === '') errors.username = ["can't be blank"];
  else if (!validNamespacePath(user.username)) errors.username = [NAMESPACE_PATH_TEXT];
  else if (user.username.length > 255) errors.username = ['is too long (maximum is 255 characters)'];
  if (password !== undefined && password.length < 8) {
    errors.password = ['is too short (minimum is 8 characters)'];
  }
  if (user.bio.length > 255) errors.bio = ['is too long (maximum is 255 characters)'];
  if (user.projectsLimit < 0) errors.projects_limit = ['must be greater than or equal to 0'];
  if (user.publicEmail !== '' && user.publicEmail.toLowerCase() !== user.email.toLowerCase()) {
    errors.public_email = ['is not an email you own'];
  }
  if (Object.keys(errors).length > 0) fail('validation_failed', errors);
}

/**
 * The identity given as extern_uid + provider (both needed, else 400); an extern_uid another
 * user holds for the same provider (any case) is taken.
 */
export function identityOf(store: Store, q: UserAttributes, exceptUserId?: number): Identity | undefined {
  if (q.extern_uid === undefined && q.provider === undefined) return undefined;
  const missing: FieldErrors = {};
  if (!q.provider) missing.provider = ["can't be blank"];
  if (!q.extern_uid) missing.extern_uid = ["can't be blank"];
  if (Object.keys(missing).length > 0) fail('validation_failed', { identities: missing });
  const provider = q.provider as string;
  const externUid = q.extern_uid as string;
  const wanted = externUid.toLowerCase();
  const holder = store.users.find(
    (u) => u.id !== exceptUserId && u.identities.some((i) => i.provider === provider && i.externUid.toLowerCase() === wanted),
  );
  if (holder) fail('validation_failed', { identities: { extern_uid: ['has already been taken'] } });
  return { provider, externUid, samlProviderId: null };
}

/** How POST /users looks for conflicts: the healthy checks, or the faults that weaken one (users.variations.ts). */
export interface ConflictChecks {
  /** E-mail: anyone's primary or secondary address; 'primary' (the fault users.create-secondary-email-free) ignores secondary ones. */
  email?: 'any' | 'primary' | 'none';
  /** Username: compared case-insensitively; 'exact' (users.create-username-case-sensitive) compares as given. */
  username?: 'any-case' | 'exact' | 'none';
}

/** Conflicts are checked first (409), e-mail before username, as the platform does. */
export function checkConflicts(store: Store, email: string, username: string, exceptUserId?: number, checks: ConflictChecks = {}): void {
  const byEmail = checks.email ?? 'any';
  const primaryTaken = () => store.usersByEmail.get(email.toLowerCase()).some((u) => u.id !== exceptUserId);
  if (byEmail === 'any' ? emailTaken(store, email, exceptUserId) : byEmail === 'primary' && primaryTaken()) {
    fail('conflict', 'Email has already been taken');
  }
  const byUsername = checks.username ?? 'any-case';
  if (byUsername === 'none') return;
  const other = byUsername === 'exact' ? store.users.find((u) => u.username === username) : findUserByUsername(store, username);
  if ((other && other.id !== exceptUserId) || topLevelGroupAt(store, username)) fail('conflict', 'Username has already been taken');
}

/**
 * POST /users's conflict checks, with their faults. The healthy checks return nothing: the insert
 * follows with no await between. A race fault returns the rest of its checks: it awaits a storage
 * round trip, then checks only the other attribute again, so creates sent together with one new
 * username (users.create-username-race) or one new e-mail (users.create-email-race) all pass.
 */
function conflictsChecked(request: FastifyRequest, email: string, username: string): Promise<void> | undefined {
  const ctx = ctxOf(request);
  checkConflicts(ctx.store, email, username, undefined, {
    email: ctx.has('users.create-secondary-email-free') ? 'primary' : 'any',
    username: ctx.has('users.create-username-case-sensitive') ? 'exact' : 'any-case',
  });
  const usernameRace = ctx.has('users.create-username-race');
  const emailRace = ctx.has('users.create-email-race');
  if (!usernameRace && !emailRace) return undefined;
  const again: ConflictChecks = { email: emailRace ? 'none' : 'any', username: usernameRace ? 'none' : 'any-case' };
  return storageRoundTrip().then(() => checkConflicts(ctx.store, email, username, undefined, again));
}

export async function createUserFromRequest(request: FastifyRequest): Promise<UserRecord> {
  const ctx = ctxOf(request);
  const source = input(request);
  const q = readParams(source, CREATE, {
    atLeastOneOf: ctx.has('users.password-optional') ? [] : [['password', 'reset_password', 'force_random_password']],
  });
  const now = ctx.clock();
  const race = conflictsChecked(request, q.email, q.username);
  if (race) await race;
  const identity = identityOf(ctx.store, q);
  const randomPassword = q.force_random_password === true || q.reset_password === true;
  const fields = { ...userFields(q), email: q.email, name: q.name, username: q.username };
  // user_defaults_to_private_profile (a capability): no private_profile, or null, takes the installation's default, as lib/api/users.rb.
  if (ctx.has('users.private-profile-by-default') && (source.private_profile === undefined || source.private_profile === null)) {
    fields.privateProfile = true;
  }
  if (ctx.has('users.private-profile-null-kept') && source.private_profile === null) {
    (fields as { privateProfile: unknown }).privateProfile = null;
  }
  const candidate = { bio: '', projectsLimit: 100000, publicEmail: '', ...fields };
  validateUser(candidate, randomPassword ? undefined : q.password, q.avatar);
  const confirmed = q.skip_confirmation === true && !ctx.has('users.skip-confirmation-ignored');
  await uniqueIndex(ctx, () => !emailTaken(ctx.store, q.email) && !findUserByUsername(ctx.store, q.username));
  return createUser(ctx.store, now, {
    ...fields,
    identities: identity && !ctx.has('users.create-ignores-identity') ? [identity] : [],
    avatar: avatarOf(q.avatar) ?? null,
    confirmedAt: confirmed ? now : null,
    createdById: callerOf(request).user.id,
  });
}
