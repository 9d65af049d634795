/**
 * observe --har's reading of a HAR (issue 41, item 3): each entry as the exchange the judge reads
 * (base64 bodies, form fields rebuilt, bodies left out, decoded content without its
 * Content-Encoding, status 0), the entries in their recorded order, and bad input: one line, exit 2,
 * naming the file, and no report.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { harExchange } from './har-entry.ts';
import { judgeHar } from './har-input.ts';
import { runCaptured } from '../cli-capture.ts';

const temp = tempFoldersForThisFile();
const pairs = (h: Record<string, string>) => Object.entries(h).map(([name, value]) => ({ name, value }));

function entry(o: { method?: string; url?: string; at?: string; request?: object; status?: number; headers?: object; content?: object }) {
  return {
    startedDateTime: o.at ?? '2024-05-01T10:00:00.000Z',
    time: 12,
    request: { method: o.method ?? 'GET', url: o.url ?? 'https://gl.example/api/v4/broadcast_messages/1', headers: [], ...o.request },
    response: { status: o.status ?? 200, headers: o.headers ?? pairs({ 'Content-Type': 'application/json' }), content: o.content ?? {} },
  };
}

function harFile(entries: unknown[], name = 'x.har'): string {
  const file = join(temp('cfk-har-in-'), name);
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }));
  return file;
}

describe('a HAR entry as an observed exchange', () => {
  it('decodes a base64 body, and drops Content-Encoding and Content-Length (a HAR holds bodies decoded)', () => {
    const json = '{"id":1,"message":"hi"}';
    const m = harExchange(
      entry({
        headers: pairs({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '31', ':status': '200' }),
        content: { size: json.length, mimeType: 'application/json', encoding: 'base64', text: Buffer.from(json).toString('base64') },
      }),
      'x.har',
      0,
    );
    expect(m.exchange.body.toString()).toBe(json);
    expect(m.exchange.headers).toEqual({ 'content-type': 'application/json' });
    expect(m).toMatchObject({ answerLeftOut: false, exchange: { bodyCut: false, status: 200, durationMs: 12, method: 'GET' } });
    expect(m.exchange.target).toBe('https://gl.example/api/v4/broadcast_messages/1');
  });

  it('rebuilds a form body from postData.params, with its mimeType as Content-Type; joins repeated headers', () => {
    const m = harExchange(
      entry({
        method: 'post',
        url: 'https://gl.example/api/v4/broadcast_messages',
        request: {
          headers: [...pairs({ 'X-A': '1', 'Content-Encoding': 'gzip' }), { name: 'x-a', value: '2' }],
          postData: { mimeType: 'application/x-www-form-urlencoded', params: pairs({ message: 'a b', starts_at: '2024-01-01T00:00:00Z' }) },
        },
      }),
      'x.har',
      3,
    );
    expect(m.exchange.method).toBe('POST');
    expect(m.exchange.requestBody.toString()).toBe('message=a+b&starts_at=2024-01-01T00%3A00%3A00Z');
    expect(m.exchange.requestHeaders).toEqual({ 'x-a': '1, 2', 'content-type': 'application/x-www-form-urlencoded' });
    expect(m.requestLeftOut).toBe(false);
    const upload = harExchange(
      entry({ request: { postData: { mimeType: 'multipart/form-data', params: [{ name: 'file', fileName: 'a.txt' }] } } }),
      'x.har',
      4,
    );
    expect(upload.requestLeftOut).toBe(true);
    expect(upload.exchange.requestCut).toBe(true);
  });

  it.each([
    ['no text though the answer had a body', { size: 120, mimeType: 'application/json' }, true],
    ['no text and no size (a browser that keeps no bodies)', { mimeType: 'application/json', comment: 'not included' }, true],
    ['a text shorter than its size (cut by the recorder)', { size: 500, text: '[{"id":1}' }, true],
    ["the kit's cut", { size: 9, text: '[{"id":1}', _cut: true }, true],
    ['an empty answer', { size: 0 }, false],
    ['the whole text', { size: 9, text: '[{"id":1}]' }, false],
  ])('marks a body left out when the HAR has %s', (_what, content, leftOut) => {
    const m = harExchange(entry({ content }), 'x.har', 0);
    expect(m.answerLeftOut).toBe(leftOut);
    expect(m.exchange.bodyCut).toBe(leftOut);
  });

  it('reads status 0 as no answer, and a 204 without text as an empty answer', () => {
    const none = harExchange(entry({ status: 0, content: { size: 0 } }), 'x.har', 0);
    expect(none.exchange).toMatchObject({ status: 0, error: 'no answer recorded' });
    expect(none.answerLeftOut).toBe(false);
    expect(harExchange(entry({ method: 'DELETE', status: 204 }), 'x.har', 0).answerLeftOut).toBe(false);
  });

  it('judges gzip-free content even when the recorded headers said gzip', async () => {
    const file = harFile([
      entry({
        url: 'https://gl.example/api/v4/broadcast_messages/1',
        headers: pairs({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
        content: { size: 2, text: '{}' },
      }),
    ]);
    const { summary } = await judgeHar([file], { reportsDir: temp('cfk-har-out-') });
    // Read as gzip, '{}' would not decode and its view would not be judged: read as it is, the view's schema finds the empty object.
    expect(summary.counts).toMatchObject({ exchanges: 1, judged: 1, bodyNotJudged: 0 });
    expect(summary.server.map((f) => f.clause)).toContain('broadcast.field.shape');
  });
});

describe('observe --har', () => {
  it('judges the entries of a file in their recorded order, and counts what it could not judge', async () => {
    const file = harFile([
      entry({ at: '2024-05-01T10:00:02.000Z', url: 'https://gl.example/api/v4/broadcast_messages?per_page=7', content: { text: '[]' } }),
      entry({ at: '2024-05-01T10:00:01.000Z', url: 'https://gl.example/api/v4/broadcast_messages?per_page=5', content: { text: '[]' } }),
      entry({ at: '2024-05-01T10:00:03.000Z', url: 'https://gl.example/assets/app.js', status: 0 }),
      entry({ at: '2024-05-01T10:00:04.000Z', url: 'https://gl.example/api/v4/users/1', content: { size: 300 } }),
    ]);
    const dir = temp('cfk-har-out-');
    const { summary, exitCode, files } = await judgeHar([file], { reportsDir: dir });
    expect(exitCode).toBe(1);
    // The first finding's reproducer is the first exchange by time: per_page=5, though the file lists it second.
    const noLink = summary.server.find((f) => f.operation === 'GET /broadcast_messages' && f.clause === 'conv.pagination.link_first');
    expect(noLink).toMatchObject({ count: 2 });
    expect(noLink!.reproducer).toContain('https://gl.example/api/v4/broadcast_messages?per_page=5');
    expect(summary.counts).toMatchObject({ exchanges: 4, judged: 3, notApi: 1, upstreamErrors: 1, bodyNotJudged: 1 });
    expect(summary.recorded).toEqual({ files: [file], entries: 4, answerBodiesLeftOut: 1, requestBodiesLeftOut: 0, notes: [] });
    expect(summary.upstream).toBe('https://gl.example');
    // Coverage: the answer whose body the recording left out is not judged in full, with that reason.
    const user = summary.operations.seen.find((o) => o.operation.startsWith('GET /users/'));
    expect(user).toMatchObject({ count: 1, judgedInFull: 0, notJudged: { bodyLeftOut: 1, bodyCut: 0 } });
    expect(readFileSync(files[1]!, 'utf8')).toMatch(
      /Recorded traffic: 4 entries of .*1 answers and 0 requests had a body the recording left out/,
    );
  });

  it('says when a file begins before the ones given before it end', async () => {
    const later = harFile([entry({ at: '2024-05-01T11:00:00.000Z' })], 'later.har');
    const earlier = harFile([entry({ at: '2024-05-01T10:00:00.000Z' })], 'earlier.har');
    const { summary } = await judgeHar([later, earlier], { reportsDir: temp('cfk-har-out-') });
    expect(summary.recorded!.notes).toEqual([
      `${earlier} begins before the files given before it end: files are judged in the order given, not interleaved`,
    ]);
  });

  const run = runCaptured;

  it('judges files given after --har, through the command', async () => {
    const dir = temp('cfk-har-cli-');
    const a = harFile([entry({ content: { text: '{}' } })]);
    const b = harFile([entry({ url: 'https://gl.example/help', at: '2024-05-01T10:00:05.000Z' })]);
    const r = await run(['observe', '--har', a, b, '--reports-dir', dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /^FAIL: \d+ server finding\(s\), 0 client finding\(s\); 2 recorded exchanges of 2 file\(s\), 1 judged, 0 outside the spec, 1 outside the API, 0 answers judged without their body/,
    );
    expect(existsSync(join(dir, 'summary.json'))).toBe(true);
  });

  const secret = 'glpat-never-shown-0123';
  it.each([
    ['not JSON', `{"log": {"entries": [ "${secret}"`, /is not a HAR 1\.2: not JSON/],
    ['no log.entries', `{"log": {"pages": []}, "x": "${secret}"}`, /is not a HAR 1\.2: it has no log\.entries list$/],
    ['an entry without a request', `{"log": {"entries": [{"response": {"status": 200}, "x": "${secret}"}]}}`, /entry 0 has no request/],
  ])('exits 2 with one line naming a file that is %s, and writes no report', async (_what, text, message) => {
    const file = join(temp('cfk-har-bad-'), 'bad.har');
    writeFileSync(file, text);
    const dir = temp('cfk-har-bad-out-');
    const r = await run(['observe', '--har', file, '--reports-dir', dir]);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toContain(file);
    expect(r.err).toMatch(message);
    expect(r.err).not.toContain(secret);
    expect(existsSync(join(dir, 'summary.json'))).toBe(false);
  });

  it.each([
    [['--har', '/no/such/file.har'], /^conformance: observe --har cannot read \/no\/such\/file\.har: ENOENT$/],
    [
      ['--har', 'x.har', '--upstream', 'http://127.0.0.1:1'],
      /^conformance: --har judges recorded traffic, without an upstream: --upstream is for a live observation$/,
    ],
    [['--har', 'x.har', '--duration', '5'], /--duration is for a live observation$/],
  ])('exits 2 with one line for %j', async (flags, message) => {
    const r = await run(['observe', ...flags, '--reports-dir', temp('cfk-har-flags-')]);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
  });
});
