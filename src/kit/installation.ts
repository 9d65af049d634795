/**
 * Installation settings of a target that change what a conforming answer looks like without being
 * server bugs, learnt once at preflight from GET /application/settings (an administrator's read) and
 * handed to the workers in the target. A target that does not answer it (404, 403, no JSON object)
 * or leaves a field out is judged by the spec's default: off.
 *
 *   user_defaults_to_private_profile   POST /users without private_profile makes a private profile
 *                                      (its created_at hidden from others): the kit states
 *                                      private_profile false on the users it makes, and the clauses of
 *                                      that default are not applicable
 *   admin_mode                         an administrator's token is one only with the admin_mode scope:
 *                                      the kit's own admin tokens carry it
 *
 *   const installation = installationFrom(await admin.get('/application/settings'));
 *   installationSkip(s.target.installation, 'users.create.private_profile_default');  // a reason, or undefined
 */
import type { ApiResponse } from './client.ts';

export interface InstallationSettings {
  /** user_defaults_to_private_profile: a user created without private_profile gets a private profile. */
  privateProfileByDefault: boolean;
  /** admin_mode: an administrator's token acts as one only with the admin_mode scope. */
  adminMode: boolean;
  /** Where the values come from: "GET /application/settings", or why the spec's defaults stand. */
  source: string;
}

/** The spec's defaults: both settings off. */
export const SPEC_INSTALLATION: InstallationSettings = Object.freeze({
  privateProfileByDefault: false,
  adminMode: false,
  source: "the spec's defaults",
});

const READ = 'GET /application/settings';

/** The settings an answer to GET /application/settings gives; the spec's defaults where it gives none. */
export function installationFrom(res: ApiResponse): InstallationSettings {
  const json = res.json as Record<string, unknown> | undefined;
  if (res.status !== 200 || typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ...SPEC_INSTALLATION, source: `${READ} answered ${res.status || res.error}: the spec's defaults` };
  }
  return {
    privateProfileByDefault: json.user_defaults_to_private_profile === true,
    adminMode: json.admin_mode === true,
    source: READ,
  };
}

/**
 * The attributes every user the kit makes states, so that its profile is public whatever the
 * installation's default (none known, as in a hand-made session: the spec's defaults).
 */
export function publicProfile(installation: InstallationSettings = SPEC_INSTALLATION): { private_profile?: false } {
  return installation.privateProfileByDefault ? { private_profile: false } : {};
}

/** The scopes of an administrator's token the kit makes, `scopes` plus admin_mode where Admin Mode is on. */
export function adminScopes(installation: InstallationSettings, scopes: readonly string[]): string[] {
  return installation.adminMode && !scopes.includes('admin_mode') ? [...scopes, 'admin_mode'] : [...scopes];
}

/** Clauses that judge the spec's default of a setting: not applicable where the installation changed it. */
const SETTING_CLAUSES: Readonly<Record<string, { setting: keyof InstallationSettings; name: string; effect: string }>> = {
  'users.create.private_profile_default': {
    setting: 'privateProfileByDefault',
    name: 'user_defaults_to_private_profile',
    effect: 'a user created without private_profile gets a private profile',
  },
  'users.create.private_profile_null': {
    setting: 'privateProfileByDefault',
    name: 'user_defaults_to_private_profile',
    effect: 'private_profile=null on create takes that default',
  },
};

/** Why a clause is not applicable on this installation (a skip reason naming the setting), or undefined when it is. */
export function installationSkip(installation: InstallationSettings, clause: string): string | undefined {
  const rule = SETTING_CLAUSES[clause];
  if (!rule || installation[rule.setting] !== true) return undefined;
  return `not applicable on this installation: its setting ${rule.name} is on (${installation.source}), so ${rule.effect}; the clause holds for the spec's default (off)`;
}
