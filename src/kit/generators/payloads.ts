/**
 * Valid request payloads of every create and update endpoint, as fast-check arbitraries built
 * from realistic text (several scripts, emoji, HTML-special characters), boundary lengths and
 * month-end dates, within the spec's limits and formats (and the platform's where the spec is
 * silent, so a healthy real server accepts them too). Values a run must make unique (usernames,
 * e-mail addresses) are left to the caller: the property adds them from the run prefix.
 *
 *   fc.sample(variableCreate(), 1)[0];
 *   // { key: 'Q', value: 'Αγρίνιο 🇺🇦', variable_type: 'file', protected: true, masked: false, environment_scope: 'review/*' }
 *   fc.sample(epicCreate(), 1)[0];
 *   // { title: '東京 <b>bold</b>', description: '...', labels: ['Москва', 'ux'], start_date_is_fixed: true, start_date_fixed: '2032-02-29', ... }
 */
import fc from 'fast-check';
import { EPIC_DESCRIPTION_MAX_LENGTH, VARIABLE_KEY_MAX_LENGTH } from '../../spec/limits.ts';
import { datetimeWindow, dateSpan, futureDatePlan, type DatetimeInput, type FutureDatePlan } from './dates.ts';
import { fromFaker } from './faker.ts';
import { sshKeyFromSeed } from './ssh-keys.ts';
import { boundedText, clipUnits, htmlText, longText, mixedText, personName, phrase, repeatToLength } from './text.ts';

type Payload = Record<string, unknown>;

/** At least one of the optional fields of `record` (for updates). */
function someOf<T extends Payload>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<Partial<T>> {
  return fc.record(fields, { requiredKeys: [] }).filter((r) => Object.keys(r).length > 0) as fc.Arbitrary<Partial<T>>;
}

// ---- users ------------------------------------------------------------------------------------

/** The platform caps a user's name and bio at 255 characters; counted here in UTF-16 units, the strictest way. */
export const USER_TEXT_MAX = 255;

/** A user's display name: a person's name in any script, sometimes with an emoji, or a boundary length. */
export function userName(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: personName() }, { weight: 1, arbitrary: boundedText(USER_TEXT_MAX) });
}

/** Optional profile attributes of POST and PUT /users whose values the admin view shows. */
export interface UserProfile {
  bio?: string;
  location?: string;
  organization?: string;
  job_title?: string;
  linkedin?: string;
  twitter?: string;
  skype?: string;
  website_url?: string;
  note?: string;
  projects_limit?: number;
  can_create_group?: boolean;
  external?: boolean;
  private_profile?: boolean;
}

const profileFields = {
  bio: fc.oneof(mixedText({ maxUnits: USER_TEXT_MAX }), htmlText({ maxUnits: USER_TEXT_MAX })),
  location: phrase(),
  organization: fc.oneof(phrase(), htmlText({ maxUnits: 120 })),
  job_title: fromFaker((f) => f.person.jobTitle()),
  linkedin: fromFaker((f) => f.internet.username().replace(/[^A-Za-z0-9_-]/g, '')).filter((u) => u.length > 0),
  twitter: fromFaker((f) =>
    f.internet
      .username()
      .replace(/[^A-Za-z0-9_]/g, '')
      .slice(0, 15),
  ).filter((u) => u.length > 0),
  skype: fromFaker(
    (f) =>
      `live:${f.internet
        .username()
        .replace(/[^A-Za-z0-9_.-]/g, '')
        .toLowerCase()}`,
  ),
  website_url: fromFaker((f) => `https://${f.internet.domainWord()}.example.com/${f.internet.domainWord()}`),
  note: fc.oneof(mixedText({ maxFragments: 8 }), longText(300, 2_000)),
  projects_limit: fc.oneof(fc.constantFrom(0, 1, 100_000), fc.integer({ min: 0, max: 100_000 })),
  can_create_group: fc.boolean(),
  external: fc.boolean(),
  private_profile: fc.boolean(),
};

/** Optional attributes of POST /users (name included; username, e-mail and password are the caller's). */
export function userCreate(): fc.Arbitrary<{ name: string } & UserProfile> {
  return fc.record({ name: userName(), ...profileFields }, { requiredKeys: ['name'] }) as fc.Arbitrary<{ name: string } & UserProfile>;
}

/** PUT /users/:id: one or more of name and the profile attributes. */
export function userUpdate(): fc.Arbitrary<{ name?: string } & UserProfile> {
  return someOf({ name: userName(), ...profileFields });
}

// ---- SSH keys, GPG keys, e-mails, impersonation tokens -----------------------------------------

export const SSH_TITLE_MAX = 255;

/** POST /user/keys and /users/:id/keys: a title (boundary lengths too) and a key made from a drawn seed. */
export function sshKeyCreate(): fc.Arbitrary<{ title: string; key: string }> {
  return fc
    .record({
      title: boundedText(SSH_TITLE_MAX),
      seed: fc.uint8Array({ minLength: 32, maxLength: 32 }),
      comment: fc.oneof(
        fc.constant('kit@example.com'),
        fromFaker((f) => f.internet.email({ provider: 'example.com' }).toLowerCase()),
      ),
    })
    .map(({ title, seed, comment }) => ({ title, key: sshKeyFromSeed(seed, comment).text }));
}

/** A secondary e-mail address under example.com, lower case, with dots, plus-tags and digits; `unique` keeps it the run's own. */
export function emailAddress(): fc.Arbitrary<(unique: string) => string> {
  return fc
    .record({
      first: fromFaker(
        (f) =>
          f.person
            .firstName()
            .toLowerCase()
            .replace(/[^a-z]/g, '') || 'kit',
      ),
      tag: fc.option(fc.constantFrom('work', 'ci', 'alerts', '2fa'), { nil: undefined }),
      sub: fc.option(fc.constantFrom('mail', 'eu.mail', 'dev'), { nil: undefined }),
    })
    .map(
      ({ first, tag, sub }) =>
        (unique: string) =>
          `${first}.${unique.toLowerCase()}${tag ? `+${tag}` : ''}@${sub ? `${sub}.` : ''}example.com`,
    );
}

export const TOKEN_SCOPES = ['api', 'read_user'] as const;

/** POST /users/:user_id/impersonation_tokens: name, scopes (the spec's two), an expiry plan (resolved against the server's today) or none. */
export function tokenCreate(): fc.Arbitrary<{ name: string; scopes: string[]; expires: FutureDatePlan | null }> {
  return fc.record({
    name: fc.oneof(mixedText({ maxUnits: 255 }), htmlText({ maxUnits: 255 })),
    scopes: fc.subarray([...TOKEN_SCOPES], { minLength: 1 }).chain((s) => fc.shuffledSubarray(s, { minLength: s.length })),
    expires: fc.option(futureDatePlan(), { nil: null, freq: 5 }),
  });
}

// ---- broadcast messages -------------------------------------------------------------------------

const hexColor = fc.oneof(
  fromFaker((f) => f.color.rgb()),
  fc
    .tuple(fc.constantFrom(...'0123456789abcdefABCDEF'), fc.constantFrom(...'0123456789abcdef'), fc.constantFrom(...'0123456789ABCDEF'))
    .map(([a, b, c]) => `#${a}${b}${c}`),
);

export interface BroadcastPayload {
  message?: string;
  starts_at?: DatetimeInput;
  ends_at?: DatetimeInput;
  color?: string;
  font?: string;
  target_suffix?: string;
  broadcast_type?: 'banner' | 'notification';
}

const broadcastMessage = fc.oneof(
  { weight: 3, arbitrary: mixedText({ maxFragments: 8 }) },
  { weight: 2, arbitrary: htmlText() },
  { weight: 1, arbitrary: longText(1_000, 5_000) },
);
const targetSuffix = phrase().map((p) => encodeURIComponent(p.replace(/\s+/g, '-')).slice(0, 60));

/** The attributes of a broadcast message, each an arbitrary (the window whole, so it stays ordered). */
const broadcastFields = () => ({
  message: broadcastMessage,
  window: datetimeWindow(),
  color: hexColor,
  font: hexColor,
  target_suffix: targetSuffix,
  broadcast_type: fc.constantFrom('banner' as const, 'notification' as const),
});

/** POST /broadcast_messages: a message, a window far in the future, colors, a target path suffix (under the kit's hidden path) and a type. */
export function broadcastCreate(): fc.Arbitrary<
  Required<Omit<BroadcastPayload, 'starts_at' | 'ends_at'>> & { starts_at: DatetimeInput; ends_at: DatetimeInput }
> {
  return fc.record(broadcastFields()).map(({ window, ...rest }) => ({ ...rest, starts_at: window.starts, ends_at: window.ends }));
}

/** PUT /broadcast_messages/:id: one or more attributes (a new window is given whole, so it stays ordered). */
export function broadcastUpdate(): fc.Arbitrary<BroadcastPayload> {
  return someOf(broadcastFields()).map(({ window, ...rest }) => ({
    ...rest,
    ...(window ? { starts_at: window.starts, ends_at: window.ends } : {}),
  }));
}

/** The JSON body of a broadcast payload: datetimes as their text, the target path under `hiddenPath`. */
export function broadcastBody(p: BroadcastPayload, hiddenPath: string): Payload {
  const body: Payload = {};
  if (p.message !== undefined) body.message = p.message;
  if (p.starts_at) body.starts_at = p.starts_at.text;
  if (p.ends_at) body.ends_at = p.ends_at.text;
  if (p.color !== undefined) body.color = p.color;
  if (p.font !== undefined) body.font = p.font;
  if (p.broadcast_type !== undefined) body.broadcast_type = p.broadcast_type;
  if (p.target_suffix !== undefined) body.target_path = `${hiddenPath}/${p.target_suffix}`;
  return body;
}

// ---- clusters -----------------------------------------------------------------------------------

const k8sNamespace = fromFaker((f) =>
  `${f.internet.domainWord()}-${f.number.int({ min: 1, max: 999 })}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 63)
    .replace(/^-+|-+$/g, ''),
).filter((n) => /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/.test(n));
const apiUrl = fromFaker(
  (f) => `https://${f.internet.domainWord()}.k8s.example.com${f.helpers.arrayElement([':6443', ':443', '', ':8443/api'])}`,
);
const clusterDomain = fromFaker((f) => `${f.internet.domainWord()}.apps.example.com`);
const environmentScope = fc.constantFrom('*', 'production', 'staging', 'review/*', 'review/feature-1');

/** POST /projects/:id/clusters/user (the token is the caller's): name in any script, API URL, namespace, domain, scope, authorization type. */
export function clusterCreate(): fc.Arbitrary<Payload & { name: string; api_url: string }> {
  return fc
    .record({
      name: fc.oneof(mixedText({ maxUnits: 255 }), boundedText(255)),
      api_url: apiUrl,
      namespace: fc.option(k8sNamespace, { nil: undefined }),
      domain: fc.option(clusterDomain, { nil: undefined }),
      environment_scope: fc.option(environmentScope, { nil: undefined }),
      authorization_type: fc.option(fc.constantFrom('rbac', 'abac', 'unknown_authorization'), { nil: undefined }),
    })
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)) as Payload & { name: string; api_url: string });
}

/** PUT /projects/:id/clusters/:cluster_id: one or more of name, domain, API URL, namespace. */
export function clusterUpdate(): fc.Arbitrary<Payload> {
  return someOf({ name: mixedText({ maxUnits: 255 }), domain: clusterDomain, api_url: apiUrl, namespace: k8sNamespace });
}

/** The JSON body of a cluster payload: the Kubernetes attributes nested under platform_kubernetes_attributes. */
export function clusterBody(p: Payload, token?: string): Payload {
  const { api_url, namespace, authorization_type, ...rest } = p;
  const pk: Payload = {};
  if (api_url !== undefined) pk.api_url = api_url;
  if (namespace !== undefined) pk.namespace = namespace;
  if (authorization_type !== undefined) pk.authorization_type = authorization_type;
  if (token !== undefined) pk.token = token;
  return Object.keys(pk).length ? { ...rest, platform_kubernetes_attributes: pk } : rest;
}

// ---- project variables --------------------------------------------------------------------------

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
const MASKABLE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+=/@:.~-';

/** A key of A-Z a-z 0-9 _, 1 and 255 characters often (the spec's bounds), any length between otherwise. */
export function variableKey(): fc.Arbitrary<string> {
  const chars = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...KEY_CHARS), minLength: min, maxLength: max });
  return fc.oneof(
    { weight: 2, arbitrary: chars(1, 1) },
    { weight: 2, arbitrary: chars(VARIABLE_KEY_MAX_LENGTH, VARIABLE_KEY_MAX_LENGTH) },
    { weight: 4, arbitrary: chars(2, 40) },
    { weight: 1, arbitrary: chars(41, VARIABLE_KEY_MAX_LENGTH - 1) },
  );
}

/** A value that masking accepts (8 or more of A-Z a-z 0-9 _ + = / @ : . ~ -, the platform's rule). */
export const maskableValue = fc.string({ unit: fc.constantFrom(...MASKABLE_CHARS), minLength: 8, maxLength: 64 });

/** A variable value: any text (several scripts, emoji, newlines, HTML specials), long sometimes. */
export const variableValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: mixedText({ maxFragments: 8 }) },
  { weight: 1, arbitrary: fc.array(mixedText(), { minLength: 2, maxLength: 4 }).map((lines) => `${lines.join('\n')}\n`) },
  { weight: 1, arbitrary: htmlText() },
  { weight: 1, arbitrary: longText(1_000, 4_000) },
  { weight: 1, arbitrary: maskableValue },
);

/** The attributes a variable may carry beside key and value; masked only with a maskable value. */
const variableFlags = fc.record(
  {
    variable_type: fc.constantFrom('env_var', 'file'),
    protected: fc.boolean(),
    masked: fc.boolean(),
  },
  { requiredKeys: [] },
);

export function variableCreate(): fc.Arbitrary<{
  key: string;
  value: string;
  variable_type?: string;
  protected?: boolean;
  masked?: boolean;
  environment_scope?: string;
}> {
  return fc
    .record({
      key: variableKey(),
      value: variableValue,
      maskable: maskableValue,
      flags: variableFlags,
      environment_scope: fc.option(environmentScope, { nil: undefined }),
    })
    .map(({ key, value, maskable, flags, environment_scope }) => ({
      key,
      value: flags.masked ? maskable : value,
      ...flags,
      ...(environment_scope === undefined ? {} : { environment_scope }),
    }));
}

/** PUT /projects/:id/variables/:key: a new value (required) and some flags. */
export function variableUpdate(): fc.Arbitrary<{ value: string; variable_type?: string; protected?: boolean; masked?: boolean }> {
  return fc
    .record({ value: variableValue, maskable: maskableValue, flags: variableFlags })
    .map(({ value, maskable, flags }) => ({ value: flags.masked ? maskable : value, ...flags }));
}

// ---- epics and todos ----------------------------------------------------------------------------

/** The platform's title limit (the spec gives none). */
export const EPIC_TITLE_MAX = 255;

/** A label name: a phrase or word in any script, no comma (labels travel comma-separated), trimmed. */
export const labelName: fc.Arbitrary<string> = fc
  .oneof(
    phrase(),
    fromFaker((f) => f.hacker.noun()),
    fc.constantFrom('bug', 'ux', 'priority::high', 'good first issue', '🚀 launch', 'Ärger'),
  )
  .map((l) => clipUnits(l.replace(/,/g, ' ').replace(/\s+/g, ' ').trim(), 60).trim())
  .filter((l) => l.length > 0);

/** Label lists as sent: distinct names (compared case-insensitively, as platforms may), 0..5 of them. */
export const labelList: fc.Arbitrary<string[]> = fc.uniqueArray(labelName, { maxLength: 5, selector: (l) => l.toLowerCase() });

const epicTitle = fc.oneof(
  { weight: 5, arbitrary: mixedText({ maxUnits: EPIC_TITLE_MAX }) },
  { weight: 1, arbitrary: boundedText(EPIC_TITLE_MAX) },
  { weight: 1, arbitrary: htmlText({ maxUnits: EPIC_TITLE_MAX }) },
);
const epicDescription = fc.oneof(
  { weight: 4, arbitrary: mixedText({ maxFragments: 10 }) },
  { weight: 2, arbitrary: htmlText() },
  { weight: 1, arbitrary: longText(2_000, 20_000) },
  { weight: 1, arbitrary: fc.constant('') },
);

export interface EpicPayload {
  title?: string;
  description?: string;
  labels?: string[];
  start_date_is_fixed?: boolean;
  start_date_fixed?: string;
  due_date_is_fixed?: boolean;
  due_date_fixed?: string;
}

const fixedDates = fc
  .option(dateSpan(), { nil: undefined, freq: 4 })
  .map((span): EpicPayload =>
    span ? { start_date_is_fixed: true, start_date_fixed: span.start, due_date_is_fixed: true, due_date_fixed: span.due } : {},
  );

/** POST /groups/:id/epics: title, description, labels, fixed start and due dates (month ends and leap days often). */
export function epicCreate(): fc.Arbitrary<EpicPayload & { title: string }> {
  return fc
    .record({ title: epicTitle, description: epicDescription, labels: labelList, dates: fixedDates })
    .map(({ dates, ...rest }) => ({ ...rest, ...dates }));
}

/** PUT /groups/:id/epics/:epic_iid: one or more of title, description, labels, fixed dates. */
export function epicUpdate(): fc.Arbitrary<EpicPayload> {
  return someOf({
    title: epicTitle,
    description: epicDescription,
    labels: labelList,
    dates: fixedDates.filter((d) => Object.keys(d).length > 0),
  }).map(({ dates, ...rest }) => ({ ...rest, ...(dates ?? {}) }));
}

/** The JSON body of an epic payload: labels comma-separated, as the spec has them. */
export function epicBody(p: EpicPayload): Payload {
  const { labels, ...rest } = p;
  return labels === undefined ? rest : { ...rest, labels: labels.join(',') };
}

/**
 * A description near the limit: LIMIT - slack .. LIMIT characters of non-ASCII text (so it
 * holds more UTF-8 bytes than characters), astral characters included.
 */
export function nearLimitDescription(slack = 64): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.integer({ min: EPIC_DESCRIPTION_MAX_LENGTH - slack, max: EPIC_DESCRIPTION_MAX_LENGTH }),
      mixedText({ maxFragments: 3 }),
      phrase('cyrillic'),
      phrase('cjk'),
    )
    .map(([n, text, a, b]) => repeatToLength(`${a} ${text} ${b} 👩‍💻`, n));
}
