/**
 * Invalid inputs of the create and update endpoints: each is a valid payload (from payloads.ts)
 * with exactly one rule of the spec broken, and says which rule, which attribute and what error
 * body the spec gives it: `missing` (a required attribute left out: 400, message a string naming
 * it), `invalid` (a model validation: 400, message an object of arrays), `either` (a value of the
 * wrong type or outside an enumeration: the spec's prose fits both shapes, so either is accepted).
 * Values only the run can supply are placeholders the property fills with `fillPlaceholders`.
 *
 *   fc.sample(invalidInput('variables.create'), 1)[0];
 *   // { endpoint: 'variables.create', rule: 'charset:key', attribute: 'key', kind: 'invalid',
 *   //   payload: { key: 'AB-C', value: 'Москва', ... } }
 *   fillPlaceholders(c.payload, { unique: s.name('u') });  // '{unique}' -> the run's name
 */
import fc from 'fast-check';
import { INVALID_DATES, INVALID_DATETIMES } from './dates.ts';
import { brokenGpgKey, GPG_KEY_BREAKAGES, type GpgPublicKey } from './gpg-keys.ts';
import {
  broadcastBody,
  broadcastCreate,
  broadcastUpdate,
  clusterBody,
  clusterCreate,
  epicBody,
  epicCreate,
  epicUpdate,
  sshKeyCreate,
  userCreate,
  userUpdate,
  variableCreate,
  variableUpdate,
} from './payloads.ts';
import { EPIC_DESCRIPTION_MAX_LENGTH, VARIABLE_KEY_CHARACTERS, VARIABLE_KEY_MAX_LENGTH } from '../../spec/limits.ts';
import type { Endpoint } from './rules.ts';
import { brokenSshKey, SSH_KEY_BREAKAGES, sshKeyFromSeed, type SshKeyBreakage } from './ssh-keys.ts';
import { repeatToLength } from './text.ts';

export type ErrorKind = 'missing' | 'invalid' | 'either';

export interface InvalidInput {
  endpoint: Endpoint;
  /** The rule broken, as rules.ts names it: 'missing:title', 'charset:key', 'enum:scopes'... */
  rule: string;
  attribute: string;
  kind: ErrorKind;
  /** The JSON body to send (placeholders filled first). */
  payload: Record<string, unknown>;
}

/** Placeholders in payload strings: a name unique to the run, an address already taken. */
export const PLACEHOLDER = { unique: '{unique}', takenEmail: '{taken-email}' } as const;

/** The payload with '{unique}' and '{taken-email}' replaced (deeply, in strings only). */
export function fillPlaceholders<T>(value: T, values: { unique?: string; takenEmail?: string }): T {
  if (typeof value === 'string') {
    let s: string = value;
    if (values.unique !== undefined) s = s.split(PLACEHOLDER.unique).join(values.unique);
    if (values.takenEmail !== undefined) s = s.split(PLACEHOLDER.takenEmail).join(values.takenEmail);
    return s as T;
  }
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, values)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, values)])) as T;
  }
  return value;
}

type Payload = Record<string, unknown>;
type Breakage = (p: Payload) => fc.Arbitrary<Omit<InvalidInput, 'endpoint'>>;

const without = (p: Payload, name: string): Payload => {
  const { [name]: _, ...rest } = p;
  return rest;
};
/** The required attribute left out. */
const drop =
  (name: string): Breakage =>
  (p) =>
    fc.constant({ rule: `missing:${name}`, attribute: name, kind: 'missing' as const, payload: without(p, name) });
/** A value of the wrong type or outside the enumeration. */
const wrong =
  (name: string, kind: string, values: readonly unknown[]): Breakage =>
  (p) =>
    fc
      .constantFrom(...values)
      .map((v) => ({ rule: `${kind}:${name}`, attribute: name, kind: 'either' as const, payload: { ...p, [name]: v } }));
const NOT_BOOLEANS = ['maybe', 'yes please', 'truthy'];
const NOT_INTEGERS = ['lots', '1.5', 'ten'];

/** One of the breakages applied to one valid payload. */
function breakOne(
  endpoint: Endpoint,
  base: fc.Arbitrary<Payload>,
  breakages: { weight: number; breakage: Breakage }[],
): fc.Arbitrary<InvalidInput> {
  return fc.tuple(base, fc.nat()).chain(([p, n]) => {
    const total = breakages.reduce((t, b) => t + b.weight, 0);
    let pick = n % total;
    const chosen = breakages.find((b) => (pick -= b.weight) < 0)!;
    return chosen.breakage(p).map((c) => ({ endpoint, ...c }));
  });
}

const one = (breakage: Breakage, weight = 1) => ({ weight, breakage });

// ---- the payload each invalid input starts from --------------------------------------------------

const userBase = userCreate().map((u): Payload => ({
  ...u,
  username: PLACEHOLDER.unique,
  email: `${PLACEHOLDER.unique}@example.com`,
  force_random_password: true,
  skip_confirmation: true,
}));

const sshBase = sshKeyCreate() as fc.Arbitrary<Payload>;

const brokenKey: Breakage = (p) =>
  fc
    .tuple(fc.constantFrom(...SSH_KEY_BREAKAGES), fc.uint8Array({ minLength: 32, maxLength: 32 }))
    .map(([how, seed]: [SshKeyBreakage, Uint8Array]) => ({
      rule: 'format:key',
      attribute: 'key',
      kind: 'invalid' as const,
      payload: { ...p, key: brokenSshKey(how, sshKeyFromSeed(seed)) },
    }));

const tokenBase = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `kit ${s.trim() || 'token'}`),
  scopes: fc.subarray(['api', 'read_user'], { minLength: 1 }),
}) as fc.Arbitrary<Payload>;

const broadcastCreateBase = broadcastCreate().map((b) => broadcastBody(b, PLACEHOLDER.unique));
const broadcastUpdateBase = broadcastUpdate().map((b) => broadcastBody(b, PLACEHOLDER.unique));
const BAD_COLORS = ['red', '#12345', '#GGGGGG', '123456', '#1234567', 'rgb(1,2,3)'];

const clusterBase = clusterCreate().map((c) => clusterBody(c, `kit-cluster-token-${PLACEHOLDER.unique}`));
const pkWithout =
  (name: string): Breakage =>
  (p) =>
    fc.constant({
      rule: `missing:platform_kubernetes_attributes.${name}`,
      attribute: `platform_kubernetes_attributes[${name}]`,
      kind: 'missing' as const,
      payload: { ...p, platform_kubernetes_attributes: without(p.platform_kubernetes_attributes as Payload, name) },
    });
const pkWrong =
  (name: string, values: string[]): Breakage =>
  (p) =>
    fc.constantFrom(...values).map((v) => ({
      rule: `enum:${name}`,
      attribute: `platform_kubernetes_attributes[${name}]`,
      kind: 'either' as const,
      payload: { ...p, platform_kubernetes_attributes: { ...(p.platform_kubernetes_attributes as Payload), [name]: v } },
    }));

const BAD_KEY_CHARS = ['-', ' ', '.', '$', '/', 'ü', 'ß', 'Ж', '😀', ':', '=', '*'];
/** A character outside A-Z a-z 0-9 _ put in place of one of the key's (inside it: servers trim the ends). */
const keyCharset: Breakage = (p) =>
  fc.tuple(fc.constantFrom(...BAD_KEY_CHARS), fc.nat()).map(([bad, at]) => {
    let key = String(p.key);
    if (key.length < 3) key = `${key}AB`.slice(0, 3);
    const i = bad === ' ' ? 1 + (at % (key.length - 2)) : at % key.length;
    const chars = Array.from(key);
    chars[i] = bad;
    return { rule: 'charset:key', attribute: 'key', kind: 'invalid' as const, payload: { ...p, key: chars.join('') } };
  });
/** A key of valid characters, just beyond the longest (256) or further. */
const keyTooLong: Breakage = (p) =>
  fc.oneof(fc.constant(VARIABLE_KEY_MAX_LENGTH + 1), fc.integer({ min: VARIABLE_KEY_MAX_LENGTH + 2, max: 400 })).map((n) => ({
    rule: 'length:key',
    attribute: 'key',
    kind: 'invalid' as const,
    payload: { ...p, key: repeatToLength(`${String(p.key)}_K`, n).replace(new RegExp(`[^${VARIABLE_KEY_CHARACTERS}]`, 'g'), '_') },
  }));

const epicCreateBase = epicCreate().map(epicBody);
const epicUpdateBase = epicUpdate().map(epicBody);
/** A description just beyond the limit (1,048,577 characters) or a little further. */
const descriptionTooLong: Breakage = (p) =>
  fc.integer({ min: EPIC_DESCRIPTION_MAX_LENGTH + 1, max: EPIC_DESCRIPTION_MAX_LENGTH + 8 }).map((n) => ({
    rule: 'length:description',
    attribute: 'description',
    kind: 'invalid' as const,
    payload: { ...p, description: repeatToLength(`${String(p.title)} d`, n) },
  }));

// ---- per endpoint -----------------------------------------------------------------------------------

const BUILDERS: Partial<Record<Endpoint, () => fc.Arbitrary<InvalidInput>>> = {
  'users.create': () =>
    breakOne('users.create', userBase, [
      one(drop('email')),
      one(drop('name')),
      one(drop('username')),
      one((p) =>
        fc.constant({
          rule: 'missing:password',
          attribute: 'password',
          kind: 'missing' as const,
          payload: without(p, 'force_random_password'),
        }),
      ),
      one(wrong('external', 'boolean', NOT_BOOLEANS)),
      one(wrong('can_create_group', 'boolean', NOT_BOOLEANS)),
      one(wrong('projects_limit', 'integer', NOT_INTEGERS)),
      one(wrong('theme_id', 'integer', NOT_INTEGERS)),
    ]),
  'users.update': () =>
    breakOne('users.update', userUpdate() as fc.Arbitrary<Payload>, [
      one(wrong('external', 'boolean', NOT_BOOLEANS)),
      one(wrong('projects_limit', 'integer', NOT_INTEGERS)),
      one(wrong('color_scheme_id', 'integer', NOT_INTEGERS)),
    ]),
  'ssh-keys.create': () =>
    breakOne('ssh-keys.create', sshBase, [
      one(drop('title')),
      one(drop('key')),
      one(brokenKey, 4),
      one(
        wrong(
          'expires_at',
          'datetime',
          INVALID_DATETIMES.map((d) => d.text),
        ),
      ),
    ]),
  'emails.create': () =>
    breakOne('emails.create', fc.constant({ email: `${PLACEHOLDER.unique}@example.com` }), [
      one(drop('email')),
      one(
        () =>
          fc.constant({ rule: 'taken:email', attribute: 'email', kind: 'invalid' as const, payload: { email: PLACEHOLDER.takenEmail } }),
        2,
      ),
    ]),
  'tokens.create': () =>
    breakOne('tokens.create', tokenBase, [
      one(drop('name')),
      one(drop('scopes')),
      one(
        (p) =>
          fc
            .constantFrom(['all_powerful'], ['api', 'write_everything'], ['API'], ['read_user', 'root'])
            .map((scopes) => ({ rule: 'enum:scopes', attribute: 'scopes', kind: 'invalid' as const, payload: { ...p, scopes } })),
        2,
      ),
      one(
        wrong(
          'expires_at',
          'date',
          INVALID_DATES.map((d) => d.text),
        ),
        2,
      ),
    ]),
  'broadcast.create': () =>
    breakOne('broadcast.create', broadcastCreateBase, [
      one(drop('message')),
      one(
        (p) =>
          fc
            .tuple(fc.constantFrom('color', 'font'), fc.constantFrom(...BAD_COLORS))
            .map(([name, v]) => ({ rule: `hex:${name}`, attribute: name, kind: 'invalid' as const, payload: { ...p, [name]: v } })),
        2,
      ),
      one(
        wrong(
          'starts_at',
          'datetime',
          INVALID_DATETIMES.map((d) => d.text),
        ),
      ),
      one(
        wrong(
          'ends_at',
          'datetime',
          INVALID_DATETIMES.map((d) => d.text),
        ),
      ),
    ]),
  'broadcast.update': () =>
    breakOne('broadcast.update', broadcastUpdateBase, [
      one(
        (p) =>
          fc
            .tuple(fc.constantFrom('color', 'font'), fc.constantFrom(...BAD_COLORS))
            .map(([name, v]) => ({ rule: `hex:${name}`, attribute: name, kind: 'invalid' as const, payload: { ...p, [name]: v } })),
        2,
      ),
      one(
        wrong(
          'starts_at',
          'datetime',
          INVALID_DATETIMES.map((d) => d.text),
        ),
      ),
    ]),
  'clusters.create': () =>
    breakOne('clusters.create', clusterBase, [
      one(drop('name')),
      one(pkWithout('api_url')),
      one(pkWithout('token')),
      one(pkWrong('authorization_type', ['superuser', 'RBAC', 'none'])),
      one(wrong('enabled', 'boolean', NOT_BOOLEANS)),
    ]),
  'variables.create': () =>
    breakOne('variables.create', variableCreate() as fc.Arbitrary<Payload>, [
      one(drop('key')),
      one(drop('value')),
      one(keyCharset, 3),
      one(keyTooLong, 2),
      one(wrong('variable_type', 'enum', ['secret', 'ENV_VAR', 'files'])),
      one(wrong('protected', 'boolean', NOT_BOOLEANS)),
    ]),
  'variables.update': () =>
    breakOne('variables.update', variableUpdate() as fc.Arbitrary<Payload>, [
      one(drop('value')),
      one(wrong('variable_type', 'enum', ['secret', 'ENV_VAR'])),
      one(wrong('masked', 'boolean', NOT_BOOLEANS)),
    ]),
  'epics.create': () =>
    breakOne('epics.create', epicCreateBase, [
      one(drop('title'), 3),
      one(descriptionTooLong),
      one(wrong('start_date_is_fixed', 'boolean', NOT_BOOLEANS)),
      one(wrong('parent_id', 'integer', NOT_INTEGERS)),
    ]),
  'epics.update': () =>
    breakOne('epics.update', epicUpdateBase, [
      one(descriptionTooLong),
      one(wrong('due_date_is_fixed', 'boolean', NOT_BOOLEANS), 2),
      one(wrong('state_event', 'enum', ['archive', 'closed', 'open']), 2),
    ]),
};

/** Endpoints whose invalid inputs need no run-time material (all but GPG keys, which need a real key to break). */
export const INVALID_ENDPOINTS = Object.keys(BUILDERS) as Endpoint[];

/** Invalid inputs of one endpoint. */
export function invalidInput(endpoint: Endpoint): fc.Arbitrary<InvalidInput> {
  const build = BUILDERS[endpoint];
  if (!build) throw new Error(`no invalid inputs for ${endpoint} without material: use invalidGpgKeyInput`);
  return build();
}

/** Invalid inputs of POST /user/gpg_keys and /users/:id/gpg_keys: the key left out, or a real key broken one way. */
export function invalidGpgKeyInput(key: GpgPublicKey): fc.Arbitrary<InvalidInput> {
  return fc.oneof(
    fc.constant<InvalidInput>({ endpoint: 'gpg-keys.create', rule: 'missing:key', attribute: 'key', kind: 'missing', payload: {} }),
    fc.constantFrom(...GPG_KEY_BREAKAGES).map((how): InvalidInput => ({
      endpoint: 'gpg-keys.create',
      rule: 'format:key',
      attribute: 'key',
      kind: 'invalid',
      payload: { key: brokenGpgKey(how, key) },
    })),
  );
}
