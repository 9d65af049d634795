/**
 * The variation point of what goes on the wire, set up once when the app is built (app.ts,
 * respond.ts, router.ts): success statuses, datetime rendering, the raw query text, multipart
 * bodies, error bodies, the answer to an unregistered method, and transforms of every payload
 * sent. SPEC_WIRE is the spec; a declared variation patches a copy.
 *
 *   wire: (p) => ({ ...p, errorBodies: { ...p.errorBodies, unauthorized: { error: 'unauthorized' } } })
 */
import type { FastifyReply } from 'fastify';
import type { ApiErrorCode } from '../errors.ts';

/** A payload on its way out (an onSend hook): returns the payload to send. */
export type SendTransform = (reply: FastifyReply, payload: unknown) => unknown;

export interface WirePolicy {
  /** Status of a creating POST. */
  readonly createdStatus: number;
  /** A DELETE answers 204 without a body, or 200 with the deleted object. */
  readonly deletedAnswer: 'no-content' | 'deleted-object';
  /** How a datetime is written. */
  datetime(date: Date): string;
  /** The raw query text as the query parser reads it; undefined: as received. */
  readonly rawQuery?: (text: string) => string;
  /** multipart/form-data bodies are accepted (file uploads). */
  readonly multipart: boolean;
  /** Error bodies sent instead of the declared ones (errors.ts), by error code: a body, or one made from the declared body. */
  readonly errorBodies: Readonly<Partial<Record<ApiErrorCode, object | ((body: { message?: unknown }) => object)>>>;
  /** The error of a method a known path does not offer. */
  readonly otherMethods: 'method_not_allowed' | 'route_not_found';
  /** Which unregistered methods get that answer: every method Node's parser passes on, or the six classic ones only (other-methods.ts). */
  readonly otherMethodsAnswered: 'every' | 'classic';
  /** Applied in order to every payload sent. */
  readonly onSend: readonly SendTransform[];
}

export const SPEC_WIRE: WirePolicy = {
  createdStatus: 201,
  deletedAnswer: 'no-content',
  datetime: (date) => date.toISOString(),
  multipart: true,
  errorBodies: {},
  otherMethods: 'method_not_allowed',
  otherMethodsAnswered: 'every',
  onSend: [],
};
