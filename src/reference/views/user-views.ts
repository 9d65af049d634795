/**
 * The views of a user: public (list for non-admins, short user), normal single view, admin
 * view (list and single; the single adds sign_in_count, highest_role, plan and trial), current-user view. The platform
 * profile's departures in them (users.variations.ts) are read once per request and passed in.
 *
 *   userPublicView(user, env)          // { id, username, name, state, avatar_url, web_url, ... }
 *   userAdminView(user, env, { single: true, departures: userViewDepartures(ctx) })
 *   userAdminView(user, env, { signInIps: false })   // the platform's UserWithAdmin
 */
import { createHash } from 'node:crypto';
import type { RefContext, ViewEnv } from '../context.ts';
import type { UserRecord } from '../domain/records.ts';
import { textToHtml } from '../serialize.ts';

/** Where an uploaded avatar is served (see user-avatars.ts). */
export function uploadedAvatarPath(user: UserRecord): string | null {
  return user.avatar ? `/uploads/-/system/user/avatar/${user.id}/${user.avatar.filename}` : null;
}

/** The uploaded avatar on this server, else the gravatar of the e-mail (the platform's default). */
export function avatarUrl(user: UserRecord, env: ViewEnv): string {
  const uploaded = uploadedAvatarPath(user);
  if (uploaded) return `${env.base}${uploaded}`;
  const hash = createHash('md5').update(user.email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?s=80&d=identicon`;
}

/** Short user / public list view. */
export function userPublicView(user: UserRecord, env: ViewEnv) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: user.state,
    locked: false,
    avatar_url: avatarUrl(user, env),
    web_url: `${env.base}/${user.username}`,
  };
}

/** The platform departures of the views that carry the profile fields (bio, public_email...). */
export interface UserViewDepartures {
  /** platform.user-without-bio-html: no bio_html (removed from the platform's Entities::User). */
  withoutBioHtml: boolean;
  /** platform.public-email-null: a user without a public e-mail has public_email null, not "". */
  publicEmailNull: boolean;
  /** platform.user-plan-trial-null: the admin single view's plan and trial are null (no subscription on a self-managed instance). */
  planTrialNull: boolean;
}

const SPEC_VIEWS: UserViewDepartures = { withoutBioHtml: false, publicEmailNull: false, planTrialNull: false };

/** The departures switched on in this server. */
export function userViewDepartures(ctx: Pick<RefContext, 'has'>): UserViewDepartures {
  return {
    withoutBioHtml: ctx.has('platform.user-without-bio-html'),
    publicEmailNull: ctx.has('platform.public-email-null'),
    planTrialNull: ctx.has('platform.user-plan-trial-null'),
  };
}

/** Single-user view for a normal caller. */
export function userView(user: UserRecord, env: ViewEnv, departures: UserViewDepartures = SPEC_VIEWS) {
  return {
    ...userPublicView(user, env),
    created_at: env.fmt.datetime(user.createdAt),
    bio: user.bio,
    ...(departures.withoutBioHtml ? {} : { bio_html: textToHtml(user.bio) }),
    location: user.location,
    public_email: departures.publicEmailNull && user.publicEmail === '' ? null : user.publicEmail,
    skype: user.skype,
    linkedin: user.linkedin,
    twitter: user.twitter,
    discord: user.discord,
    website_url: user.websiteUrl,
    organization: user.organization,
    job_title: user.jobTitle,
    pronouns: null,
    bot: false,
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
  };
}

/**
 * The normal single view of a private profile as others see it: the platform exposes created_at,
 * followers and following only to callers allowed read_user_profile (the user, administrators).
 */
export function privateProfileView<V extends { created_at: unknown; followers: unknown; following: unknown }>(
  view: V,
): Omit<V, 'created_at' | 'followers' | 'following'> {
  const { created_at: _created, followers: _followers, following: _following, ...rest } = view;
  return rest;
}

function identities(user: UserRecord) {
  return user.identities.map((i) =>
    i.samlProviderId === null
      ? { provider: i.provider, extern_uid: i.externUid }
      : { provider: i.provider, extern_uid: i.externUid, saml_provider_id: i.samlProviderId },
  );
}

/** What the user sees of its own account (GET /user for a normal caller). */
export function currentUserView(user: UserRecord, env: ViewEnv, departures: UserViewDepartures = SPEC_VIEWS) {
  return {
    ...userView(user, env, departures),
    email: user.email,
    last_sign_in_at: env.fmt.datetimeOrNull(user.lastSignInAt),
    confirmed_at: env.fmt.datetimeOrNull(user.confirmedAt),
    theme_id: user.themeId,
    last_activity_on: user.lastActivityOn,
    color_scheme_id: user.colorSchemeId,
    projects_limit: user.projectsLimit,
    current_sign_in_at: env.fmt.datetimeOrNull(user.currentSignInAt),
    identities: identities(user),
    can_create_group: user.canCreateGroup,
    can_create_project: user.projectsLimit > 0,
    two_factor_enabled: user.twoFactorEnabled,
    external: user.external,
    private_profile: user.privateProfile,
    commit_email: user.email,
    namespace_id: user.namespaceId,
  };
}

/**
 * The highest access level among the user's memberships of groups and projects (10 guest ...
 * 50 owner), 0 with none: the platform's User#highest_role (user_highest_roles, NO_ACCESS by default).
 */
function highestRole(user: UserRecord, env: ViewEnv): number {
  const { store } = env;
  let highest = 0;
  for (const m of store.members.filter((m) => m.userId === user.id)) {
    const source = m.sourceType === 'Project' ? store.projects.get(m.sourceId) : store.namespaces.get(m.sourceId);
    if (source && m.accessLevel > highest) highest = m.accessLevel;
  }
  return highest;
}

/** Sign-ins the reference knows of: a seeded account that signed in counts one; users made through the API never sign in. */
function signInCount(user: UserRecord): number {
  return user.currentSignInAt === null ? 0 : 1;
}

export interface AdminViewOptions {
  /** The single-user view: adds sign_in_count, highest_role, plan and trial. */
  single?: boolean;
  /** false: no current_sign_in_ip and last_sign_in_ip (the platform's UserWithAdmin; its UserDetailsWithAdmin has them). */
  signInIps?: boolean;
  departures?: UserViewDepartures;
}

/** Admin view (lists and single user, and GET /user for an admin); single adds plan, trial. */
export function userAdminView(user: UserRecord, env: ViewEnv, options: AdminViewOptions = {}) {
  const ips = options.signInIps === false ? {} : { current_sign_in_ip: user.currentSignInIp, last_sign_in_ip: user.lastSignInIp };
  const view = {
    ...currentUserView(user, env, options.departures),
    is_admin: user.admin,
    note: user.note,
    ...ips,
    created_by: user.createdById === null ? null : createdBy(user.createdById, env),
    shared_runners_minutes_limit: user.sharedRunnersMinutesLimit,
    extra_shared_runners_minutes_limit: user.extraSharedRunnersMinutesLimit,
    is_auditor: false,
    using_license_seat: false,
  };
  if (!options.single) return view;
  const edition = options.departures?.planTrialNull ? { plan: null, trial: null } : { plan: 'default', trial: false };
  return { ...view, sign_in_count: signInCount(user), highest_role: highestRole(user, env), ...edition };
}

function createdBy(id: number, env: ViewEnv) {
  const creator = env.store.users.get(id);
  return creator ? userPublicView(creator, env) : null;
}
