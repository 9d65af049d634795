/**
 * multipart/form-data bodies (file uploads such as a user's avatar), read with @fastify/multipart
 * and turned into the same params as a form body: text fields are placed Rack-style
 * (`a[]=1`, `h[k]=v`), each file becomes an UploadedFile. A file over its limit is kept, marked
 * `truncated`, so the route can answer the platform's 400 field map instead of a transport error.
 *
 *   await registerMultipart(app);
 *   // POST /users  Content-Type: multipart/form-data  name=J ... avatar=<file a.png>
 *   // input(request) -> { name: 'J', ..., avatar: UploadedFile { filename: 'a.png', data, ... } }
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from './errors.ts';
import { parseParams, type Params } from './parse.ts';

/** Largest file kept whole; past it the file is marked truncated (avatars allow 200 KiB). */
export const MAX_FILE_BYTES = 1024 * 1024;

export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly data: Buffer,
    readonly truncated: boolean,
  ) {}
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return v instanceof UploadedFile;
}

async function onFile(this: FastifyRequest, part: MultipartFile): Promise<void> {
  const data = await part.toBuffer();
  (part as MultipartFile & { value: unknown }).value = new UploadedFile(
    part.filename, part.mimetype, data, part.file.truncated,
  );
}

/** keyValues body -> params: text fields through the form-body reader, files as they are. */
function toParams(body: Record<string, unknown>): Params {
  const pairs: string[] = [];
  const files: [string, UploadedFile][] = [];
  for (const [name, value] of Object.entries(body)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (isUploadedFile(v)) files.push([name, v]);
      else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(Buffer.isBuffer(v) ? v.toString('utf8') : String(v))}`);
    }
  }
  const params = parseParams(pairs.join('&'));
  for (const [name, file] of files) params[name] = file;
  return params;
}

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile,
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 1000, parts: 1010, fieldSize: 1024 * 1024 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || typeof request.body !== 'object' || request.body === null) return;
    try {
      request.body = toParams(request.body as Record<string, unknown>);
    } catch (e) {
      throw apiError('bad_request', e instanceof Error ? e.message : 'malformed multipart body');
    }
  });
}
