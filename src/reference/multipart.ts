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
import multipart from '@fastify/multipart';
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

/** Reads every part in order: text fields through the form-body reader, files as they are. */
async function readParts(request: FastifyRequest): Promise<Params> {
  const pairs: string[] = [];
  const files: [string, UploadedFile][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push([part.fieldname, new UploadedFile(part.filename, part.mimetype, data, part.file.truncated)]);
      } else {
        const value = part.value;
        pairs.push(
          `${encodeURIComponent(part.fieldname)}=${encodeURIComponent(Buffer.isBuffer(value) ? value.toString('utf8') : String(value))}`,
        );
      }
    }
  } catch (e) {
    // Busboy's framing errors (no boundary, a body cut short) and the plugin's limits: the client's fault.
    if ((e as { statusCode?: number }).statusCode === 413) throw apiError('payload_too_large');
    throw apiError('bad_request', `malformed multipart body (${e instanceof Error ? e.message : 'unreadable'})`);
  }
  let params: Params;
  try {
    params = parseParams(pairs.join('&'));
  } catch (e) {
    throw apiError('bad_request', e instanceof Error ? e.message : 'malformed multipart body');
  }
  for (const [name, file] of files) params[name] = file;
  return params;
}

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 1000, parts: 1010, fieldSize: 1024 * 1024 },
  });
  // Read here rather than with the plugin's attachFieldsToBody, whose errors (a missing boundary,
  // a body cut short) would reach the error handler as bare Errors, i.e. 500s.
  // A callback hook: the requests that are not multipart (nearly all) pay no promise for it.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    readParts(request).then((body) => {
      request.body = body;
      done();
    }, done);
  });
}
