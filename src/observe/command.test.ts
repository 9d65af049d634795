/**
 * observe's flags of issue 39 (items 1 and 2) on the command line: --listen names the interface (the
 * ready line says where), --drain and --relative-url-root take their values or exit 2 with one line,
 * as a bad --listen does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { runCaptured } from '../cli-capture.ts';

const temp = tempFoldersForThisFile();
let upstream: http.Server;
let url: string;
beforeAll(async () => {
  upstream = http.createServer((_req, res) => res.end('{}'));
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

const run = runCaptured;

describe('observe flags', () => {
  it('listens where --listen says, and the ready line names it', async () => {
    const r = await run([
      'observe',
      '--upstream',
      url,
      '--listen',
      '127.0.0.1',
      '--duration',
      '0.3',
      '--drain',
      '0',
      '--reports-dir',
      temp('cfk-flags-'),
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^Observing ${url} on http://127\\.0\\.0\\.1:\\d+ for 0\\.3 s`));
    expect(r.out).toMatch(/0 exchanges, 0 judged, 0 outside the spec, 0 outside the API/);
  });

  it.each([
    [['--drain', 'soon'], /^conformance: --drain must be a number of seconds, got "soon"$/],
    [['--drain=-1'], /^conformance: --drain must be a number of seconds, got "-1"$/],
    [['--relative-url-root', '/gitlab?x'], /^conformance: --relative-url-root must be a path such as \/gitlab, got "\/gitlab\?x"$/],
    [['--listen', ''], /^conformance: --listen needs a value$/],
    [['--listen', 'no-such-host.invalid'], /^conformance: observe cannot listen on no-such-host\.invalid port 0: /],
  ])('exits 2 with one line for %j', async (flags, message) => {
    const r = await run(['observe', '--upstream', url, '--reports-dir', temp('cfk-flags-bad-'), ...flags]);
    expect(r).toMatchObject({ code: 2, out: '' });
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(message);
  });
});
