/**
 * The OpenAPI document is valid OpenAPI 3.1 (the official schema, through @readme/openapi-parser),
 * holds every operation of the spec with a success response and a schema, every `$ref` in it
 * resolves, and every schema of the kit is in it.
 *
 *   npx vitest run src/openapi/document.test.ts
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { schemaNames } from '../kit/schemas.ts';
import { openapiDocument, type OpenApiDocument } from './document.ts';
import { openapiPath, pathShape } from './path-params.ts';
import { OPERATIONS } from '../spec/operations/index.ts';
import type { Schema } from '../spec/operation.ts';
import { SPEC_OPERATIONS } from '../spec/spec-operations.ts';

const doc = openapiDocument();

type Validated = Awaited<ReturnType<typeof validate>>;
const check = (d: unknown): Promise<Validated> => validate(structuredClone(d) as Parameters<typeof validate>[0]);

function operations(d: OpenApiDocument): { key: string; op: Schema }[] {
  return Object.entries(d.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Every `$ref` string in a value, with where it sits. */
function refs(value: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refs(v, `${at}/${k}`)));
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('validity', () => {
  it('validates against the OpenAPI 3.1 schema with no error and no warning', async () => {
    const result = await check(doc);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('the validator is not blind: broken copies (no info.version, an optional path parameter, a dangling $ref) are refused', async () => {
    const noVersion = structuredClone(doc);
    delete noVersion.info.version;
    expect((await check(noVersion)).valid).toBe(false);

    const optionalPathParam = structuredClone(doc);
    (optionalPathParam.paths['/users/{id}'].get.parameters as Schema[])[0].required = false;
    expect((await check(optionalPathParam)).valid).toBe(false);

    const dangling = structuredClone(doc);
    (dangling.paths['/user'].get.responses as Schema)['200'] = { $ref: '#/components/responses/Nowhere' };
    expect((await check(dangling)).valid).toBe(false);
  }, 60_000);

  it('every $ref in the document resolves to something inside it', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(100);
    const dangling = all.filter(({ ref }) => resolvePointer(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });
});

describe('operations', () => {
  const ops = operations(doc);

  it('holds exactly the operations the spec lists (by method and path shape)', () => {
    const shape = (key: string) => {
      const [method, path] = key.split(' ');
      return `${method} ${pathShape(path!)}`;
    };
    expect(ops.map(({ key }) => shape(key)).sort()).toEqual(SPEC_OPERATIONS.map(shape).sort());
  });

  it('gives every operation a unique operationId, a tag, a summary and a success response', () => {
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const declaredTags = new Set(doc.tags.map((t) => t.name));
    for (const { key, op } of ops) {
      expect(op.summary, key).toEqual(expect.any(String));
      expect(declaredTags.has((op.tags as string[])[0]), key).toBe(true);
      const success = Object.keys(op.responses as Schema).filter((s) => /^2\d\d$/.test(s));
      expect(success, key).toHaveLength(1);
    }
  });

  it('gives every success response with a body a JSON schema, and a 204 none', () => {
    for (const { key, op } of ops) {
      const [status, response] = Object.entries(op.responses as Record<string, Schema>).find(([s]) => /^2/.test(s))!;
      const content = response.content as Record<string, { schema?: Schema }> | undefined;
      if (status === '204') expect(content, key).toBeUndefined();
      else expect(content?.['application/json']?.schema, key).toEqual(expect.any(Object));
    }
  });

  it('declares the views the spec names: named schemas, arrays for lists, with the pagination headers and parameters', () => {
    const get = (path: string, method = 'get') => doc.paths[path][method];
    const schemaOf = (op: Schema, status = '200') =>
      ((op.responses as Record<string, Schema>)[status].content as Record<string, Schema>)['application/json'].schema as Schema;
    expect(schemaOf(get('/broadcast_messages/{id}'))).toEqual({ $ref: '#/components/schemas/broadcast-message' });
    expect(schemaOf(get('/projects/{id}/clusters'))).toEqual({ type: 'array', items: { $ref: '#/components/schemas/cluster' } });
    expect(schemaOf(get('/users/{user_id}/impersonation_tokens', 'post'), '201')).toEqual({
      $ref: '#/components/schemas/impersonation-token.created',
    });

    const lists = ops.filter(({ op }) => (op.parameters as Schema[]).some((p) => p.$ref === '#/components/parameters/per_page'));
    expect(lists.map(({ key }) => key).sort()).toEqual(
      OPERATIONS.filter((o) => o.list)
        .map((o) => `${o.method} ${openapiPath(o.path)}`)
        .sort(),
    );
    for (const { key, op } of lists) {
      const ok = (op.responses as Record<string, Schema>)['200'];
      expect(Object.keys(ok.headers as Schema), key).toEqual([
        'X-Total',
        'X-Total-Pages',
        'X-Per-Page',
        'X-Page',
        'X-Next-Page',
        'X-Prev-Page',
        'Link',
      ]);
      expect(schemaOf(op).type, key).toBe('array');
    }
  });

  it('types path parameters: integers where the route takes only digits, strings for ids that may be URL-encoded paths', () => {
    const params = (path: string, method = 'get') => doc.paths[path][method].parameters as Schema[];
    expect(
      params('/groups/{id}/epics/{epic_iid}')
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, (p.schema as Schema).type]),
    ).toEqual([
      ['id', 'string'],
      ['epic_iid', 'integer'],
    ]);
    const state = params('/groups/{id}/epics').find((p) => p.name === 'state')!;
    expect(state.schema).toEqual({ type: 'string', enum: ['opened', 'closed', 'all'], default: 'all' });
    const filter = params('/projects/{id}/variables/{key}').find((p) => p.name === 'filter')!;
    expect(filter).toMatchObject({ in: 'query', style: 'deepObject', explode: true });
  });

  it('offers JSON and form bodies on every POST/PUT with parameters, multipart where a file travels', () => {
    for (const { key, op } of ops.filter(({ op }) => op.requestBody)) {
      expect(Object.keys((op.requestBody as Schema).content as Schema), key).toEqual(
        expect.arrayContaining(['application/json', 'application/x-www-form-urlencoded']),
      );
    }
    const create = doc.paths['/users'].post.requestBody as Schema;
    const multipart = (create.content as Record<string, Schema>)['multipart/form-data'].schema as Schema;
    expect((multipart.properties as Schema).avatar).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
    expect(multipart.required).toEqual(['email', 'name', 'username']);
  });

  it('declares error responses with the error body schemas', () => {
    const responses = doc.paths['/broadcast_messages'].post.responses as Schema;
    expect(Object.keys(responses)).toEqual(['201', '400', '401', '403', '404', '413', '414', '415']);
    expect(doc.components.responses.Unauthorized).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/error.unauthorized' } } },
    });
    expect(Object.keys(doc.paths['/users/{id}'].delete.responses as Schema)).toEqual(expect.arrayContaining(['409', '412']));
    expect(Object.keys(doc.paths['/user/emails/{email_id}'].delete.responses as Schema)).toContain('400');
    expect(Object.keys(doc.paths['/user'].get.responses as Schema)).toEqual(['200', '304', '401', '403', '404', '414']);
    expect(Object.keys(doc.paths['/groups/{id}/epics/{epic_iid}/todo'].post.responses as Schema)).toContain('304');
  });
});

describe('security', () => {
  it('declares every token transport of the spec, and sudo as header and query parameters', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      PrivateTokenHeader: { type: 'apiKey', in: 'header', name: 'PRIVATE-TOKEN' },
      PrivateTokenQuery: { type: 'apiKey', in: 'query', name: 'private_token' },
      BearerToken: { type: 'http', scheme: 'bearer' },
      AccessTokenQuery: { type: 'apiKey', in: 'query', name: 'access_token' },
    });
    expect(doc.security).toHaveLength(4);
    expect(doc.components.parameters.Sudo).toMatchObject({ name: 'Sudo', in: 'header' });
    expect(doc.components.parameters.sudo).toMatchObject({ name: 'sudo', in: 'query' });
  });

  it('makes the token optional only where the spec says no authentication is needed', () => {
    const optional = operations(doc).filter(({ op }) => (op.security as Schema[] | undefined)?.some((s) => Object.keys(s).length === 0));
    expect(optional.map((o) => o.key).sort()).toEqual([
      'GET /broadcast_messages',
      'GET /broadcast_messages/{id}',
      'GET /users/{id_or_username}/keys',
      'GET /users/{id_or_username}/status',
    ]);
  });
});

describe('schemas and servers', () => {
  it('holds every schema of the kit under its own name, without $id, with refs rewritten', () => {
    for (const name of schemaNames()) expect(doc.components.schemas[name], name).toBeDefined();
    expect(doc.components.schemas['_defs.types']).toBeDefined();
    expect(JSON.stringify(doc.components.schemas)).not.toMatch(/"\$id"|"\$ref":"(?!#\/components\/schemas\/)/);
  });

  it('serves under /api/v4, relative by default or under a given server root', () => {
    expect(doc.servers[0].url).toBe('/api/v4');
    expect(openapiDocument({ baseUrl: 'https://gitlab.example.com/' }).servers[0].url).toBe('https://gitlab.example.com/api/v4');
    expect(openapiDocument({ baseUrl: 'http://127.0.0.1:4010/api/v4' }).servers[0].url).toBe('http://127.0.0.1:4010/api/v4');
  });

  it('takes its version from package.json', async () => {
    const { default: pkg } = await import('../../package.json', { with: { type: 'json' } });
    expect(doc.info.version).toBe(pkg.version);
  });
});
