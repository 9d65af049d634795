/**
 * The reference server's close(): it ends even when a client went away in the middle of a
 * request body (a request that never completes), and it still lets a request in flight finish
 * within the grace.
 *
 *   npx vitest run src/reference/close.test.ts
 */
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { CLOSE_GRACE_MS, startReferenceServer } from './index.ts';

const TOKEN = 'close-test-admin-token-0123456789';

/** Sends the head of a POST and part of its body on a raw socket; returns the socket. */
async function halfSentPost(url: string) {
  const socket = connect(Number(new URL(url).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/v4/broadcast_messages HTTP/1.1\r\nHost: x\r\nPrivate-Token: ${TOKEN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"message":`,
  );
  await new Promise((resolve) => setTimeout(resolve, 100)); // the server has read the head
  return socket;
}

describe('close()', () => {
  test('ends within the grace when a request body never completes', async () => {
    const ref = await startReferenceServer({ adminToken: TOKEN });
    const socket = await halfSentPost(ref.url);
    socket.on('error', () => {});
    const started = Date.now();
    await ref.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
    expect(took).toBeLessThan(CLOSE_GRACE_MS + 5_000);
    socket.destroy();
  });

  test('a request that completes within the grace is answered', async () => {
    const ref = await startReferenceServer({ adminToken: TOKEN });
    const socket = await halfSentPost(ref.url);
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const closed = ref.close();
    socket.write(' "hello"}'.padEnd(100 - '{"message":'.length, ' '));
    const started = Date.now();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(Date.now() - started, 'close() waited on the idle keep-alive connection').toBeLessThan(CLOSE_GRACE_MS / 2);
    socket.destroy();
  });
});
