/**
 * Operational faults of the reference: what a client's error handling must survive (a 429, a 5xx,
 * a delay, a dropped connection, a truncated body), declared per route and rate. They break no
 * clause of the spec and are apart from the mutation catalogue (REFERENCE_FAULTS); they have the
 * same shape: a comma-separated flag (REFERENCE_OPS_FAULTS, `serve --ops-faults`) or objects.
 *
 *   parseOpsFaults('429@GET /users:0.5,delay=200@*');
 *   // [{ kind: '429', route: 'GET /users', rate: 0.5, retryAfter: 1 }, { kind: 'delay', ms: 200, route: '*', rate: 1 }]
 *
 * Grammar, one fault:  KIND[=ARG]@ROUTE[:RATE]
 *   KIND   429 (ARG: Retry-After seconds, default 1) | 429-reset (ARG: RateLimit-Reset that many seconds ahead, default 1)
 *          | 500 | 502 | 503 | delay (ARG: milliseconds, required) | drop | truncate
 *   ROUTE  * (every request) | METHOD PATH, METHOD a verb or *, PATH under /api/v4 where :name is any one segment
 *          and a final /* any rest (GET /users/:id, * /projects/*)
 *   RATE   the fraction of matching requests that get the fault, 0..1, default 1 (drawn from a seeded generator)
 */

export const OPS_FAULT_KINDS = ['429', '500', '502', '503', 'delay', 'drop', 'truncate'] as const;
export type OpsFaultKind = (typeof OPS_FAULT_KINDS)[number];

/** One operational fault as code declares it; route defaults to '*', rate to 1. */
export interface OpsFault {
  kind: OpsFaultKind;
  route?: string;
  rate?: number;
  /** 429: the Retry-After header, in seconds (default 1 unless rateLimitReset is given). */
  retryAfter?: number;
  /** 429: the RateLimit-Reset header instead, a Unix time that many seconds after the answer. */
  rateLimitReset?: number;
  /** delay: milliseconds before the request is handled. */
  ms?: number;
}

/** A fault checked and completed: route and rate always set. */
export type ResolvedOpsFault = OpsFault & { route: string; rate: number };

/** A bad operational fault: the message names the part that is wrong. */
export class OpsFaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsFaultError';
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', '*']);
const NUMBER = /^\d+(\.\d+)?$/;

function checkRoute(route: string, where: string): void {
  if (route === '*') return;
  const [method, path, ...extra] = route.split(' ');
  if (!method || !path || extra.length) throw new OpsFaultError(`${where}: route "${route}" must be * or "METHOD /path"`);
  if (!METHODS.has(method)) throw new OpsFaultError(`${where}: method "${method}" is not an HTTP verb or *`);
  if (!path.startsWith('/')) throw new OpsFaultError(`${where}: path "${path}" must start with / (under /api/v4)`);
}

function checkSeconds(value: number | undefined, name: string, where: string): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0))
    throw new OpsFaultError(`${where}: ${name} must be a whole number of seconds, got ${String(value)}`);
}

/** Checks one declared fault and fills its defaults; `where` names it in errors. */
export function resolveOpsFault(fault: OpsFault, where = `fault ${JSON.stringify(fault)}`): ResolvedOpsFault {
  if (!OPS_FAULT_KINDS.includes(fault.kind))
    throw new OpsFaultError(`${where}: unknown kind "${String(fault.kind)}" (known: ${OPS_FAULT_KINDS.join(', ')}, 429-reset)`);
  const route = fault.route ?? '*';
  checkRoute(route, where);
  const rate = fault.rate ?? 1;
  if (!(typeof rate === 'number' && rate >= 0 && rate <= 1))
    throw new OpsFaultError(`${where}: rate must be between 0 and 1, got ${String(rate)}`);
  checkSeconds(fault.retryAfter, 'retryAfter', where);
  checkSeconds(fault.rateLimitReset, 'rateLimitReset', where);
  if (fault.kind === '429') {
    if (fault.retryAfter !== undefined && fault.rateLimitReset !== undefined)
      throw new OpsFaultError(`${where}: a 429 gives Retry-After or RateLimit-Reset, not both`);
    const header = fault.rateLimitReset === undefined ? { retryAfter: fault.retryAfter ?? 1 } : { rateLimitReset: fault.rateLimitReset };
    return { kind: '429', route, rate, ...header };
  }
  if (fault.kind === 'delay') {
    if (!(Number.isInteger(fault.ms) && (fault.ms as number) >= 0))
      throw new OpsFaultError(`${where}: delay needs ms, a whole number of milliseconds (delay=200)`);
    return { kind: 'delay', route, rate, ms: fault.ms };
  }
  return { kind: fault.kind, route, rate };
}

/** One fault of the flag: KIND[=ARG]@ROUTE[:RATE]. */
function parseOne(text: string): ResolvedOpsFault {
  const where = `ops fault "${text}"`;
  const at = text.indexOf('@');
  const head = at < 0 ? text : text.slice(0, at);
  let rest = at < 0 ? '*' : text.slice(at + 1).trim();
  let rate: number | undefined;
  const rateMatch = /:([^:/\s]*)$/.exec(rest);
  if (rateMatch && !rest.endsWith('/:' + rateMatch[1])) {
    if (!NUMBER.test(rateMatch[1])) throw new OpsFaultError(`${where}: rate "${rateMatch[1]}" is not a number between 0 and 1`);
    rate = Number(rateMatch[1]);
    rest = rest.slice(0, rateMatch.index).trim();
  }
  const [kindText = '', arg, ...more] = head.trim().split('=');
  if (more.length) throw new OpsFaultError(`${where}: one = at most in "${head}"`);
  if (arg !== undefined && !/^\d+$/.test(arg)) throw new OpsFaultError(`${where}: "${arg}" after ${kindText}= must be a whole number`);
  const n = arg === undefined ? undefined : Number(arg);
  const route = rest || '*';
  if (kindText === '429-reset') return resolveOpsFault({ kind: '429', route, rate, rateLimitReset: n ?? 1 }, where);
  if (kindText === '429') return resolveOpsFault({ kind: '429', route, rate, retryAfter: n }, where);
  if (kindText === 'delay') return resolveOpsFault({ kind: 'delay', route, rate, ms: n }, where);
  if (arg !== undefined) throw new OpsFaultError(`${where}: ${kindText} takes no =value`);
  return resolveOpsFault({ kind: kindText as OpsFaultKind, route, rate }, where);
}

/** The flag's comma-separated list; empty text gives none. */
export function parseOpsFaults(text: string): ResolvedOpsFault[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseOne);
}

/** Objects or the flag's text, checked. */
export function resolveOpsFaults(faults: readonly OpsFault[] | string): ResolvedOpsFault[] {
  return typeof faults === 'string' ? parseOpsFaults(faults) : faults.map((f, i) => resolveOpsFault(f, `opsFaults[${i}]`));
}
