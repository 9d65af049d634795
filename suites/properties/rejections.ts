/**
 * The rejection properties' mechanism: per endpoint, how to send an invalid input and what must
 * stay as it was (the resource's own scoped list, or the item an update aimed at); and the three
 * checks, each under its clause: a validation failure answers 400 and changes nothing; a model
 * validation's body is the message object; a missing attribute's body is a message string naming
 * it (and changes nothing).
 *
 *   const targets: RejectionTarget[] = [{ endpoint: 'variables.create', send: (b) => s.admin.post(...), state: () => ... }];
 *   await forAll(ctx, invalidOf(targets, 'missing'), (c) => rejectMissing(ctx.s, targets, c));
 */
import {
  PER_PAGE_MAX,
  check,
  fc,
  fillPlaceholders,
  invalidInput,
  requireThat,
  type ApiResponse,
  type Endpoint,
  type ErrorKind,
  type InvalidInput,
  type Session,
} from '../../src/kit/index.ts';

export interface RejectionTarget {
  endpoint: Endpoint;
  /** Fills the payload's placeholders for one run (a unique name, a taken address). */
  fill(c: InvalidInput): Record<string, unknown>;
  send(body: Record<string, unknown>): Promise<ApiResponse>;
  /** What the request must not change (compared as JSON before and after). */
  state(body: Record<string, unknown>): Promise<unknown>;
  /** Removes what a faulty server created anyway (so a replay meets the same state). */
  undo?(res: ApiResponse): Promise<unknown>;
  /** Invalid inputs of this endpoint (default: invalidInput(endpoint)). */
  inputs?: fc.Arbitrary<InvalidInput>;
}

/** Invalid inputs of every target whose kind is one of `kinds`. */
export function invalidOf(targets: RejectionTarget[], ...kinds: ErrorKind[]): fc.Arbitrary<InvalidInput> {
  return fc.oneof(...targets.map((t) => t.inputs ?? invalidInput(t.endpoint))).filter((c) => kinds.includes(c.kind));
}

/**
 * One framework refusal (a wrong type or value), run as an example whatever the number of runs: a
 * target that words such bodies otherwise (the platform's {"error": ...}) shows it on every run, so
 * a baseline entry for it never goes stale.
 */
export function frameworkRefusal(targets: RejectionTarget[]): InvalidInput {
  return fc.sample(invalidOf(targets, 'either'), { seed: 1, numRuns: 1 })[0]!;
}

const targetOf = (targets: RejectionTarget[], c: InvalidInput) => targets.find((t) => t.endpoint === c.endpoint)!;

/** Sends the case; returns the answer and whether the state stayed as it was. */
async function attempt(targets: RejectionTarget[], c: InvalidInput): Promise<{ res: ApiResponse; before: string; after: string }> {
  const t = targetOf(targets, c);
  const body = t.fill(c);
  const before = JSON.stringify(await t.state(body));
  const res = await t.send(body);
  const after = JSON.stringify(await t.state(body));
  if (res.status >= 200 && res.status < 300 && t.undo) await t.undo(res);
  return { res, before, after };
}

const rule = (c: InvalidInput) => `${c.endpoint} with ${c.rule}`;

/** 400, an error body of either shape, and nothing created or changed. */
export async function rejectInvalid(targets: RejectionTarget[], c: InvalidInput): Promise<void> {
  const { res, before, after } = await attempt(targets, c);
  check.status(res, 400, `An input that fails validation (${rule(c)}) MUST be refused with 400.`);
  check.jsonContentType(res);
  const m = res.json?.message;
  requireThat(
    typeof m === 'string' || (typeof m === 'object' && m !== null),
    'The 400 body MUST carry message (a string or a property-to-errors object).',
    '{"message": ...}',
    res.json,
    ['message'], // about the body's message alone: a baseline may excuse its key without the status or the unchanged state
  );
  requireThat(before === after, `A refused request (${rule(c)}) MUST create or change nothing.`, before.slice(0, 300), after.slice(0, 300));
}

/** 400 with the validation body: message an object of property names to arrays of strings. */
export async function rejectWithFieldErrors(targets: RejectionTarget[], c: InvalidInput): Promise<void> {
  const { res } = await attempt(targets, c);
  check.status(res, 400, `An input that fails validation (${rule(c)}) MUST be refused with 400.`);
  check.errorBody(res, 'error.validation');
}

/** 400 with message a string naming the missing attribute, and nothing created or changed. */
export async function rejectMissing(targets: RejectionTarget[], c: InvalidInput): Promise<void> {
  const { res, before, after } = await attempt(targets, c);
  check.status(res, 400, `A request without a required attribute (${rule(c)}) MUST be refused with 400.`);
  check.missingAttributeBody(res, c.attribute, c.attribute.replace(/^.*\[(.*)\]$/, '$1'));
  requireThat(before === after, `A refused request (${rule(c)}) MUST create or change nothing.`, before.slice(0, 300), after.slice(0, 300));
}

/** Ids (or keys) of a list answer, for "nothing was created". */
export async function listed(s: Session, path: string, query: Record<string, string | number> = {}): Promise<unknown[]> {
  const res = await s.admin.get(path, { query: { per_page: PER_PAGE_MAX, ...query } });
  check.status(res, 200, `Listing ${path} (to count before and after) MUST answer 200.`);
  return (res.json as Record<string, unknown>[]).map((x) => x.id ?? `${x.key}@${x.environment_scope ?? ''}`);
}

/** A unique name for one run's placeholders. */
export const uniqueFill = (s: Session, label: string) => (c: InvalidInput) =>
  fillPlaceholders(c.payload, { unique: s.name(label).toLowerCase() });
