/**
 * multipart/form-data bodies: text fields read like form fields (brackets included), files as
 * UploadedFile, an over-large file marked truncated, p.file() refusing a plain string.
 *
 *   npx vitest run src/reference/multipart.test.ts
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isApiError } from './errors.ts';
import { MAX_FILE_BYTES, registerMultipart, UploadedFile } from './multipart.ts';
import { input, p, readParams } from './params.ts';
import { multipartBody } from './testing.ts';

async function echo() {
  const app = Fastify();
  // input() asks the server's variations (a write's query may be switched off by a fault): none here.
  app.decorate('ref', { has: () => false } as unknown as FastifyInstance['ref']);
  await registerMultipart(app);
  app.setErrorHandler((e, _req, reply) => {
    reply.code(isApiError(e) ? e.status : 500).send(isApiError(e) ? e.body : { message: String(e) });
  });
  app.post('/echo', async (request) => {
    const all = input(request);
    const q = readParams(all, { name: p.string(), avatar: p.file() });
    const file = q.avatar;
    return {
      fields: Object.fromEntries(Object.entries(all).filter(([, v]) => !(v instanceof UploadedFile))),
      file: file ? { filename: file.filename, type: file.contentType, size: file.data.length, truncated: file.truncated } : null,
    };
  });
  return app;
}

describe('multipart/form-data bodies', () => {
  it('reads text fields Rack-style and files as UploadedFile', async () => {
    const app = await echo();
    const { payload, contentType } = multipartBody([
      { name: 'name', value: 'Jane Doe' },
      { name: 'scopes[]', value: 'api' },
      { name: 'scopes[]', value: 'read_user' },
      { name: 'h[k]', value: 'v' },
      { name: 'avatar', value: Buffer.from([137, 80, 78, 71]), filename: 'me.png', type: 'image/png' },
    ]);
    const res = await app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { name: 'Jane Doe', scopes: ['api', 'read_user'], h: { k: 'v' } },
      file: { filename: 'me.png', type: 'image/png', size: 4, truncated: false },
    });
  });

  it('marks a file over the limit as truncated instead of failing the request', async () => {
    const app = await echo();
    const { payload, contentType } = multipartBody([
      { name: 'avatar', value: Buffer.alloc(MAX_FILE_BYTES + 10), filename: 'big.png', type: 'image/png' },
    ]);
    const res = await app.inject({ method: 'POST', url: '/echo', payload, headers: { 'content-type': contentType } });
    expect(res.json().file).toMatchObject({ truncated: true });
  });

  it('refuses a file parameter sent as a plain string (400 "avatar is invalid")', async () => {
    const app = await echo();
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { avatar: 'not a file' } });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'avatar is invalid' }]);
  });
});
