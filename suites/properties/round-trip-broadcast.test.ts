/**
 * Round trips of broadcast messages: the message (many scripts, emoji, HTML-special characters,
 * texts of thousands of characters), the window (datetimes in several ISO forms, compared as
 * instants), colors, target path and type come back as sent from POST and PUT, in the response and
 * a later GET. Every message targets a path no page has (s.hiddenTargetPath()) and lies in the
 * 2090s, so nobody sees it; each is deleted after its run.
 *
 *   npx conformance certify suites/properties/round-trip-broadcast.test.ts
 */
import { describe } from 'vitest';
import {
  broadcastBody,
  broadcastCreate,
  broadcastUpdate,
  check,
  clauseTest,
  fc,
  forAll,
  type ApiResponse,
  type BroadcastPayload,
  type Session,
} from '../../src/kit/index.ts';
import { sameInstant, sameText, sameValue } from './fixtures.ts';

/** Creates the message, runs `fn` with it, deletes it. */
async function withMessage(s: Session, body: Record<string, unknown>, fn: (res: ApiResponse) => Promise<void>): Promise<void> {
  const res = await s.admin.post('/broadcast_messages', { json: body });
  s.track(res, 'broadcast_message');
  check.status(res, 201);
  try {
    await fn(res);
  } finally {
    await s.admin.delete(`/broadcast_messages/${res.json.id}`);
  }
}

/** The attributes of `p` (the fields of the spec's broadcast message) as `body` shows them. */
function sameAttributes(body: Record<string, unknown>, p: BroadcastPayload, hidden: string, what: string): void {
  if (p.starts_at) sameInstant(body, 'starts_at', p.starts_at.instant, what);
  if (p.ends_at) sameInstant(body, 'ends_at', p.ends_at.instant, what);
  if (p.color !== undefined) sameValue(body, 'color', p.color, what);
  if (p.font !== undefined) sameValue(body, 'font', p.font, what);
  if (p.target_suffix !== undefined) sameText(body, 'target_path', `${hidden}/${p.target_suffix}`, what);
}

describe.concurrent('broadcast message round trips', () => {
  clauseTest('broadcast.create.status', 'the created message has the text sent, in the response and a later GET', async (ctx) => {
    const hidden = ctx.s.hiddenTargetPath();
    await forAll(
      ctx,
      broadcastCreate(),
      async (p) => {
        await withMessage(ctx.s, broadcastBody(p, hidden), async (res) => {
          sameText(res.json, 'message', p.message, 'The create response');
          const read = await ctx.s.anon.get(`/broadcast_messages/${res.json.id}`);
          check.status(read, 200);
          sameText(read.json, 'message', p.message, 'GET of the created message');
        });
      },
      {
        sideBySide: true,
        examples: [
          { ...fc.sample(broadcastCreate(), { seed: 7, numRuns: 1 })[0]!, message: 'Maintenance ce soir 🚀 — 𠮷野家 <b>&amp;</b> ✓' },
        ],
      },
    ); // characters outside the BMP, whatever the seed
  });

  clauseTest(
    'broadcast.create.attributes',
    'starts_at, ends_at (as instants), color, font and target_path come back as sent',
    async (ctx) => {
      const hidden = ctx.s.hiddenTargetPath();
      await forAll(
        ctx,
        broadcastCreate(),
        async (p) => {
          await withMessage(ctx.s, broadcastBody(p, hidden), async (res) => {
            sameAttributes(res.json, p, hidden, 'The create response');
            const read = await ctx.s.anon.get(`/broadcast_messages/${res.json.id}`);
            check.status(read, 200);
            sameAttributes(read.json, p, hidden, 'GET of the created message');
          });
        },
        { sideBySide: true },
      );
    },
  );

  clauseTest('broadcast.update.applies', 'PUT changes the attributes given to the values sent and leaves the others', async (ctx) => {
    const hidden = ctx.s.hiddenTargetPath();
    await forAll(
      ctx,
      fc.tuple(broadcastCreate(), broadcastUpdate()),
      async ([before, change]) => {
        await withMessage(ctx.s, broadcastBody(before, hidden), async (res) => {
          const put = await ctx.s.admin.put(`/broadcast_messages/${res.json.id}`, { json: broadcastBody(change, hidden) });
          check.status(put, 200);
          const read = await ctx.s.anon.get(`/broadcast_messages/${res.json.id}`);
          check.status(read, 200);
          const after: BroadcastPayload = { ...before, ...change };
          for (const [body, what] of [
            [put.json, 'The update response'],
            [read.json, 'GET of the updated message'],
          ] as const) {
            sameText(body, 'message', after.message!, what);
            sameAttributes(body, after, hidden, what);
            sameValue(body, 'broadcast_type', after.broadcast_type, what);
          }
        });
      },
      { sideBySide: true },
    );
  });
});
