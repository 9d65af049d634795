/**
 * Invalid inputs break exactly the one spec rule they name (rules.ts), every endpoint's rules
 * are exercised, broken keys are refused by real parsers, and a seed replays the same inputs.
 * Also the date helpers the properties rely on.
 *
 *   npx vitest run src/kit/generators/invalid.test.ts
 */
import fc from 'fast-check';
import { readKey } from 'openpgp';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDate,
  datetimeInput,
  INVALID_DATES,
  INVALID_DATETIMES,
  isCalendarDate,
  isLastDayOfMonth,
  resolveFutureDate,
} from './dates.ts';
import { gpgPublicKey } from './gpg-keys.ts';
import { fillPlaceholders, INVALID_ENDPOINTS, invalidGpgKeyInput, invalidInput } from './invalid.ts';
import { looksLikeSshKey, specRulesBroken } from './rules.ts';

const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 120, seed = 3) => fc.sample(arb, { seed, numRuns });
const filled = (p: Record<string, unknown>) => fillPlaceholders(p, { unique: 'cfk-x-u-1', takenEmail: 'taken@example.com' });

describe('invalid inputs', () => {
  for (const endpoint of INVALID_ENDPOINTS) {
    it(`${endpoint}: each breaks exactly the rule it names, with a body kind that fits the rule`, () => {
      const cases = sample(invalidInput(endpoint));
      const rules = new Set<string>();
      for (const c of cases) {
        rules.add(c.rule);
        expect(c.endpoint).toBe(endpoint);
        expect(c.kind === 'missing').toBe(c.rule.startsWith('missing:'));
        const payload = filled(c.payload);
        if (c.rule === 'taken:email') expect(payload.email).toBe('taken@example.com');
        else if (c.rule === 'format:key') {
          expect(specRulesBroken(endpoint, payload)).toEqual(['format:key']);
          expect(looksLikeSshKey(payload.key)).toBe(false);
        } else expect(specRulesBroken(endpoint, payload), `${c.rule} ${JSON.stringify(payload).slice(0, 300)}`).toEqual([c.rule]);
      }
      expect(rules.size).toBeGreaterThan(1);
    });
  }

  it('variable keys: a charset breakage keeps the length, a length breakage the charset; 256 is among the lengths', () => {
    const cases = sample(invalidInput('variables.create'), 400);
    const long = cases.filter((c) => c.rule === 'length:key').map((c) => String(c.payload.key));
    expect(long.every((k) => /^[A-Za-z0-9_]+$/.test(k))).toBe(true);
    expect(long.some((k) => k.length === 256)).toBe(true);
    const bad = cases.filter((c) => c.rule === 'charset:key').map((c) => String(c.payload.key));
    expect(bad.every((k) => Array.from(k).length <= 255 && k === k.trim())).toBe(true);
  });

  it('GPG keys: every broken key is refused as a public key by openpgp', async () => {
    const key = await gpgPublicKey();
    const cases = sample(invalidGpgKeyInput(key), 30);
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(['missing:key', 'format:key']));
    for (const c of cases.filter((x) => x.rule === 'format:key')) {
      const parsed = await readKey({ armoredKey: String(c.payload.key) }).catch(() => undefined);
      expect(parsed === undefined || parsed.isPrivate()).toBe(true);
    }
    expect(specRulesBroken('gpg-keys.create', {})).toEqual(['missing:key']);
  });

  it('the same seed gives the same invalid inputs', () => {
    for (const endpoint of INVALID_ENDPOINTS) expect(sample(invalidInput(endpoint), 20, 9)).toEqual(sample(invalidInput(endpoint), 20, 9));
  });

  it('placeholders are filled deeply, in strings only', () => {
    expect(
      fillPlaceholders({ a: '{unique}@example.com', b: ['{taken-email}'], c: 3, d: { e: 'x{unique}' } }, { unique: 'U', takenEmail: 'T' }),
    ).toEqual({ a: 'U@example.com', b: ['T'], c: 3, d: { e: 'xU' } });
  });
});

describe('dates', () => {
  it('calendar dates are real, in range, with month ends, Feb 29 and Feb 28 among them', () => {
    const dates = sample(calendarDate({ minYear: 2030, maxYear: 2040 }), 400);
    expect(dates.every((d) => isCalendarDate(d) && d >= '2030-01-01' && d <= '2040-12-31')).toBe(true);
    expect(dates.filter(isLastDayOfMonth).length).toBeGreaterThan(100);
    expect(dates.some((d) => d.endsWith('-02-29'))).toBe(true);
    expect(dates.some((d) => d.endsWith('-02-28'))).toBe(true);
  });

  it('a datetime names the instant it says, whatever its form', () => {
    for (const d of sample(datetimeInput(), 300)) {
      expect(new Date(d.text).toISOString()).toBe(d.instant);
    }
  });

  it('the invalid dates and datetimes are no dates', () => {
    for (const d of INVALID_DATES) expect(isCalendarDate(d.text), d.text).toBe(false);
    for (const d of INVALID_DATETIMES)
      expect(specRulesBroken('broadcast.update', { starts_at: d.text }), d.text).toEqual(['datetime:starts_at']);
  });

  it('future-date plans resolve after today and within the window, month ends to month ends', () => {
    for (const today of ['2025-06-14', '2027-12-31', '2028-02-29', '2031-01-30']) {
      for (let index = 0; index <= 10; index++) {
        const d = resolveFutureDate({ kind: 'month-end', index }, today);
        expect(d > today && d <= addDays(today, 360)).toBe(true);
        expect(isLastDayOfMonth(d)).toBe(true);
      }
      const leap = resolveFutureDate({ kind: 'leap-day' }, today);
      expect(leap > today && leap <= addDays(today, 360) && isLastDayOfMonth(leap)).toBe(true);
      expect(resolveFutureDate({ kind: 'offset', days: 30 }, today)).toBe(addDays(today, 30));
    }
    expect(resolveFutureDate({ kind: 'leap-day' }, '2027-06-01')).toBe('2028-02-29');
  });
});
