/**
 * Configuration: `.env` (dotenv) and the environment, overridden by command-line flags, each value
 * read by its setting's schema (kit/settings.ts, one row per setting). A bad value is one KitError
 * naming the variable or the flag (exit code 2).
 *
 *   const config = loadConfig({ env: process.env, flags: { baseUrl: 'http://127.0.0.1:4010' } });
 *   config.baseUrl  // URL of the server root, or undefined for the bundled reference
 */
import { existsSync, readFileSync } from 'node:fs';
import { KitError } from '../shared/errors.ts';
import { checkDotenvText } from './dotenv-check.ts';
import { isSwitch, SETTING_KEYS, SETTINGS, type Config } from '../kit/settings.ts';

export type { Config } from '../kit/settings.ts';

/**
 * Flags, by config key; a flag beats its variable. The CLI gives strings (as a variable would be); a
 * program may also give the value's own type: `{ numRuns: 5, heavy: true, skip: ['packages'] }`.
 * Either way the value is checked as its variable would be.
 */
export type ConfigFlags = { [K in keyof Config]?: string | Config[K] };

/** A value as its variable reads: a number in decimal, a switch 1 or 0, a list comma-separated (flags, and certify's export of the run's configuration). */
export function variableText(value: ConfigFlags[keyof Config]): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

const byKey = <T>(pick: (key: keyof Config) => T) => Object.fromEntries(SETTING_KEYS.map((k) => [k, pick(k)])) as Record<keyof Config, T>;

/** Variable name of each key (for messages, and certify's export of the configuration). */
export const VARIABLES: Record<keyof Config, string> = byKey((k) => SETTINGS[k].env);

/** Command-line flag of each key (the CLI derives its options from this table). */
export const FLAGS: Record<keyof Config, string> = byKey((k) => SETTINGS[k].flag);

/** Keys that are switches: a bare flag (--heavy) sets them. */
export const SWITCHES: ReadonlySet<keyof Config> = new Set(SETTING_KEYS.filter(isSwitch));

/** Reads `.env` into process.env (never overriding what is set), after checking every line of it (dotenv-check.ts). Call once, at the edge. */
export async function loadDotenv(path = '.env'): Promise<void> {
  if (existsSync(path)) checkDotenvText(readFileSync(path, 'utf8'), path);
  const dotenv = await import('dotenv');
  dotenv.config({ path, quiet: true });
}

export function loadConfig(input: { env?: NodeJS.ProcessEnv; flags?: ConfigFlags } = {}): Config {
  const env = input.env ?? process.env;
  const flags = input.flags ?? {};
  const out: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const fromFlag = variableText(flags[key]);
    const raw = fromFlag !== undefined ? fromFlag : env[VARIABLES[key]];
    const value = raw === '' ? undefined : raw;
    const parsed = SETTINGS[key].schema.safeParse(value);
    if (!parsed.success) {
      const source = fromFlag !== undefined ? FLAGS[key] : VARIABLES[key];
      const shown = key === 'adminToken' ? '[redacted]' : JSON.stringify(value);
      throw new KitError('CONFIG_INVALID', `${source} ${parsed.error.issues[0]?.message ?? 'is invalid'} (got ${shown})`);
    }
    out[key] = parsed.data;
  }
  const config = out as Config;
  const both = config.require.filter((id) => config.skip.includes(id));
  if (both.length) {
    throw new KitError(
      'CONFIG_INVALID',
      `${VARIABLES.require} and ${VARIABLES.skip} both name ${both.join(', ')}: a capability is required or skipped, not both`,
    );
  }
  return config;
}
