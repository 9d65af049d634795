/**
 * Valid payload arbitraries break none of the spec's rules (rules.ts) and stay within its limits
 * and formats; text covers the scripts and emoji it promises; the same seed gives the same values.
 *
 *   npx vitest run src/kit/generators/payloads.test.ts
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, isLastDayOfMonth, resolveFutureDate } from './dates.ts';
import {
  broadcastBody,
  broadcastCreate,
  broadcastUpdate,
  clusterBody,
  clusterCreate,
  clusterUpdate,
  epicBody,
  epicCreate,
  epicUpdate,
  labelList,
  nearLimitDescription,
  sshKeyCreate,
  tokenCreate,
  userCreate,
  userUpdate,
  variableCreate,
  variableUpdate,
} from './payloads.ts';
import { EPIC_DESCRIPTION_MAX_LENGTH } from '../../spec/limits.ts';
import { looksLikeSshKey, specRulesBroken, type Endpoint } from './rules.ts';
import { codePoints, hasAstral, isAscii, utf8Bytes } from './text.ts';

const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 150, seed = 42) => fc.sample(arb, { seed, numRuns });
const noRulesBroken = (endpoint: Endpoint, bodies: object[]) => {
  for (const body of bodies)
    expect(specRulesBroken(endpoint, body as Record<string, unknown>), JSON.stringify(body).slice(0, 200)).toEqual([]);
};

describe('valid payloads break no rule of the spec', () => {
  it('users', () => {
    noRulesBroken(
      'users.create',
      sample(userCreate()).map((u) => ({ ...u, username: 'u', email: 'u@example.com', force_random_password: true })),
    );
    noRulesBroken('users.update', sample(userUpdate()));
    for (const u of sample(userCreate())) {
      expect(u.name.length).toBeGreaterThan(0);
      expect(u.name.length).toBeLessThanOrEqual(255);
      expect((u.bio ?? '').length).toBeLessThanOrEqual(255);
    }
  });

  it('SSH keys: a real key from the drawn seed, titles of 1..255 characters', () => {
    const keys = sample(sshKeyCreate(), 60);
    noRulesBroken('ssh-keys.create', keys);
    for (const k of keys) {
      expect(looksLikeSshKey(k.key)).toBe(true);
      expect(k.title.length).toBeGreaterThan(0);
      expect(k.title.length).toBeLessThanOrEqual(255);
    }
    expect(keys.some((k) => k.title.length === 255)).toBe(true);
  });

  it('impersonation tokens: scopes from api and read_user, expiry within the year', () => {
    for (const t of sample(tokenCreate())) {
      const expires_at = t.expires ? resolveFutureDate(t.expires, '2027-12-15') : undefined;
      expect(specRulesBroken('tokens.create', { name: t.name, scopes: t.scopes, ...(expires_at ? { expires_at } : {}) })).toEqual([]);
      if (expires_at) {
        expect(expires_at > '2027-12-15' && expires_at <= '2028-12-09').toBe(true);
      }
    }
  });

  it('broadcast messages, with windows that start before they end', () => {
    const created = sample(broadcastCreate());
    noRulesBroken(
      'broadcast.create',
      created.map((b) => broadcastBody(b, '/hidden')),
    );
    noRulesBroken(
      'broadcast.update',
      sample(broadcastUpdate()).map((b) => broadcastBody(b, '/hidden')),
    );
    for (const b of created) expect(b.starts_at.instant < b.ends_at.instant).toBe(true);
    expect(created.some((b) => /[<>&"']/.test(b.message))).toBe(true);
  });

  it('clusters and variables', () => {
    noRulesBroken(
      'clusters.create',
      sample(clusterCreate()).map((c) => clusterBody(c, 'tok')),
    );
    noRulesBroken(
      'clusters.update',
      sample(clusterUpdate()).map((c) => clusterBody(c)),
    );
    const vars = sample(variableCreate(), 300);
    noRulesBroken('variables.create', vars);
    noRulesBroken('variables.update', sample(variableUpdate()));
    expect(vars.some((v) => v.key.length === 1)).toBe(true);
    expect(vars.some((v) => v.key.length === 255)).toBe(true);
    for (const v of vars) if (v.masked) expect(v.value).toMatch(/^[A-Za-z0-9_+=/@:.~-]{8,}$/);
  });

  it('epics: labels distinct and comma-free, fixed dates real and ordered, month ends and leap days among them', () => {
    const epics = sample(epicCreate(), 300);
    noRulesBroken('epics.create', epics.map(epicBody));
    noRulesBroken('epics.update', sample(epicUpdate()).map(epicBody));
    for (const e of epics) {
      for (const l of e.labels ?? []) expect(l).toMatch(/^[^,\s](?:[^,]*[^,\s])?$/);
      if (e.start_date_fixed) {
        expect(isCalendarDate(e.start_date_fixed) && isCalendarDate(e.due_date_fixed!)).toBe(true);
        expect(e.start_date_fixed <= e.due_date_fixed!).toBe(true);
      }
    }
    const dues = epics.map((e) => e.due_date_fixed).filter((d): d is string => !!d);
    expect(dues.some(isLastDayOfMonth)).toBe(true);
    expect(dues.concat(epics.map((e) => e.start_date_fixed ?? '')).some((d) => d.endsWith('-02-29'))).toBe(true);
    expect(sample(labelList).some((l) => l.length > 1)).toBe(true);
  });

  it('a description near the limit: within it, non-ASCII, more UTF-8 bytes than characters', () => {
    for (const d of sample(nearLimitDescription(), 3)) {
      const n = codePoints(d);
      expect(n).toBeLessThanOrEqual(EPIC_DESCRIPTION_MAX_LENGTH);
      expect(n).toBeGreaterThanOrEqual(EPIC_DESCRIPTION_MAX_LENGTH - 64);
      expect(utf8Bytes(d)).toBeGreaterThan(EPIC_DESCRIPTION_MAX_LENGTH);
      expect(hasAstral(d)).toBe(true);
      expect(d).toBe(d.trim());
    }
  });
});

describe('text variety', () => {
  it('epic texts cover non-Latin scripts, RTL, Devanagari, astral emoji and ZWJ sequences', () => {
    const texts = sample(epicCreate(), 300)
      .flatMap((e) => [e.title, e.description ?? ''])
      .join('\n');
    for (const re of [
      /\p{Script=Cyrillic}/u,
      /\p{Script=Greek}/u,
      /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Hangul}/u,
      /\p{Script=Arabic}|\p{Script=Hebrew}/u,
      /\p{Script=Devanagari}/u,
      /[\u{1F300}-\u{1FAFF}]/u,
      /\u200D/u,
      /[À-ž]/u,
    ]) {
      expect(texts, String(re)).toMatch(re);
    }
    expect(isAscii(texts)).toBe(false);
  });
});

describe('determinism', () => {
  it('the same seed gives the same values, another seed others', () => {
    for (const arb of [
      userCreate(),
      sshKeyCreate(),
      broadcastCreate(),
      variableCreate(),
      epicCreate(),
      tokenCreate(),
      clusterCreate(),
    ] as fc.Arbitrary<unknown>[]) {
      expect(sample(arb, 10, 7)).toEqual(sample(arb, 10, 7));
      expect(sample(arb, 10, 7)).not.toEqual(sample(arb, 10, 8));
    }
  });
});
