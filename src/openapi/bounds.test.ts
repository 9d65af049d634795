/**
 * The document states every bound the spec gives in the schema of its parameter or field, not only
 * in prose, so that a generator (Schemathesis, a fuzzer) sends as valid only what a server must
 * accept: page and per_page ranges, the variable key's length and characters (body and path), the
 * epic description's length, the enums, and the fields of which at least one must be sent.
 *
 *   npx vitest run src/openapi/bounds.test.ts
 */
import { describe, expect, it } from 'vitest';
import { EPIC_DESCRIPTION_MAX_LENGTH, PAGE_DEFAULT, PER_PAGE_DEFAULT, PER_PAGE_MAX, VARIABLE_KEY_MAX_LENGTH } from '../spec/limits.ts';
import type { Schema } from '../spec/operation.ts';
import { openapiDocument } from './document.ts';

const doc = openapiDocument();
/** The document read as the JSON it is. */
const op = (path: string, method: string): any => doc.paths[path]![method];
const jsonBody = (path: string, method: string): any => op(path, method).requestBody.content['application/json'].schema;
const pathParam = (path: string, method: string, name: string): Schema =>
  (op(path, method).parameters as Schema[]).find((p) => p.name === name && p.in === 'path')!.schema as Schema;

describe('bounds in the schemas', () => {
  it('gives page a minimum of 1 and per_page the range 1 to 100, with their defaults', () => {
    expect(doc.components.parameters!.page!.schema).toEqual({ type: 'integer', minimum: 1, default: PAGE_DEFAULT });
    expect(doc.components.parameters!.per_page!.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: PER_PAGE_MAX,
      default: PER_PAGE_DEFAULT,
    });
    expect(op('/users', 'get').parameters).toEqual(
      expect.arrayContaining([{ $ref: '#/components/parameters/page' }, { $ref: '#/components/parameters/per_page' }]),
    );
  });

  it("bounds a variable key's length and characters, in the body and in the path", () => {
    const key = { maxLength: VARIABLE_KEY_MAX_LENGTH, pattern: '^[A-Za-z0-9_]+$' };
    expect(jsonBody('/projects/{id}/variables', 'post').properties.key).toMatchObject(key);
    for (const method of ['get', 'put', 'delete']) expect(pathParam('/projects/{id}/variables/{key}', method, 'key')).toMatchObject(key);
  });

  it("bounds an epic description's length", () => {
    for (const [path, method] of [
      ['/groups/{id}/epics', 'post'],
      ['/groups/{id}/epics/{epic_iid}', 'put'],
    ] as const) {
      expect(jsonBody(path, method).properties.description).toMatchObject({ maxLength: EPIC_DESCRIPTION_MAX_LENGTH });
    }
  });

  it('lists the values of the enumerations as enums', () => {
    expect(jsonBody('/broadcast_messages', 'post').properties.broadcast_type).toMatchObject({ enum: ['banner', 'notification'] });
    expect(jsonBody('/projects/{id}/variables', 'post').properties.variable_type).toMatchObject({ enum: ['env_var', 'file'] });
  });

  it('requires at least one of password, reset_password, force_random_password on POST /users, and one field of an epic update', () => {
    expect(jsonBody('/users', 'post').anyOf).toEqual([
      { required: ['password'] },
      { required: ['reset_password'] },
      { required: ['force_random_password'] },
    ]);
    const update = jsonBody('/groups/{id}/epics/{epic_iid}', 'put');
    expect((update.anyOf as { required: string[] }[]).map((s) => s.required[0]).sort()).toEqual(Object.keys(update.properties).sort());
  });
});
