/**
 * Trusting an https upstream as its operator does: the CAs Node trusts (its bundled roots, and
 * NODE_EXTRA_CA_CERTS), plus those of `--ca-file`; and one TLS handshake at start-up (no HTTP
 * request) so that a certificate observe cannot trust stops it at once, exit 2 with one line naming
 * the problem, instead of a 502 for every request later.
 *
 *   const ca = trustedCas('/etc/ssl/org-ca.pem');              // undefined without a file: Node's own trust
 *   await checkTls(new URL('https://gitlab.internal'), ca);    // KitError UPSTREAM_TLS: "... self-signed certificate in certificate chain ..."
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { KitError } from '../shared/errors.ts';

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Verification errors a CA of the operator's would settle. */
const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * The CAs an https upstream may chain to: Node's bundled roots, NODE_EXTRA_CA_CERTS's and the file's
 * (an explicit list replaces Node's default one, so all three are named). Undefined without a file.
 */
export function trustedCas(caFile: string | undefined, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  if (caFile === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(caFile, 'utf8');
  } catch (e) {
    throw new KitError('INPUT_UNREADABLE', `--ca-file cannot be read: ${(e as Error).message}`);
  }
  const certificates = text.match(PEM) ?? [];
  if (!certificates.length)
    throw new KitError('INPUT_UNREADABLE', `--ca-file ${caFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const pem of certificates)
    try {
      new X509Certificate(pem);
    } catch (e) {
      throw new KitError('INPUT_UNREADABLE', `--ca-file ${caFile} holds a certificate that cannot be read: ${firstLine(e)}`);
    }
  return [...tls.rootCertificates, ...extraCas(env.NODE_EXTRA_CA_CERTS), ...certificates];
}

/** NODE_EXTRA_CA_CERTS's certificates (Node itself warns at start when it cannot read the file). */
function extraCas(file: string | undefined): string[] {
  if (!file) return [];
  try {
    return readFileSync(file, 'utf8').match(PEM) ?? [];
  } catch {
    return [];
  }
}

const firstLine = (e: unknown) =>
  String((e as Error).message ?? e)
    .split('\n')[0]!
    .trim();

/** One TLS handshake with the upstream, closed at once; a KitError naming what stops it. */
export async function checkTls(url: URL, ca: string[] | undefined, timeoutMs = 5000): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  await new Promise<void>((done, fail) => {
    const socket = tls.connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      ...(ca ? { ca } : {}),
      ALPNProtocols: ['http/1.1'],
    });
    const timer = setTimeout(() => socket.destroy(new Error(`no TLS handshake within ${timeoutMs} ms`)), timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.end();
      done();
    });
    socket.once('error', (e: Error & { code?: string }) => {
      clearTimeout(timer);
      socket.destroy();
      fail(tlsProblem(url, host, e));
    });
  });
}

function tlsProblem(url: URL, host: string, e: Error & { code?: string }): KitError {
  const code = e.code ?? '';
  const what = `${firstLine(e)}${code && !firstLine(e).includes(code) ? ` (${code})` : ''}`;
  if (UNTRUSTED.has(code))
    return new KitError(
      'UPSTREAM_TLS',
      `the upstream ${url.origin} is not trusted: ${what}: pass --ca-file with your CA, or set NODE_EXTRA_CA_CERTS`,
    );
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
    return new KitError('UPSTREAM_TLS', `the upstream ${url.origin}'s certificate is not valid today: ${what}`);
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return new KitError(
      'UPSTREAM_TLS',
      `the upstream's certificate does not name ${host}: ${what}: give --upstream a name the certificate names`,
    );
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT'].includes(code) ||
    /no TLS handshake/.test(e.message)
  )
    return new KitError('TARGET_UNREACHABLE', `the upstream ${url.origin} does not answer: ${what}`);
  return new KitError('UPSTREAM_TLS', `the upstream ${url.origin} did not complete a TLS handshake: ${what} (is it http://?)`);
}
