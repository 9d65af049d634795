/**
 * `conformance openapi`: the document on stdout, or written to --out, with --base-url as the
 * server; bad flags and an unwritable file exit 2.
 *
 *   npx vitest run src/openapi/cli.test.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { main } from '../cli.ts';
import { OPERATIONS } from '../spec/operations/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'openapi-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
});

describe('conformance openapi', () => {
  test('prints the document as JSON on stdout', async () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    expect(await main(['openapi'])).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v4' })]);
    expect(Object.values(doc.paths).flatMap((item) => Object.keys(item as object))).toHaveLength(OPERATIONS.length);
  });

  test('writes it to --out with --base-url as the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const file = join(dir, 'openapi.json');
    expect(await main(['openapi', '--out', file, '--base-url', 'http://127.0.0.1:4010'])).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).servers[0].url).toBe('http://127.0.0.1:4010/api/v4');
  });

  test('a base URL that is not http(s), an unknown flag or an unwritable file exit 2', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['openapi', '--base-url', 'not a url'])).toBe(2);
    expect(await main(['openapi', '--shout'])).toBe(2);
    expect(await main(['openapi', '--out', join(dir, 'no-such-dir', 'x.json')])).toBe(2);
    expect(err.mock.calls.flat().join('\n')).toMatch(/--base-url must be an http\(s\) URL[\s\S]*unknown option --shout[\s\S]*cannot write/);
  });
});
