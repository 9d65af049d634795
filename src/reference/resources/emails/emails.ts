/**
 * E-mail addresses: the caller's own (/user/emails) and any user's (/users/:id/emails,
 * administrators only). A confirmed user's primary address is a row of the list too, as on the
 * platform (primary-email.ts): it can be read by id, and deleting it is refused with 400. An address
 * anyone already uses, as primary or secondary (case-insensitive), is refused with 400 keyed by
 * email.
 *
 *   POST /api/v4/user/emails {"email":"jane.work@example.com"}
 *   -> 201 {"id":3,"email":"jane.work@example.com","confirmed_at":null}
 *   GET /api/v4/user/emails -> [{"id":2,"email":"jane@example.com",...}, {"id":3,"email":"jane.work@example.com",...}]
 *   the same address again (any case) -> 400 {"message":{"email":["has already been taken"]}}
 */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../../auth.ts';
import { ctxOf, envOf, type RefContext, type ViewEnv } from '../../context.ts';
import { addressTaken, validEmail } from '../../domain/emails.ts';
import { storageRoundTrip } from '../../domain/storage-round-trip.ts';
import { uniqueIndex } from '../../domain/unique-index.ts';
import type { EmailRecord, UserRecord } from '../../domain/records.ts';
import { fail } from '../../errors.ts';
import { paginate } from '../../pagination.ts';
import { input, p, readParams } from '../../params.ts';
import { created, noContent } from '../../respond.ts';
import { intParam, type Router } from '../../router.ts';
import { findUser } from '../../lookups.ts';
import { ensurePrimaryRow, isPrimaryRow, secondaryAddressTaken } from './primary-email.ts';

const TAKEN = 'has already been taken';

export function emailView(e: EmailRecord, env: ViewEnv) {
  return { id: e.id, email: e.email, confirmed_at: env.fmt.datetimeOrNull(e.confirmedAt) };
}

function taken(ctx: RefContext, email: string): boolean {
  return ctx.has('emails.primary-not-checked') ? secondaryAddressTaken(ctx.store, email) : addressTaken(ctx.store, email);
}

/** Checks and stores a secondary address; confirmed at once only when told to skip confirmation (emails.taken-race: a pause between). */
async function addEmail(ctx: RefContext, user: UserRecord, email: string, confirmed: boolean): Promise<EmailRecord> {
  const address = email.trim();
  if (!validEmail(address)) fail('validation_failed', { email: ['is invalid'] });
  if (taken(ctx, address)) {
    if (ctx.has('emails.duplicate-409')) fail('conflict', 'Email has already been taken');
    fail('validation_failed', ctx.has('emails.duplicate-base-error') ? { base: [`Email ${TAKEN}`] } : { email: [TAKEN] });
  }
  if (ctx.has('emails.taken-race')) await storageRoundTrip();
  await uniqueIndex(ctx, () => !secondaryAddressTaken(ctx.store, address));
  ensurePrimaryRow(ctx.store, user);
  const now = ctx.clock();
  return ctx.store.emails.insert({ userId: user.id, email: address, confirmedAt: confirmed ? now : null, createdAt: now });
}

/** The user's row `:email_id` (their primary address's row made first), or 404; `anyOwner` (the ownership faults) finds anyone's. */
function emailOf(request: FastifyRequest, user: UserRecord, anyOwner = false): EmailRecord {
  const { store } = ctxOf(request);
  ensurePrimaryRow(store, user);
  const email = store.emails.get(intParam(request, 'email_id'));
  if (!email || (email.userId !== user.id && !anyOwner)) fail('not_found', 'Email');
  return email;
}

/** Deletes a row, unless it is its user's primary address (the platform's Emails::DestroyService raises). */
function deleteEmail(request: FastifyRequest, reply: Parameters<typeof noContent>[1], user: UserRecord, anyOwner = false) {
  const { store } = ctxOf(request);
  const email = emailOf(request, user, anyOwner);
  if (isPrimaryRow(store, email)) fail('deletion_refused', 'Cannot delete primary email');
  store.emails.delete(email.id);
  return noContent(request, reply, emailView(email, envOf(request)));
}

export function registerEmails(r: Router): void {
  const { ctx } = r;
  const list = (request: FastifyRequest, reply: Parameters<typeof paginate>[1], user: UserRecord) => {
    const env = envOf(request);
    ensurePrimaryRow(ctx.store, user);
    return paginate(
      request,
      reply,
      ctx.store.emails.filter((e) => e.userId === user.id),
    ).map((e) => emailView(e, env));
  };

  r.op('listCurrentUserEmails', (request, reply) => list(request, reply, callerOf(request).user));

  r.op('getCurrentUserEmail', (request) =>
    emailView(emailOf(request, callerOf(request).user, ctx.has('emails.other-users-email-readable')), envOf(request)),
  );

  r.op('addCurrentUserEmail', async (request, reply) => {
    const q = readParams(input(request), { email: p.string().required() });
    return created(request, reply, emailView(await addEmail(ctx, callerOf(request).user, q.email, false), envOf(request)));
  });

  r.op('deleteCurrentUserEmail', (request, reply) =>
    deleteEmail(request, reply, callerOf(request).user, ctx.has('emails.other-users-email-deletable')),
  );

  r.op('listUserEmails', (request, reply) => list(request, reply, findUser(request)));

  r.op('addUserEmail', async (request, reply) => {
    const q = readParams(input(request), { email: p.string().required(), skip_confirmation: p.boolean() });
    const user = findUser(request);
    return created(request, reply, emailView(await addEmail(ctx, user, q.email, q.skip_confirmation === true), envOf(request)));
  });

  r.op('deleteUserEmail', (request, reply) => deleteEmail(request, reply, findUser(request)));
}
