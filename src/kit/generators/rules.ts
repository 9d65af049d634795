/**
 * The input rules the spec states for each create and update endpoint, as one checker per
 * endpoint: the names of the rules a payload breaks (empty when the spec accepts it). The
 * generators' own tests use it to prove that valid arbitraries break nothing and that each
 * invalid one breaks exactly the rule it names. Rules the spec leaves open are not here.
 *
 *   specRulesBroken('variables.create', { key: 'MY-VAR', value: 'x' });   // ['charset:key']
 *   specRulesBroken('tokens.create', { name: 'ci', scopes: ['api'] });    // []
 */
import { isCalendarDate } from './dates.ts';
import { EPIC_DESCRIPTION_MAX_LENGTH, VARIABLE_KEY_MAX_LENGTH, VARIABLE_KEY_PATTERN } from '../../spec/limits.ts';
import { TOKEN_SCOPES } from './payloads.ts';
import { codePoints } from './text.ts';
import { splitSshKey } from './ssh-keys.ts';

export const ENDPOINTS = [
  'users.create',
  'users.update',
  'ssh-keys.create',
  'gpg-keys.create',
  'emails.create',
  'tokens.create',
  'broadcast.create',
  'broadcast.update',
  'clusters.create',
  'clusters.update',
  'variables.create',
  'variables.update',
  'epics.create',
  'epics.update',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

type Payload = Record<string, unknown>;
type Rule = (p: Payload) => string[];

const given = (p: Payload, name: string) => p[name] !== undefined && p[name] !== null;
const missing =
  (...names: string[]): Rule =>
  (p) =>
    names.filter((n) => !given(p, n) || p[n] === '').map((n) => `missing:${n}`);
const BOOLEAN_TEXT = new Set(['true', 'false', '1', '0']);
const isBoolean = (v: unknown) => typeof v === 'boolean' || (typeof v === 'string' && BOOLEAN_TEXT.has(v));
const isInteger = (v: unknown) => Number.isInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v));
const typed =
  (check: (v: unknown) => boolean, kind: string, ...names: string[]): Rule =>
  (p) =>
    names.filter((n) => given(p, n) && !check(p[n])).map((n) => `${kind}:${n}`);
const oneOf =
  (name: string, values: readonly string[]): Rule =>
  (p) =>
    given(p, name) && !values.includes(String(p[name])) ? [`enum:${name}`] : [];
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
/** ISO 8601 datetimes as the spec writes them (date, time, optional fraction, Z or an offset), real calendar days and times. */
function isDatetime(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/.exec(v);
  return !!m && isCalendarDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}
const dated = (check: (v: unknown) => boolean, kind: string, ...names: string[]): Rule => typed(check, kind, ...names);

const SSH_TYPES = new Set(['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521']);

/** The SSH wire `string`s of a key body, or undefined when the body does not split into whole strings. */
function wireStrings(wire: Buffer): Buffer[] | undefined {
  const out: Buffer[] = [];
  for (let at = 0; at < wire.length;) {
    if (at + 4 > wire.length) return undefined;
    const n = wire.readUInt32BE(at);
    if (at + 4 + n > wire.length) return undefined;
    out.push(wire.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return out;
}

/**
 * An OpenSSH public key text of a known type whose body is that type's wire encoding (outer and
 * inner type agree, an ed25519 key has 32 bytes, an ECDSA point its curve's length): the
 * structural checks, not the arithmetic ones.
 */
export function looksLikeSshKey(text: unknown): boolean {
  const { type, body } = splitSshKey(text);
  if (!type || !body || !SSH_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return false;
  const parts = wireStrings(Buffer.from(body, 'base64'));
  if (!parts || parts[0]?.toString() !== type) return false;
  if (type === 'ssh-ed25519') return parts.length === 2 && parts[1]!.length === 32;
  if (type === 'ssh-rsa') return parts.length === 3 && parts[2]!.length >= 128;
  const sizes: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };
  return parts.length === 3 && sizes[parts[1]!.toString()] === parts[2]!.length && parts[2]![0] === 4;
}

const RULES: Record<Endpoint, Rule[]> = {
  'users.create': [
    missing('email', 'name', 'username'),
    (p) =>
      ['password', 'reset_password', 'force_random_password'].some((n) => given(p, n) && p[n] !== false && p[n] !== 'false')
        ? []
        : ['missing:password'],
    typed(isBoolean, 'boolean', 'admin', 'can_create_group', 'external', 'skip_confirmation', 'force_random_password', 'reset_password'),
    typed((v) => v === null || isBoolean(v), 'boolean', 'private_profile'),
    typed(isInteger, 'integer', 'color_scheme_id', 'projects_limit', 'theme_id'),
  ],
  'users.update': [
    typed(isBoolean, 'boolean', 'admin', 'can_create_group', 'external', 'skip_reconfirmation'),
    typed((v) => v === null || isBoolean(v), 'boolean', 'private_profile'),
    typed(isInteger, 'integer', 'color_scheme_id', 'projects_limit', 'theme_id'),
  ],
  'ssh-keys.create': [
    missing('title', 'key'),
    (p) => (given(p, 'key') && p.key !== '' && !looksLikeSshKey(p.key) ? ['format:key'] : []),
    dated(isDatetime, 'datetime', 'expires_at'),
  ],
  'gpg-keys.create': [missing('key')],
  'emails.create': [missing('email')],
  'tokens.create': [
    missing('name', 'scopes'),
    (p) =>
      Array.isArray(p.scopes) && p.scopes.length > 0 && !p.scopes.every((s) => (TOKEN_SCOPES as readonly string[]).includes(String(s)))
        ? ['enum:scopes']
        : [],
    dated((v) => typeof v === 'string' && isCalendarDate(v), 'date', 'expires_at'),
  ],
  'broadcast.create': [
    missing('message'),
    dated(isDatetime, 'datetime', 'starts_at', 'ends_at'),
    typed((v) => typeof v === 'string' && HEX.test(v), 'hex', 'color', 'font'),
  ],
  'broadcast.update': [
    dated(isDatetime, 'datetime', 'starts_at', 'ends_at'),
    typed((v) => typeof v === 'string' && HEX.test(v), 'hex', 'color', 'font'),
  ],
  'clusters.create': [
    missing('name'),
    (p) => {
      const pk = (p.platform_kubernetes_attributes ?? {}) as Payload;
      return [
        ...missing('api_url', 'token')(pk).map((r) => r.replace(':', ':platform_kubernetes_attributes.')),
        ...oneOf('authorization_type', ['rbac', 'abac', 'unknown_authorization'])(pk),
      ];
    },
    typed(isBoolean, 'boolean', 'enabled', 'managed'),
  ],
  'clusters.update': [typed(isBoolean, 'boolean', 'enabled', 'managed')],
  'variables.create': [
    missing('key', 'value'),
    (p) => (typeof p.key === 'string' && p.key !== '' && !VARIABLE_KEY_PATTERN.test(p.key) ? ['charset:key'] : []),
    (p) => (typeof p.key === 'string' && codePoints(p.key) > VARIABLE_KEY_MAX_LENGTH ? ['length:key'] : []),
    oneOf('variable_type', ['env_var', 'file']),
    typed(isBoolean, 'boolean', 'protected', 'masked'),
  ],
  'variables.update': [
    (p) => (given(p, 'value') ? [] : ['missing:value']),
    oneOf('variable_type', ['env_var', 'file']),
    typed(isBoolean, 'boolean', 'protected', 'masked'),
  ],
  'epics.create': [
    missing('title'),
    (p) => (typeof p.description === 'string' && codePoints(p.description) > EPIC_DESCRIPTION_MAX_LENGTH ? ['length:description'] : []),
    typed(isBoolean, 'boolean', 'start_date_is_fixed', 'due_date_is_fixed'),
    typed(isInteger, 'integer', 'parent_id'),
  ],
  'epics.update': [
    (p) => (typeof p.description === 'string' && codePoints(p.description) > EPIC_DESCRIPTION_MAX_LENGTH ? ['length:description'] : []),
    typed(isBoolean, 'boolean', 'start_date_is_fixed', 'due_date_is_fixed'),
    oneOf('state_event', ['close', 'reopen']),
  ],
};

/** The spec rules `payload` (a JSON body) breaks at `endpoint`; empty when it breaks none. */
export function specRulesBroken(endpoint: Endpoint, payload: Payload): string[] {
  return RULES[endpoint].flatMap((rule) => rule(payload));
}
