/**
 * The declarations hold together: ids once each, every capability option declared once with its
 * own variable, every route a declaration re-authorizes registered, and the spec's policies
 * untouched when nothing is switched on.
 *
 *   npx vitest run src/reference/variation/registry.test.ts
 */
import { describe, expect, it } from 'vitest';
import { buildReferenceApp } from '../index.ts';
import { referenceOptionsFromEnv } from '../env-options.ts';
import { FAULTS } from '../faults.ts';
import { SPEC_AUTH } from './auth-policy.ts';
import type { CapabilityOption, Variation } from './declaration.ts';
import { SPEC_PAGING } from './paging-policy.ts';
import { CAPABILITY_VARIATIONS, createVariations, PLATFORM_PROFILE, profileIds, VARIATIONS } from './registry.ts';
import { SPEC_WIRE } from './wire-policy.ts';

const ALL: readonly Variation[] = VARIATIONS;
const OPTIONS: Record<CapabilityOption, true> = {
  largeCollectionFlag: true,
  epicsDisabled: true,
  variablesScopeFilter: true,
  dependencyFixture: true,
  clustersHidden: true,
  tokenExpiryRequired: true,
  delayedUserDeletion: true,
  scheduledDeletion: true,
  adminMode: true,
  privateProfileByDefault: true,
};

describe('the variation registry', () => {
  it('declares each id once, and FAULTS are its faults', () => {
    expect(new Set(ALL.map((v) => v.id)).size).toBe(ALL.length);
    expect(FAULTS.map((f) => f.id)).toEqual(ALL.filter((v) => v.kind === 'fault').map((v) => v.id));
  });

  it('declares every capability option once, each with its own variable', () => {
    expect(CAPABILITY_VARIATIONS.map((c) => c.option).sort()).toEqual(Object.keys(OPTIONS).sort());
    expect(new Set(CAPABILITY_VARIATIONS.map((c) => c.env)).size).toBe(CAPABILITY_VARIATIONS.length);
  });

  it('reads every capability from its variable', () => {
    const env = Object.fromEntries(CAPABILITY_VARIATIONS.map((c) => [c.env, '1']));
    expect(referenceOptionsFromEnv(env)).toMatchObject(OPTIONS);
    const off = Object.fromEntries(CAPABILITY_VARIATIONS.map((c) => [c.env, '0']));
    expect(referenceOptionsFromEnv(off)).toMatchObject(Object.fromEntries(Object.keys(OPTIONS).map((k) => [k, false])));
    // Unset: no option, so the profile's default holds (the platform profile hides clusters unless REFERENCE_CLUSTERS_HIDDEN=0).
    const unset = referenceOptionsFromEnv({}) as Record<string, unknown>;
    expect(Object.keys(OPTIONS).filter((k) => unset[k] !== undefined)).toEqual([]);
  });

  it('the platform profile keeps every departure on, but a settable capability explicitly off', () => {
    const all = PLATFORM_PROFILE.map((v) => v.id);
    expect(profileIds('spec', { clustersHidden: false })).toEqual([]);
    expect(profileIds('platform')).toEqual(all);
    expect(profileIds('platform', { clustersHidden: false })).toEqual(all.filter((id) => id !== 'clusters.hidden'));
    // The scope filter is no setting of the platform: always on there.
    expect(profileIds('platform', { variablesScopeFilter: false })).toEqual(all);
    const settable = CAPABILITY_VARIATIONS.filter((c) => 'settable' in c && c.settable).map((c) => c.id);
    expect(settable).toEqual(['clusters.hidden']);
  });

  it('names only registered routes in routeAuth', async () => {
    const { app } = await buildReferenceApp();
    const known = new Set(app.routeTable.map((r) => `${r.method} ${r.url.slice('/api/v4'.length).replace(/:(\w+)/g, ':$1')}`));
    const named = ALL.flatMap((v) => Object.keys(v.routeAuth ?? {}).map((route) => route.replace(/\(int\)/g, '')));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((route) => !known.has(route))).toEqual([]);
    await app.close();
  });

  it('leaves the spec policies as they are when nothing is on', () => {
    const v = createVariations([]);
    expect([v.paging, v.auth, v.wire, v.routeAuth.size]).toEqual([SPEC_PAGING, SPEC_AUTH, SPEC_WIRE, 0]);
  });

  it('applies a declaration to its variation point only while it is on', () => {
    const v = createVariations(['auth.bearer-ignored']);
    expect(v.has('auth.bearer-ignored')).toBe(true);
    expect(v.auth.transports).not.toContain('bearer');
    expect(SPEC_AUTH.transports).toContain('bearer');
  });
});
