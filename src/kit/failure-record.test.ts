/**
 * A failed check's reproducer replays the request it judged, not the test's last one: the case of
 * suites/broadcast-messages/create.test.ts, where a JSON create is checked after a form create.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SecretSet } from '../shared/redact.ts';
import { check, requireThat } from './checks.ts';
import { ApiClient } from './client.ts';
import { failureRecord } from './failure-record.ts';
import { secretLearner } from './learn-secrets.ts';
import { recorder, resetExchanges } from './recorder.ts';

let server: Server;
let admin: ApiClient;

beforeAll(async () => {
  // A server answering every create with 200 (the spec says 201).
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: 1, message: 'hi' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const secrets = new SecretSet(['admin-token-value']);
  const apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v4`;
  admin = new ApiClient({
    apiUrl,
    timeoutMs: 2000,
    maxBodyBytes: 1 << 16,
    secrets,
    auth: { token: 'admin-token-value' },
    observers: [secretLearner(secrets), recorder(secrets)],
  });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => resetExchanges());

const failing = (fn: () => void): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('the check did not fail');
};
const redact = (s: string) => s.replace('admin-token-value', '[redacted]');

describe('failureRecord', () => {
  test('the curl of a failed status check replays the JSON create it judged, not the form create sent after it', async () => {
    const json = await admin.post('/broadcast_messages', { json: { message: 'sent as JSON' } });
    await admin.post('/broadcast_messages', { form: { message: 'sent as a form' } });
    const record = failureRecord(
      failing(() => check.status(json, 201)),
      redact,
    );
    expect(record.reproduce).toContain(`--data '{"message":"sent as JSON"}'`);
    expect(record.reproduce).toContain("-H 'Content-Type: application/json'");
    expect(record.reproduce).not.toContain('form');
    expect(record.reproduce).toContain('[redacted]');
    expect(record.exchange?.method).toBe('POST');
  });

  test("a schema check on a parsed body finds that body's exchange too", async () => {
    const first = await admin.post('/broadcast_messages', { json: { message: 'first' } });
    await admin.get('/broadcast_messages');
    const record = failureRecord(
      failing(() => check.schema(first.json, 'broadcast-message')),
      redact,
    );
    expect(record.reproduce).toContain('-X POST');
    expect(record.reproduce).toContain('"message":"first"');
  });

  test('a failure names the spec operation it judged and the fields its check found wrong (what a baseline entry narrows to)', async () => {
    const created = await admin.post('/broadcast_messages', { json: { message: 'first' } }); // answers { id, message }
    const record = failureRecord(
      failing(() => check.schema(created.json, 'user.status')),
      redact,
    );
    expect(record.operation).toBe('POST /broadcast_messages');
    expect(record.fields?.sort()).toEqual(['emoji', 'message_html']); // message is there
  });

  test("a failure that judged nothing in particular shows the test's last exchange", async () => {
    await admin.post('/broadcast_messages', { json: { message: 'first' } });
    await admin.get('/broadcast_messages');
    const record = failureRecord(
      failing(() => requireThat(false, 'Something MUST hold.')),
      redact,
    );
    expect(record.reproduce).not.toContain('-X POST');
    expect(record.exchange?.method).toBe('GET');
  });

  test('a requireThat naming its field carries it to the record, and one naming none carries no fields', async () => {
    await admin.get('/broadcast_messages');
    const named = failureRecord(
      failing(() => requireThat(false, 'The view MUST have bio_html.', 'bio_html', 'id, bio', { fields: ['bio_html'] })),
      redact,
    );
    expect(named.fields).toEqual(['bio_html']);
    expect(
      failureRecord(
        failing(() => requireThat(false, 'Something MUST hold.')),
        redact,
      ).fields,
    ).toBeUndefined();
  });

  test('the failure does not carry the judged response among its own properties (vitest serializes them into junit.xml)', async () => {
    const res = await admin.post('/broadcast_messages', { json: { message: 'x' } });
    const error = failing(() => check.status(res, 201)) as Record<string, unknown>;
    const own = Object.getOwnPropertyNames(error).map((k) => String(k === 'stack' ? '' : (JSON.stringify(error[k]) ?? '')));
    expect(own.join(' ')).not.toContain('admin-token-value');
  });
});
