/**
 * Issue 39, item 2 ("Trusts what the operator trusts"): an https upstream whose certificate an
 * organisation's own CA signed (made here with openssl: a CA, and a leaf for 127.0.0.1 sent with
 * its chain). Without the CA observe does not start: exit 2, one line naming the problem; with
 * --ca-file (or NODE_EXTRA_CA_CERTS) it answers as the upstream does, upgrades and raw targets
 * included. An unreadable --ca-file is exit 2, one line.
 *
 *   npx vitest run src/observe/upstream-tls.test.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKitError } from '../shared/errors.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { rawRequest, startFrontEnd, webSocketTalk, type FrontEnd } from './fixtures/front-end.ts';
import { startObserve } from './index.ts';
import { spawnObserve } from './fixtures/observe-command.ts';

const temp = tempFoldersForThisFile();
let hasOpenssl = true;
try {
  execFileSync('openssl', ['version'], { stdio: 'ignore' });
} catch {
  hasOpenssl = false;
}

/** A CA and a leaf certificate for 127.0.0.1 that it signed, valid two days, in `dir`. */
function makeCertificates(dir: string): { caFile: string; key: string; chain: string } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Observe Test Org CA');
  run('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'leaf.ext'), 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n');
  run(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.ext',
  );
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return { caFile: join(dir, 'ca.pem'), key: read('leaf.key'), chain: read('leaf.pem') + read('ca.pem') };
}

/** `conformance observe ARGS` as a child: its exit code and output; SIGTERM once the ready line shows, if it does. */
async function observeChild(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string; err: string }> {
  const observe = spawnObserve(args, env);
  observe.url.then(
    () => observe.stop(),
    () => {},
  );
  const code = await observe.exited;
  return { code, out: observe.stdout(), err: observe.stderr().trim() };
}

describe.skipIf(!hasOpenssl)('observe in front of an https upstream signed by a private CA', () => {
  let certs: ReturnType<typeof makeCertificates>;
  let front: FrontEnd;
  beforeAll(async () => {
    certs = makeCertificates(temp('cfk-observe-tls-'));
    front = await startFrontEnd({ key: certs.key, cert: certs.chain });
  });
  afterAll(() => front?.close());

  it('does not start without the CA: one line naming the certificate problem', async () => {
    const failed = await startObserve({ upstream: front.url, reportsDir: temp('cfk-tls-') }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isKitError(failed) && failed.code).toBe('UPSTREAM_TLS');
    const message = (failed as Error).message;
    expect(message).toMatch(/self-signed certificate in certificate chain.*pass --ca-file with your CA, or set NODE_EXTRA_CA_CERTS/);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('exits 2 from the command line, one line on stderr, and nothing reaches the upstream', { timeout: 30_000 }, async () => {
    const hosts = front.seen.hosts.length;
    const r = await observeChild(['--upstream', front.url, '--reports-dir', temp('cfk-tls-cli-')]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/self-signed certificate in certificate chain/);
    expect(front.seen.hosts.length).toBe(hosts); // the handshake sent no HTTP request
  });

  it('with --ca-file answers as the upstream does: a request, a WebSocket, a raw target', { timeout: 30_000 }, async () => {
    const o = await startObserve({ upstream: front.url, caFile: certs.caFile, reportsDir: temp('cfk-tls-ok-') });
    try {
      const direct = await new Promise<{ status: number; body: string }>((done, fail) => {
        https
          .get(`${front.url}/api/v4/version`, { ca: readFileSync(certs.caFile) }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => done({ status: res.statusCode ?? 0, body }));
          })
          .on('error', fail);
      });
      const res = await fetch(`${o.url}/api/v4/version`);
      expect({ status: res.status, body: await res.text() }).toEqual(direct);
      expect(direct.status).toBe(200);
      expect(await webSocketTalk(o.url, ['over tls'])).toEqual({
        head: 'HTTP/1.1 101 Switching Protocols',
        frames: ['welcome', 'echo:over tls'],
      });
      const raw = await rawRequest(o.url, Buffer.from('GET /api/v4/users?search=café HTTP/1.1\r\nHost: x\r\n\r\n'));
      expect(raw).toEqual({ status: 'HTTP/1.1 200 OK', body: '{"target":"/api/v4/users?search=café"}' });
      expect((await o.snapshot()).counts).toMatchObject({ exchanges: 1, tunnels: 1, unparsable: 1, upstreamErrors: 0 });
    } finally {
      await o.stop();
    }
  });

  it('trusts NODE_EXTRA_CA_CERTS as Node does', { timeout: 30_000 }, async () => {
    const r = await observeChild(['--upstream', front.url, '--reports-dir', temp('cfk-tls-extra-')], { NODE_EXTRA_CA_CERTS: certs.caFile });
    expect(r.out).toContain(`Observing ${front.url} on http://127.0.0.1:`);
    expect([0, 1], JSON.stringify(r)).toContain(r.code);
  });

  it('exits 2 with one line for an unreadable --ca-file, or one without a certificate', { timeout: 30_000 }, async () => {
    const missing = await observeChild(['--upstream', front.url, '--ca-file', join(temp('cfk-tls-missing-'), 'none.pem')]);
    expect(missing).toMatchObject({ code: 2, out: '' });
    expect(missing.err).toMatch(/^conformance: --ca-file cannot be read: ENOENT[^\n]*none\.pem'$/);
    const notPem = join(temp('cfk-tls-notpem-'), 'ca.pem');
    writeFileSync(notPem, 'not a certificate\n');
    const bad = await observeChild(['--upstream', front.url, '--ca-file', notPem]);
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toMatch(/^conformance: --ca-file \S+ca\.pem holds no PEM certificate/);
  });
});
