/**
 * The programmatic API of the kit.
 *
 *   import { certify, startReferenceServer, validate } from 'api-v4-conformance';
 *   const ref = await startReferenceServer({ port: 0 });
 *   const { exitCode } = await certify({ flags: { baseUrl: ref.url, adminToken: ref.adminToken } });
 */
import { readFile } from 'node:fs/promises';
import { KitError } from './shared/errors.ts';
import { assertSchemaName, validateAgainst, validateJsonText } from './kit/schemas.ts';

export { certify, type CertifyOptions, type CertifyResult } from './run/certify.ts';
export { cleanup } from './run/cleanup.ts';
export { certifyClient, type CertifyClientOptions, type CertifyClientResult } from './run/certify-client.ts';
export { loadConfig, type Config } from './run/config.ts';
export { KitError, KIT_ERROR_CODES } from './shared/errors.ts';
export { schemaNames } from './kit/schemas.ts';
export { startReferenceServer, buildReferenceApp, type ReferenceOptions, type RunningReference } from './reference/index.ts';
export { openapiDocument, openapiJson, writeOpenapiDocument, type OpenApiDocument, type OpenApiOptions } from './openapi/document.ts';

/** Validates a value against a named schema (schemas/<name>.json). */
export function validate(schema: string, value: unknown) {
  assertSchemaName(schema);
  return validateAgainst(schema, value);
}

/** Validates a JSON file (or '-' for stdin) against a named schema. */
export async function validateFile(schema: string, file: string) {
  assertSchemaName(schema);
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `cannot read ${file === '-' ? 'stdin' : file}: ${(e as Error).message}`);
  }
  return validateJsonText(schema, text);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
