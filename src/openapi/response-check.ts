/**
 * Checks a real response against what the OpenAPI document declares for its operation: the
 * status is one the operation lists, the body matches the declared JSON schema (compiled by
 * ajv straight from the document, `$ref`s and all), and the declared headers that are present
 * match theirs. Problems come back as lines; none means the response fits the document.
 *
 *   const check = responseChecker(openapiDocument());
 *   check('getBroadcastMessage', 200, body)          // [] or ['/starts_at: must match format "api-datetime"']
 *   check('listUsers', 200, body, { 'x-page': '1' })
 */
import _Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import _addFormats from 'ajv-formats';
import { isApiDate, isApiDatetime } from '../kit/schema-formats.ts';
import type { OpenApiDocument } from './document.ts';
import type { Schema } from '../spec/operation.ts';

type AjvClass = typeof _Ajv2020.default;
const Ajv2020 = ((_Ajv2020 as unknown as { default?: AjvClass }).default ?? _Ajv2020) as AjvClass;
type AddFormats = typeof _addFormats.default;
const addFormats = ((_addFormats as unknown as { default?: AddFormats }).default ?? _addFormats) as AddFormats;

const DOC_ID = 'https://api-v4-conformance.example/openapi.json';

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export type ResponseChecker = (
  operationId: string,
  status: number,
  body: unknown,
  headers?: Record<string, string | string[] | number | undefined>,
) => string[];

export function responseChecker(doc: OpenApiDocument): ResponseChecker {
  // strict: false, because the document around the schemas is not a schema (paths, info...).
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('api-datetime', { type: 'string', validate: isApiDatetime });
  ajv.addFormat('api-date', { type: 'string', validate: isApiDate });
  ajv.addSchema({ ...structuredClone(doc), $id: DOC_ID });

  const where = new Map<string, { pointer: string; operation: Schema }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      where.set(String(operation.operationId), { pointer: `#/paths/${escape(path)}/${method}`, operation });
    }
  }
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      compiled.set(pointer, fn);
    }
    return fn;
  };
  const problems = (fn: ValidateFunction, value: unknown, prefix: string) =>
    fn(value) ? [] : (fn.errors ?? []).map((e) => `${prefix}${e.instancePath || '/'}: ${e.message ?? e.keyword}`);

  return (operationId, status, body, headers = {}) => {
    const found = where.get(operationId);
    if (!found) return [`no operation ${operationId} in the document`];
    const responses = found.operation.responses as Record<string, Schema>;
    let declared = responses[String(status)];
    if (!declared) return [`status ${status} is not declared for ${operationId} (declared: ${Object.keys(responses).join(', ')})`];
    let pointer = `${found.pointer}/responses/${status}`;
    if (typeof declared.$ref === 'string') {
      pointer = declared.$ref;
      declared = doc.components.responses[pointer.split('/').pop()!];
    }
    const out: string[] = [];
    const content = declared.content as Record<string, Schema> | undefined;
    if (!content?.['application/json']) {
      if (body !== undefined && body !== '') out.push(`a ${status} of ${operationId} declares no body, got one`);
    } else {
      out.push(...problems(validator(`${pointer}/content/application~1json/schema`), body, 'body'));
    }
    for (const name of Object.keys((declared.headers as Record<string, Schema> | undefined) ?? {})) {
      const raw = headers[name.toLowerCase()];
      if (raw === undefined) continue;
      const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
      const schema = (doc.components.headers[name]?.schema ?? {}) as Schema;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      out.push(...problems(validator(`#/components/headers/${escape(name)}/schema`), typed, `header ${name}`));
    }
    return out;
  };
}
