/**
 * Reproducers that reproduce: a curl command of a recorded exchange sends every byte the kit sent.
 * A body or query over 4 KiB is written to <reportsDir>/reproduce/ (redacted, named by content) and
 * the command reads it; replayed with the real curl binary (when installed) against the reference,
 * an over-limit epic description is accepted by the faulty server and refused by a correct one,
 * as the kit's own request was.
 *
 *   npx vitest run src/kit/curl.test.ts
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { ApiClient } from './client.ts';
import { INLINE_MAX, reproduceFilesIn, toCurl } from './curl.ts';
import { failureRecord } from './failure-record.ts';
import { lastExchange, recorder, resetExchanges, type RecordedExchange } from './recorder.ts';
import { startReferenceServer, type RunningReference } from '../reference/index.ts';
import { scanForSecrets } from '../run/secret-scan.ts';
import { SecretSet } from '../shared/redact.ts';

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The spec's limit of an epic description (characters); one more is over it. */
const DESCRIPTION_MAX = 1_048_576;

let reports = '';
afterEach(() => {
  reproduceFilesIn(undefined);
  if (reports) rmSync(reports, { recursive: true, force: true });
  reports = '';
});

function reportsFolder(): string {
  reports = mkdtempSync(join(tmpdir(), 'cfk-curl-'));
  reproduceFilesIn(reports);
  return reports;
}

/** Runs a reproducer as a user would (in a shell, the token typed in for [redacted]): status and body. Not sync: the servers answer from this process. */
async function replay(command: string, token: string): Promise<{ status: number; body: string }> {
  const out = join(reports, 'replayed.out');
  const typed = command.replaceAll('[redacted]', token);
  const { stdout: status } = await promisify(execFile)('sh', ['-c', `${typed} -s -o '${out}' -w '%{http_code}'`], { encoding: 'utf8' });
  const body = readFileSync(out, 'utf8');
  rmSync(out);
  return { status: Number(status), body };
}

const exchange = (x: Partial<RecordedExchange>): RecordedExchange => ({
  method: 'POST',
  url: 'http://127.0.0.1:4010/api/v4/x',
  status: 200,
  headers: {},
  bodyExcerpt: '',
  requestHeaders: { 'content-type': 'application/json' },
  ...x,
});

describe('toCurl with long bodies and queries', () => {
  test('a body up to 4 KiB stays inline, whole; a longer one goes to reproduce/<hash>.body, whole, and the command reads it', () => {
    const dir = reportsFolder();
    const short = `{"d":"${'s'.repeat(INLINE_MAX - 8)}"}`;
    expect(toCurl(exchange({ requestBody: short }))).toContain(`--data '${short}'`);
    const long = `{"d":"${'l'.repeat(100_000)}"}`;
    const command = toCurl(exchange({ requestBody: long }));
    expect(command).not.toContain('…');
    const [file] = readdirSync(join(dir, 'reproduce'));
    expect(file).toMatch(/^[0-9a-f]{16}\.body$/);
    expect(command).toContain(`--data-binary @${join(dir, 'reproduce', file!)}`);
    expect(readFileSync(join(dir, 'reproduce', file!), 'utf8')).toBe(long);
  });

  test('files are named by their content: parallel workers never collide, the same body is one file', () => {
    const dir = reportsFolder();
    const a = 'a'.repeat(5000);
    const b = 'b'.repeat(5000);
    expect(toCurl(exchange({ requestBody: a }))).toBe(toCurl(exchange({ requestBody: a })));
    expect(toCurl(exchange({ requestBody: a }))).not.toBe(toCurl(exchange({ requestBody: b })));
    expect(readdirSync(join(dir, 'reproduce')).sort()).toHaveLength(2);
  });

  test('a body starting with @ is sent as it is, not read from a file', () => {
    expect(toCurl(exchange({ requestBody: '@/etc/passwd' }))).toContain(`--data-raw '@/etc/passwd'`);
  });

  test('without a reports folder the command carries the whole body inline', () => {
    const long = 'x'.repeat(10_000);
    expect(toCurl(exchange({ requestBody: long }))).toContain(`--data '${long}'`);
  });
});

describe('secrets in reproducer files', () => {
  test('a body is written redacted, and the leak scan reads reproduce/ for secrets learnt later', async () => {
    const dir = reportsFolder();
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    try {
      const secrets = new SecretSet(['known-password-1']);
      const client = new ApiClient({
        apiUrl: `http://127.0.0.1:${port}/api/v4`,
        timeoutMs: 5000,
        maxBodyBytes: 1 << 20,
        secrets,
        auth: { token: 'token-abcdef' },
        observers: [recorder(secrets)],
      });
      resetExchanges();
      await client.post('/users', { json: { password: 'known-password-1', later: 'learnt-later-99', bio: 'b'.repeat(6000) } });
      toCurl(lastExchange()!);
      const [file] = readdirSync(join(dir, 'reproduce'));
      const text = readFileSync(join(dir, 'reproduce', file!), 'utf8');
      expect(text).toContain('"password":"[redacted]"');
      expect(text).not.toContain('known-password-1');
      expect(scanForSecrets(dir, ['learnt-later-99'])).toEqual([{ file: join(dir, 'reproduce', file!), count: 1 }]);
      expect(readFileSync(join(dir, 'reproduce', file!), 'utf8')).not.toContain('learnt-later-99');
    } finally {
      server.close();
    }
  });
});

describe.skipIf(!hasCurl)('replayed with the real curl', () => {
  let echo: Server;
  let echoUrl = '';
  const seen: { method: string; url: string; body: string }[] = [];
  beforeAll(async () => {
    echo = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body });
        res.end('{}');
      });
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', () => r()));
    echoUrl = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;
  });
  afterAll(() => echo.close());

  test.each([
    ['GET', undefined],
    ['DELETE', undefined],
    ['POST', `{"bio":"${'b'.repeat(6000)}"}`],
  ])('a %s with a query over 4 KiB sends the same URL, byte for byte, and body as the kit', async (method, requestBody) => {
    reportsFolder();
    const url = `${echoUrl}/api/v4/projects?search=${'q'.repeat(6000)}&order_by=id&labels%5B%5D=a%20b`;
    const command = toCurl(exchange({ method, url, requestBody }));
    expect(command.length).toBeLessThan(INLINE_MAX);
    await replay(command, 'unused');
    expect(seen.at(-1)).toEqual({ method, url: url.slice(echoUrl.length), body: requestBody ?? '' });
  });

  describe('an over-limit epic description (fault epics.description-truncated)', () => {
    let faulty: RunningReference;
    let correct: RunningReference;
    beforeAll(async () => {
      [faulty, correct] = await Promise.all([startReferenceServer({ faults: ['epics.description-truncated'] }), startReferenceServer()]);
    });
    afterAll(async () => {
      await Promise.all([faulty.close(), correct.close()]);
    });

    test('the failure record replays: the faulty server accepts it again, a correct one refuses it (the whole body was sent)', async () => {
      reportsFolder();
      const secrets = new SecretSet([faulty.adminToken]);
      const client = new ApiClient({
        apiUrl: faulty.apiUrl,
        timeoutMs: 30_000,
        maxBodyBytes: 8 << 20,
        secrets,
        auth: { token: faulty.adminToken },
        observers: [recorder(secrets)],
      });
      const group = await client.post('/groups', { json: { name: 'g', path: 'g' } });
      await fetch(`${correct.apiUrl}/groups`, {
        method: 'POST',
        headers: { 'private-token': correct.adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'g', path: 'g' }),
      });
      resetExchanges();
      const description = 'd'.repeat(DESCRIPTION_MAX + 1);
      const res = await client.post(`/groups/${(group.json as { id: number }).id}/epics`, { json: { title: 'e', description } });
      expect(res.status).toBe(201); // the failure the kit saw: accepted instead of 400
      const { reproduce } = failureRecord(new Error('The server MUST refuse a description over the limit.'), (s) => secrets.redact(s));
      expect(reproduce).toContain('--data-binary @');
      expect(reproduce).not.toContain(faulty.adminToken);

      const again = await replay(reproduce!, faulty.adminToken);
      expect(again.status).toBe(201);
      expect((JSON.parse(again.body) as { description: string }).description).toHaveLength(DESCRIPTION_MAX);
      const onCorrect = await replay(reproduce!.replace(faulty.url, correct.url), correct.adminToken);
      expect(onCorrect.status).toBe(400);
      expect(onCorrect.body).toContain('is too long');
    }, 60_000);
  });
});

describe('writing reproducer files', () => {
  test('a file written beside an existing one of the same content replaces it whole', () => {
    const dir = reportsFolder();
    const body = 'z'.repeat(5000);
    toCurl(exchange({ requestBody: body }));
    const [file] = readdirSync(join(dir, 'reproduce'));
    writeFileSync(join(dir, 'reproduce', file!), 'stale');
    toCurl(exchange({ requestBody: body }));
    expect(readFileSync(join(dir, 'reproduce', file!), 'utf8')).toBe(body);
    expect(readdirSync(join(dir, 'reproduce'))).toEqual([file]); // no temporary file left
  });
});
