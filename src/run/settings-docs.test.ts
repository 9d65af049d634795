/**
 * The settings' derived files: `.env.example` and the table of docs/configuration.md are what
 * settings-docs.ts writes from the rows, every REFERENCE_* variable the reference reads has its row,
 * and `.env.example` as it stands is a configuration that loads to the defaults.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';
import { describe, expect, test } from 'vitest';
import { SETTING_KEYS, SETTINGS } from '../kit/settings.ts';
import { CAPABILITY_VARIATIONS } from '../reference/variation/registry.ts';
import { checkDotenvText } from './dotenv-check.ts';
import { loadConfig, SWITCHES } from './config.ts';
import { referenceOptionsChecked } from './reference-env.ts';
import { REFERENCE_SETTINGS } from './reference-settings.ts';
import { CONFIGURATION_DOC, ENV_EXAMPLE, renderConfigurationDoc, renderEnvExample } from './settings-docs.ts';

const STALE = 'stale: run `npm run generate` and commit what it writes';

describe('files derived from the settings', () => {
  test('.env.example is what the rows write', () => {
    expect(readFileSync(ENV_EXAMPLE, 'utf8'), STALE).toBe(renderEnvExample());
  });

  test("docs/configuration.md's table is what the rows write", () => {
    const page = readFileSync(CONFIGURATION_DOC, 'utf8');
    expect(page, STALE).toBe(renderConfigurationDoc(page));
  });

  test('.env.example loads: its lines are well formed, its values the defaults, the reference starts with them', () => {
    const text = readFileSync(ENV_EXAMPLE, 'utf8');
    expect(() => checkDotenvText(text, ENV_EXAMPLE)).not.toThrow();
    const env = parse(text);
    const { seed, runPrefix, ...config } = loadConfig({ env });
    const { seed: _s, runPrefix: _r, ...defaults } = loadConfig({ env: {} });
    expect(config).toEqual(defaults);
    expect(() => referenceOptionsChecked(env)).not.toThrow();
    expect([seed, runPrefix]).not.toContain(undefined);
  });
});

describe('the settings rows', () => {
  test('variables and flags are each one setting', () => {
    const rows = SETTING_KEYS.map((k) => SETTINGS[k]);
    expect(new Set(rows.map((r) => r.env)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.flag)).size).toBe(rows.length);
    expect(new Set(REFERENCE_SETTINGS.map((r) => r.env)).size).toBe(REFERENCE_SETTINGS.length);
  });

  test('switches are the settings that default to off: a bare flag sets them', () => {
    expect([...SWITCHES]).toEqual(['heavy', 'har', 'quiet', 'epicsUnavailable']);
  });

  test('every REFERENCE_* variable the reference reads has its row', () => {
    const read = new Set([
      ...(readFileSync('src/reference/env-options.ts', 'utf8').match(/\bREFERENCE_[A-Z_]+[A-Z]\b/g) ?? []),
      ...(readFileSync('src/reference/seed-users.ts', 'utf8').match(/\bREFERENCE_[A-Z_]+[A-Z]\b/g) ?? []),
      ...CAPABILITY_VARIATIONS.map((c) => c.env),
    ]);
    expect([...read].filter((name) => !REFERENCE_SETTINGS.some((r) => r.env === name))).toEqual([]);
  });
});
