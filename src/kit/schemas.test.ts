/**
 * Unit tests of the schema registry and the schemas themselves. Data-only cases live in
 * schema-cases.json ({schema, valid, note, data}) and run through one loop, as in
 * JSON-Schema-Test-Suite; this file adds what needs code (errors, pointers, cwd independence).
 *
 *   npx vitest run src/kit/schemas.test.ts
 */
import { describe, expect, it } from 'vitest';
import { DESIGN_NAMES, schemaCases } from './schema-cases.ts';
import { isKitError } from '../shared/errors.ts';
import {
  SCHEMAS_DIR,
  assertSchemaName,
  describeSchemaErrors,
  getSchema,
  isApiDate,
  isApiDatetime,
  schemaNames,
  validateAgainst,
  validateJsonText,
} from './schemas.ts';

const cases = schemaCases();

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('schema registry', () => {
  it('lists every name DESIGN.md fixes, sorted, without _defs', () => {
    const names = schemaNames();
    expect(names).toEqual([...names].sort());
    for (const n of DESIGN_NAMES) expect(names).toContain(n);
    expect(names.some((n) => n.startsWith('_'))).toBe(false);
  });

  it.each(schemaNames())('%s compiles and has $id, title and description', (name) => {
    const schema = getSchema(name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(String(schema.$id)).toMatch(new RegExp(`/${name.replace(/\./g, '\\.')}\\.json$`));
    expect(typeof schema.title).toBe('string');
    expect(String(schema.description)).toMatch(/spec|Spec/);
    expect(() => validateAgainst(name, {})).not.toThrow();
  });

  it('has at least one valid and one invalid case for every schema', () => {
    for (const name of schemaNames()) {
      const mine = cases.filter((c) => c.schema === name);
      expect(
        mine.some((c) => c.valid),
        `${name}: a valid case`,
      ).toBe(true);
      expect(
        mine.some((c) => !c.valid),
        `${name}: an invalid case`,
      ).toBe(true);
    }
  });

  it('finds the schemas directory from the module, not the working directory', () => {
    const before = process.cwd();
    try {
      process.chdir('/');
      expect(SCHEMAS_DIR.endsWith('/schemas/')).toBe(true);
      expect(validateAgainst('error.route', { error: '404 Not Found' }).valid).toBe(true);
    } finally {
      process.chdir(before);
    }
  });

  it('refuses an unknown name with SCHEMA_UNKNOWN and names the close ones', () => {
    const e = thrown(() => assertSchemaName('user.publc'));
    expect(isKitError(e) && e.code).toBe('SCHEMA_UNKNOWN');
    expect((e as Error).message).toContain('user.public');
    expect(isKitError(thrown(() => validateAgainst('nope', {})))).toBe(true);
    expect(isKitError(thrown(() => getSchema('_defs/types')))).toBe(true);
  });

  it('turns unparsable JSON text into INPUT_UNREADABLE', () => {
    const e = thrown(() => validateJsonText('error.route', '{"error":', 'body.json'));
    expect(isKitError(e) && e.code).toBe('INPUT_UNREADABLE');
    expect((e as Error).message).toContain('body.json');
    expect(validateJsonText('error.route', '{"error":"404 Not Found"}')).toEqual({ valid: true, errors: [] });
  });

  it('checks the name before the JSON text', () => {
    const e = thrown(() => validateJsonText('nope', '{'));
    expect(isKitError(e) && e.code).toBe('SCHEMA_UNKNOWN');
  });
});

describe('formats', () => {
  it.each([
    ['2020-01-01T12:00:00.000Z', true],
    ['2024-02-29T23:59:59.999Z', true],
    ['2020-01-01T12:00:00Z', false],
    ['2020-01-01T12:00:00.000+00:00', false],
    ['2020-01-01T12:00:00.0000Z', false],
    ['2020-01-01t12:00:00.000z', false],
    ['2023-02-29T00:00:00.000Z', false],
    ['2020-13-01T00:00:00.000Z', false],
    ['2020-01-01T24:00:00.000Z', false],
    ['2020-01-01T12:60:00.000Z', false],
    ['2020-01-01T12:00:60.000Z', false],
  ])('api-datetime %s -> %s', (s, ok) => expect(isApiDatetime(s)).toBe(ok));

  it.each([
    ['2020-01-01', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2020-1-1', false],
    ['2020-01-32', false],
    ['2020-00-10', false],
    ['20200101', false],
    ['2020-01-01T00:00:00.000Z', false],
  ])('api-date %s -> %s', (s, ok) => expect(isApiDate(s)).toBe(ok));
});

describe('errors point at the failing location', () => {
  it('a datetime without milliseconds', () => {
    const r = validateAgainst('broadcast-message', {
      id: 1,
      message: 'm',
      starts_at: '2020-01-01T00:00:00Z',
      ends_at: '2020-01-01T01:00:00.000Z',
      color: '#E75E40',
      font: '#FFFFFF',
      active: true,
      target_path: '',
      broadcast_type: 'banner',
    });
    expect(r.valid).toBe(false);
    expect(r.errors).toEqual([{ pointer: '/starts_at', message: expect.stringContaining('milliseconds'), field: 'starts_at' }]);
  });

  it('a date 2020-1-1', () => {
    const r = validateAgainst('user.activity', { username: 'a', last_activity_on: '2020-1-1', last_activity_at: '2020-01-01' });
    expect(r.errors).toEqual([{ pointer: '/last_activity_on', message: expect.stringContaining('YYYY-MM-DD'), field: 'last_activity_on' }]);
  });

  it('an admin-only field for a normal caller', () => {
    const r = validateAgainst('user.public', {
      id: 1,
      username: 'a',
      name: 'A',
      state: 'active',
      avatar_url: null,
      web_url: 'u',
      created_at: '2020-01-01T00:00:00.000Z',
      bio: '',
      bio_html: '',
      location: null,
      public_email: '',
      skype: '',
      linkedin: '',
      twitter: '',
      website_url: '',
      organization: '',
      job_title: '',
      email: 'a@example.com',
    });
    expect(r.errors).toEqual([{ pointer: '/email', message: expect.stringContaining('must be absent'), field: 'email' }]);
  });

  it('the token of an impersonation token after creation', () => {
    const r = validateAgainst('impersonation-token', {
      id: 1,
      name: 't',
      active: true,
      revoked: false,
      scopes: ['api'],
      impersonation: true,
      created_at: '2020-01-01T00:00:00.000Z',
      expires_at: null,
      token: 'glpat-xxxxxxxxxxxx',
    });
    expect(r.errors).toEqual([{ pointer: '/token', message: expect.stringContaining('must be absent'), field: 'token' }]);
  });

  it('a missing property is reported at its parent, named', () => {
    const r = validateAgainst('cluster.detail', { id: 1 });
    expect(r.errors).toContainEqual({ pointer: '/', message: "must have required property 'project'", field: 'project' });
    expect(describeSchemaErrors(r.errors)).toContain("/: must have required property 'platform_kubernetes'");
  });

  it('a nested location inside an array', () => {
    const r = validateAgainst('gpg-key.created', [{ id: 1, key: 'k', created_at: 'yesterday' }]);
    expect(r.errors.map((e) => e.pointer)).toContain('/0/created_at');
  });

  it('an epic description above 1,048,576 characters', () => {
    const epic = cases.find((c) => c.schema === 'epic' && c.valid)!.data as Record<string, unknown>;
    expect(validateAgainst('epic', { ...epic, description: 'x'.repeat(1_048_576) }).valid).toBe(true);
    const r = validateAgainst('epic', { ...epic, description: 'x'.repeat(1_048_577) });
    expect(r.errors.map((e) => e.pointer)).toEqual(['/description']);
  });
});

describe('schema cases (schema-cases.json)', () => {
  it.each(cases.map((c) => [c.schema, c.valid ? 'accepts' : 'rejects', c.note, c] as const))('%s %s: %s', (_schema, _verb, _note, c) => {
    const r = validateAgainst(c.schema, c.data);
    expect(r.valid, describeSchemaErrors(r.errors) || 'valid').toBe(c.valid);
    if (!c.valid) expect(r.errors.length).toBeGreaterThan(0);
  });
});
