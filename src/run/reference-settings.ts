/**
 * The bundled reference server's own settings (REFERENCE_*), one row each, for `.env.example` and
 * docs/configuration.md (settings-docs.ts). The reference reads them itself (reference/env-options.ts
 * and each capability's declaration); a test holds that every variable it reads has its row here.
 *
 *   REFERENCE_SETTINGS.find((s) => s.env === 'REFERENCE_PROFILE')?.flag   // 'serve --profile'
 */

export interface ReferenceSetting {
  env: `REFERENCE_${string}`;
  /** The `conformance serve` flag that beats it, if any. */
  flag?: string;
  /** Its default value ('' when unset is the default), also its line's value in .env.example. */
  value: string;
  /** The default as people read it, where that is no plain value (random, on in some runs). */
  default?: string;
  doc: string;
}

const IN_PROCESS_ON = '0 (serve), 1 (in-process certification)';

export const REFERENCE_SETTINGS: readonly ReferenceSetting[] = [
  {
    env: 'REFERENCE_ADMIN_TOKEN',
    flag: 'serve --admin-token',
    value: '',
    default: 'random',
    doc: "Reference server only (npm run serve): the seeded administrator's token. Empty: random, printed.",
  },
  {
    env: 'REFERENCE_PROFILE',
    flag: 'serve --profile',
    value: 'spec',
    doc: "platform: the reference also shows the real platform's known departures from the spec (see Running the reference server).",
  },
  {
    env: 'REFERENCE_FAULTS',
    value: '',
    doc: 'Comma-separated fault ids of the mutation catalogue (src/reference/faults.ts) the reference commits: how the kit proves each check can fail (npm run mutation sets it).',
  },
  {
    env: 'REFERENCE_EPICS_DISABLED',
    value: '0',
    doc: 'Reference server only: 1 switches epics off (every epic route answers 403).',
  },
  {
    env: 'REFERENCE_SEED_LDAP_BLOCKED',
    value: '',
    doc: 'Reference server only: usernames (comma-separated) it creates at start-up blocked by LDAP synchronization, a state the API cannot make.',
  },
  {
    env: 'REFERENCE_SEED_ACTIVITY',
    value: '',
    doc: 'Reference server only: username:days pairs it creates at start-up with their last activity that many days back.',
  },
  {
    env: 'REFERENCE_VARIABLES_SCOPE_FILTER',
    value: '',
    default: IN_PROCESS_ON,
    doc: 'Reference server only: 1 offers filter[environment_scope] on the variables API, which the spec puts behind a feature flag off by default (0, as `npm run serve` does). Current platform releases have no such flag: the platform profile always offers it, whatever this says. The in-process reference of a certification run (npm start, npm test) switches it on unless set to 0, so the clause is tested. The kit asks the target whether it is offered and otherwise skips variables.filter.get with the reason.',
  },
  {
    env: 'REFERENCE_DEPENDENCY_FIXTURE',
    value: '',
    default: IN_PROCESS_ON,
    doc: 'Reference server only: 1 fills every new project with a fixed, realistic dependency list across bundler, composer, maven, npm, pip and yarn. Off for `npm run serve`; on in the in-process reference of a certification run unless set to 0.',
  },
  {
    env: 'REFERENCE_CLUSTERS_HIDDEN',
    value: '',
    default: '0 (spec profile), 1 (platform profile)',
    doc: "Reference server only: 1 hides the cluster API (404), as releases without certificate-based clusters; the kit then skips the cluster clauses as not offered (and fails them with CONFORMANCE_REQUIRE=clusters). Unset, the platform profile hides it too (the default of current installations); 0 shows it there, as an installation that enabled certificate-based clusters, with the platform's cluster departures.",
  },
  {
    env: 'REFERENCE_TOKEN_EXPIRY_REQUIRED',
    value: '0',
    doc: 'Reference server only: 1 refuses an impersonation token created without expires_at (400 {"message":{"expires_at":["can\'t be blank"]}}), as the platform\'s default setting require_personal_access_token_expiry. The spec makes expires_at optional; the kit always sends one: the server\'s date plus 30 days.',
  },
  {
    env: 'REFERENCE_ADMIN_MODE',
    value: '0',
    doc: "Reference server only: 1 switches Admin Mode on, as the platform's admin_mode setting: an administrator's token without the admin_mode scope acts as a regular user's (admin-only calls 403, sudo \"Must be admin to use sudo\"); the seeded administrator's token carries admin_mode. GET /application/settings says so, and the kit then makes its administrator's impersonation token for the Sudo scope check with the scopes api and admin_mode.",
  },
  {
    env: 'REFERENCE_USER_DEFAULTS_TO_PRIVATE_PROFILE',
    value: '0',
    doc: "Reference server only: 1 switches the platform's user_defaults_to_private_profile on: POST /users without private_profile (or with null) makes a private profile, whose created_at is hidden from others. GET /application/settings says so, and the kit then states private_profile false on the users it makes and skips users.create.private_profile_default and users.create.private_profile_null as not applicable.",
  },
  {
    env: 'REFERENCE_LARGE_COLLECTIONS',
    value: '0',
    doc: 'Reference server only: 1 switches on the platform\'s rule for lists over 10,000 items: they send neither X-Total, X-Total-Pages nor rel="last" (a feature flag on the platform).',
  },
  {
    env: 'REFERENCE_SEED_GENERATED_USERS',
    value: '0',
    doc: 'Reference server only: N plain users (gen-user-1 ...) created at start-up in bulk, for benchmarks (npm run bench seeds 100000 in its own reference).',
  },
  {
    env: 'REFERENCE_CLOCK_SECONDS',
    value: '0',
    doc: 'Reference server only: 1 gives the reference a clock that keeps whole seconds (every timestamp ends in .000), as some conforming servers do.',
  },
  {
    env: 'REFERENCE_DELAYED_USER_DELETION',
    value: '0',
    doc: "Reference server only: 1 deletes users as the platform does, in the background: DELETE /users/:id answers 204 and blocks the user at once; the user (with hard_delete, also the groups it solely owns) is removed REFERENCE_USER_DELETION_DELAY_MS later, on the server's clock.",
  },
  {
    env: 'REFERENCE_USER_DELETION_DELAY_MS',
    value: '60000',
    doc: 'Reference server only: that delay, in milliseconds.',
  },
  {
    env: 'REFERENCE_SCHEDULED_DELETION',
    value: '0',
    doc: 'Reference server only: 1 deletes projects and groups as newer platform releases do: DELETE answers 202 and only marks for deletion (renamed <path>-deletion_scheduled-<id>, marked_for_deletion_on shown, removed 7 days later); DELETE with permanently_remove=true and full_path=<its full path> removes a marked one at once.',
  },
  {
    env: 'REFERENCE_DATA',
    value: '',
    doc: 'Reference server only: a JSON file of declared data (users with the tokens tests use, groups and subgroups, projects, members, epics, variables, SSH keys) loaded at start (or serve --data FILE); POST /-/reference/reset (admin token) and ref.reset() restore it.',
  },
  {
    env: 'REFERENCE_OPS_FAULTS',
    value: '',
    doc: "Reference server only: operational faults for a client's error handling (or serve --ops-faults), KIND[=ARG]@ROUTE[:RATE] separated by commas: 429=SECONDS (Retry-After), 429-reset=SECONDS (RateLimit-Reset), 500, 502, 503, delay=MS, drop, truncate; ROUTE is * or 'METHOD /path' (:name a segment); RATE 0 to 1 (default 1), drawn from a seed.",
  },
  {
    env: 'REFERENCE_STRICT',
    value: '0',
    doc: 'Reference server only: 1 (or serve --strict) judges every request against its operation (unknown parameter, wrong type or format, deprecated parameter, token in the query, per_page over 100, body field not read), answers it as usual, and writes the client report at close.',
  },
  {
    env: 'REFERENCE_CLIENT_REPORT',
    value: 'reports/client-report',
    doc: 'Reference server only: base path of the strict mode client report (.json and .md are added), relative to the working folder.',
  },
];
