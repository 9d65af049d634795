/**
 * A variation of the reference server, declared once beside the code it changes: a deliberate
 * fault (mutation testing: REFERENCE_FAULTS), a capability switched by a server option (epics
 * off, clusters hidden...), or a departure of the real platform from the spec. The declaration
 * names it, says what it does and which clause it breaks, and may carry its behaviour as patches
 * of the shared variation points (paging, auth, wire, route auth); elsewhere the code asks
 * `ctx.has(id)` at the one point the variation lives. The platform profile (`profile:
 * 'platform'`) switches on every departure of kind 'platform', every fault marked `platform`
 * (the real platform has that bug too) and every capability marked `platform` (a default of
 * current installations); each carries its baseline entries and its FIDELITY.md row, from which
 * `npm run generate` writes baselines/platform.json and FIDELITY.md's departures table.
 *
 *   export const BROADCAST_VARIATIONS = [
 *     { id: 'broadcast.read-requires-auth', kind: 'fault', description: 'GETs of broadcast messages need a token',
 *       clause: 'broadcast.get.public', suites: ['broadcast-messages'],
 *       routeAuth: { 'GET /broadcast_messages': 'authenticated' } },
 *   ] as const satisfies readonly Variation[];
 */
import type { AuthNeed, AuthPolicy } from './auth-policy.ts';
import type { PagingPolicy } from './paging-policy.ts';
import type { WirePolicy } from './wire-policy.ts';
import type { PolicyPatches } from './resource-policies.ts';

/** The server options (AppOptions) that switch a capability on, each a boolean. */
export type CapabilityOption =
  | 'largeCollectionFlag'
  | 'epicsDisabled'
  | 'variablesScopeFilter'
  | 'dependencyFixture'
  | 'clustersHidden'
  | 'tokenExpiryRequired'
  | 'delayedUserDeletion'
  | 'scheduledDeletion'
  | 'adminMode'
  | 'privateProfileByDefault';

/** What a declaration may carry to the shared variation points, applied when it is active. */
export interface VariationBehaviour {
  /** Patches the paging policy of paginate() and keysetPaginate(). */
  readonly paging?: (policy: PagingPolicy) => PagingPolicy;
  /** Patches the policy of the auth hook. */
  readonly auth?: (policy: AuthPolicy) => AuthPolicy;
  /** Patches the wire policy (statuses, datetimes, error bodies, payload transforms...). */
  readonly wire?: (policy: WirePolicy) => WirePolicy;
  /** Replaces the auth need of routes, keyed 'METHOD /path' as the resource registers them. */
  readonly routeAuth?: Readonly<Record<string, AuthNeed>>;
  /** Patches the variation points of single resources (resource-policies.ts). */
  readonly policies?: PolicyPatches;
}

interface Declared extends VariationBehaviour {
  /** `area.what-happens`, unique; kept stable (reports and REFERENCE_FAULTS name it). */
  readonly id: string;
  /** What the server does when it is on, in one sentence. */
  readonly description: string;
}

/**
 * One entry of baselines/platform.json a departure carries: a clause it breaks (narrowed to the
 * fields or operations it breaks it in, or to its race checks: `races: true`), or fields of a resource wherever that resource is judged
 * (the resource as baselines name it: its schemas' name before the first dot, 'epic'). Entries of
 * one clause with the same reason, from several declarations, are one baseline entry with their fields.
 */
export type KnownEntry = (
  | {
      readonly clause: string;
      readonly fields?: readonly string[];
      readonly operations?: readonly string[];
      /** Only the failures of its race checks (requests sent together); the clause's sequential checks stay judged. */
      readonly races?: true;
      readonly reason: string;
    }
  | { readonly resource: string; readonly fields: readonly string[]; readonly reason: string }
) & {
  /**
   * The departure shows only with some data on the target (a dependency without a version): an
   * entry that matches nothing is then unused, not stale (baselines/platform.json `dataDependent`).
   */
  readonly dataDependent?: true;
};

/**
 * A departure of the real platform as it is documented: where its behaviour is seen, what
 * FIDELITY.md's departures table says of it, and the entries baselines/platform.json lists for it
 * (`npm run generate` writes both from the declarations).
 */
export interface PlatformSource {
  /** A path of its public source (gitlabhq/gitlabhq) or documentation, e.g. 'lib/api/users.rb (PUT /users/:id: ...)'. */
  readonly source: string;
  /** What it does, for FIDELITY.md's departures table (markdown). */
  readonly fidelity: string;
  /** The baseline entries of the clauses it breaks; none when no clause departs. */
  readonly known: readonly KnownEntry[];
  /** The date its baseline entries are reviewed by (YYYY-MM-DD). */
  readonly expires: `${number}-${number}-${number}`;
}

/** A realistic bug the mutation run switches on; some test citing `clause` must fail. */
export interface FaultVariation extends Declared {
  readonly kind: 'fault';
  /** The clause the fault breaks. */
  readonly clause: string;
  /** Suites enough to catch it: folders or files under suites/ ('errors', 'suites/users/states.test.ts'). */
  readonly suites: readonly string[];
  /** The real platform does this too: the platform profile switches it on, and the platform baseline lists its clause. */
  readonly platform?: PlatformSource;
}

/** A documented departure of the real platform from the spec that is not a fault of the mutation catalogue. */
export interface PlatformVariation extends Declared, PlatformSource {
  readonly kind: 'platform';
  readonly suites: readonly string[];
}

/** An optional feature switched by a server option and its REFERENCE_* variable. */
export interface CapabilityVariation extends Declared {
  readonly kind: 'capability';
  readonly option: CapabilityOption;
  /** The environment variable that sets the option (env-options.ts): 1 switches it on. */
  readonly env: `REFERENCE_${string}`;
  readonly clause?: string;
  readonly suites?: readonly string[];
  /** On in the platform profile: a default of current installations the kit must cope with (no clause departs). */
  readonly platform?: PlatformSource;
  /**
   * Under `platform`: an installation setting its administrator may change, so the platform profile
   * follows an explicit off (its variable set to 0, its option false), as such an installation
   * (certificate-based clusters enabled). Without it the profile keeps the capability on.
   */
  readonly settable?: true;
}

export type Variation = FaultVariation | PlatformVariation | CapabilityVariation;

/** The fault ids of a module's declarations: its *.fault-cases.ts holds one proof case per id (`Record<FaultIdOf<typeof X>, Case>`). */
export type FaultIdOf<Decls extends readonly Variation[]> = Extract<Decls[number], { kind: 'fault' }>['id'];
