/**
 * What an observation keeps: counts, and one example per finding and per operation seen, never
 * every exchange (memory stays flat however long it runs). Each exchange is matched to its
 * operation, judged on both sides (judge-answer.ts, judge-request.ts; by its caller where the answer
 * depends on who calls: callers.ts, caller-checks.ts) and forgotten; the
 * credentials it shows, in every form (credentials.ts), are learned first, so that no example keeps
 * one, and a finding's texts and reproducer are made private when it is first noted (privacy.ts:
 * the installation's personal data as placeholders, unless `showValues`).
 *
 *   const o = new Observation('http://127.0.0.1:4010', [], { showValues: false });
 *   o.record(exchange);            // the proxy's onExchange
 *   o.snapshot()                   // { counts, server: [...], client: [...], operations: {...} }
 */
import { randomBytes } from 'node:crypto';
import { reproducer, type ShownRequest } from '../reference/strict/findings.ts';
import { SecretSet } from '../shared/redact.ts';
import { OPERATIONS } from '../spec/operations/index.ts';
import { specPath } from '../spec/paths.ts';
import { callerMatters, judgeByCaller, learnFromAnswer, needsCaller } from './caller-checks.ts';
import { actsAsAnother, CallerBook, credentialOf, type Caller, type Credential } from './callers.ts';
import { Coverage, type JudgedAs, type OperationCoverage } from './coverage.ts';
import { learnCredentials } from './credentials.ts';
import { apiTarget, asApiResponse, matchOperation } from './exchange-view.ts';
import { judgeAnswer } from './judge-answer.ts';
import { judgeClient, requestParams } from './judge-request.ts';
import { PrivateExchange } from './privacy.ts';
import type { ObservedExchange } from './proxy.ts';
import { maskPatterns } from './value-kinds.ts';
import { isRecord } from '../shared/is-record.ts';
import { addIn } from '../shared/oldest-out.ts';

export interface ObservedFinding {
  side: 'server' | 'client';
  /** 'METHOD /path' as the spec writes it. */
  operation: string;
  /** Server: the clause broken. Client: the strict judge's kind (unknown-parameter, token-in-query...). */
  clause: string;
  /** Server: the check that found it. Client: the first parameter concerned. */
  about: string;
  /**
   * Client findings: the first few distinct parameters concerned (at most PARAMETERS_KEPT), `about` first.
   * Findings are grouped by operation, clause and kind, never by value: 20,000 distinct unknown
   * parameters are one finding with a count and these names.
   */
  parameters?: string[];
  /** Client findings: true when more distinct parameters showed it than `parameters` lists. */
  moreParameters?: boolean;
  requirement: string;
  expected?: string;
  actual?: string;
  fields?: string[];
  resource?: string;
  /** How many exchanges showed it. */
  count: number;
  /** The first exchange that showed it, as a curl command (credentials [redacted], personal values as placeholders unless showValues). */
  reproducer: string;
  /** The status that answered that first exchange. */
  status: number;
  /**
   * A security finding (a regular user allowed an administrator's operation, a caller shown another
   * user's item): the caller of its first exchange, by id and username (a placeholder unless showValues).
   */
  security?: { id: number; username: string };
}

export interface ObservationCounts {
  exchanges: number;
  /** Exchanges matched to an operation of the spec and judged. */
  judged: number;
  /** Exchanges to API routes the spec does not cover: passed through, never judged. */
  outsideSpec: number;
  /** Exchanges outside the API (`/api/v4` is not the path's first segment after the relative URL root): passed through, never judged. */
  notApi: number;
  /**
   * Requests observe cannot read as the spec's: an API target whose percent-encoding does not decode
   * (counted here), or a target with raw bytes its HTTP parser refuses (counted by the wire: forwarded unchanged). Never judged.
   */
  unparsable: number;
  /** Answers whose copy was cut at the capture limit: not judged for their body. */
  bodyNotJudged: number;
  /** Requests the upstream did not answer (connection refused, reset). */
  upstreamErrors: number;
  /**
   * Answers that ended before the length their Content-Length declared (the upstream closed short):
   * forwarded as received and judged so, counted here. No clause of the spec states HTTP framing, so
   * this is an anomaly counted, not a finding.
   */
  shortBodies: number;
  /** Upgrades the upstream accepted (WebSocket), tunnelled, nothing inside judged (the wire's count). */
  tunnels: number;
  /** Exchanges that finished while observe was stopping (SIGTERM: the drain; the wire's count). */
  drained: number;
  /** Exchanges still in flight when the drain bound (--drain) ran out: cut, not judged (the wire's count). */
  cutAtStop: number;
}

export interface ObservationSnapshot {
  counts: ObservationCounts;
  server: ObservedFinding[];
  client: ObservedFinding[];
  /** `seen`: each operation's coverage (coverage.ts), `count` the exchanges seen. */
  operations: { seen: OperationCoverage[]; neverSeen: string[] };
}

/**
 * Credentials learnt from the traffic kept for redaction, the most recently seen (the operator's
 * given ones always): over days every CI job and browser session brings one of its own. An
 * exchange's own credentials are learnt before anything of it is kept, so a finding's texts never
 * needed a forgotten one; the report's last pass uses those kept.
 */
export const SECRETS_KEPT = 5_000;

/** Credentials whose identification was asked for, remembered at most (the oldest go first). */
const ASKED_LIMIT = 100_000;

/** Distinct parameters a client finding names (the first ones seen); the rest are counted, not kept. */
export const PARAMETERS_KEPT = 5;

const ALL_OPERATIONS = OPERATIONS.map((o) => `${o.method} ${specPath(o.path)}`);
/** Findings about a value's format: their texts show the value's shape, not the value. */
const FORMAT_CHECKS = new Set(['datetime', 'date']);
const FORMAT_KINDS = new Set(['wrong-format', 'wrong-type']);

export interface ObservationOptions {
  /** Show the installation's values in findings (a test installation): credentials stay [redacted]. */
  showValues?: boolean;
  /** The installation's relative URL root ('' or '/gitlab'): only `<urlRoot>/api/v4/...` is judged. */
  urlRoot?: string;
  /** The key of the callers' keyed hashes (made fresh at each start, never written); default: a fresh one. */
  callerKey?: Uint8Array;
  /**
   * Callers are identified by observe's own GET /user (--identify-callers): an exchange that needs
   * the caller of a credential not yet identified is held (record() says so) until the book settles it.
   */
  identifyCallers?: boolean;
  /** observe --har: an answer's body cut is one the recording left out (coverage's `bodyLeftOut`, not `bodyCut`). */
  recorded?: boolean;
}

/** What record() did with an exchange: judged (or counted), or held until its caller is identified. */
export type Recorded = { held: false } | { held: true; key: string; credential?: Credential };
const DONE: Recorded = { held: false };

export class Observation {
  readonly secrets: SecretSet;
  private readonly counts: ObservationCounts = {
    exchanges: 0,
    judged: 0,
    outsideSpec: 0,
    notApi: 0,
    unparsable: 0,
    bodyNotJudged: 0,
    upstreamErrors: 0,
    shortBodies: 0,
    tunnels: 0,
    drained: 0,
    cutAtStop: 0,
  };
  private readonly findings = new Map<string, ObservedFinding>();
  readonly callers: CallerBook;
  /** Credentials whose identification was asked for (record() returned their credential once). */
  private readonly asked = new Set<string>();
  private readonly coverage = new Coverage();

  /** `replayBase`: the URL reproducers send to (the upstream's root). Plain data only: it is built inside a worker too. */
  constructor(
    private readonly replayBase: string,
    secrets: Iterable<string> = [],
    private readonly options: ObservationOptions = {},
  ) {
    this.secrets = new SecretSet(secrets, undefined, SECRETS_KEPT);
    this.callers = new CallerBook(Buffer.from(options.callerKey ?? randomBytes(32)));
  }

  private note(
    side: ObservedFinding['side'],
    operation: string,
    clause: string,
    about: string,
    found: Omit<ObservedFinding, 'side' | 'operation' | 'clause' | 'about' | 'count' | 'reproducer' | 'status'>,
    shown: () => { values: PrivateExchange; request: ShownRequest },
    status: number,
    format: boolean,
  ): void {
    // A parameter's name is kept (the finding needs it), an e-mail or IP address used as one is not.
    const name = side === 'client' && !this.options.showValues ? maskPatterns(about) : about;
    // Server findings by their check; client findings by their kind alone (the parameter is a value: kept as a name, not a key).
    const key = side === 'server' ? `${side}\u0000${operation}\u0000${clause}\u0000${about}` : `${side}\u0000${operation}\u0000${clause}`;
    const had = this.findings.get(key);
    if (had) {
      had.count++;
      if (had.parameters) addParameter(had, name);
      return;
    }
    // Private at creation: the installation's values as placeholders (or shapes), credentials [redacted].
    const { values, request } = shown();
    const r = (s: string | undefined) => (s === undefined ? undefined : values.text(s, format));
    this.findings.set(key, {
      side,
      operation,
      clause,
      about: name,
      requirement: r(found.requirement)!,
      ...(found.expected !== undefined ? { expected: r(found.expected) } : {}),
      ...(found.actual !== undefined ? { actual: r(found.actual) } : {}),
      ...(found.fields ? { fields: found.fields } : {}),
      ...(found.resource ? { resource: found.resource } : {}),
      ...(side === 'client' ? { parameters: [name] } : {}),
      ...(found.security ? { security: found.security } : {}),
      count: 1,
      reproducer: this.secrets.redact(reproducer(values.request(request))),
      status,
    });
  }

  /**
   * Judges one exchange, or holds it (identifyCallers: it needs the caller of a credential not yet
   * identified; `credential` is given the first time, for observe's own GET /user): the caller then
   * records it again once `callers.settle()` has the answer, or `force` judges it without.
   */
  record(x: ObservedExchange, force = false): Recorded {
    const op = matchOperation(x.method, x.target, this.options.urlRoot ?? '');
    // Whose answer this is: a credential's caller, unless it acts as another (Sudo).
    let key: string | undefined;
    // No credential in any form: the caller is known to be nobody (no check depends on more).
    let anonymous = false;
    if (op && callerMatters(op) && x.status !== 0) {
      const credential = credentialOf(x.requestHeaders, op.query);
      anonymous = !credential && x.requestHeaders.authorization === undefined && x.requestHeaders.cookie === undefined;
      if (credential && !actsAsAnother(x.requestHeaders, op.query)) {
        key = this.callers.keyOf(credential);
        const learnsItself = op.name === 'GET /user' && x.status === 200;
        if (this.options.identifyCallers && !force && !learnsItself && !this.callers.settled(key)) {
          if (this.asked.has(key)) return { held: true, key };
          addIn(this.asked, key, ASKED_LIMIT);
          return { held: true, key, credential };
        }
      }
    }
    this.counts.exchanges++;
    if (!op) {
      const place = apiTarget(x.target, this.options.urlRoot ?? '');
      this.counts[place === 'not-api' ? 'notApi' : place === 'unparsable' ? 'unparsable' : 'outsideSpec']++;
      if (x.status === 0) this.counts.upstreamErrors++;
      return DONE;
    }
    this.coverage.seen(op.name);
    const sent = requestParams(x, op);
    const res = asApiResponse(x, this.replayBase);
    learnCredentials(
      { headers: x.requestHeaders, query: op.query, body: sent.body, answerHeaders: x.headers, answer: res.json, answerText: res.text },
      this.secrets,
    );
    if (x.status === 0) {
      this.counts.upstreamErrors++;
      this.coverage.outcome(op.name, 'noAnswer');
      return DONE;
    }
    this.counts.judged++;
    if (x.bodyCut) this.counts.bodyNotJudged++;
    if (x.shortBody) this.counts.shortBodies++;
    const authHeader =
      x.requestHeaders['private-token'] !== undefined
        ? 'PRIVATE-TOKEN'
        : x.requestHeaders.authorization !== undefined
          ? 'Authorization'
          : x.requestHeaders['job-token'] !== undefined
            ? 'JOB-TOKEN'
            : undefined;
    const shownRequest: ShownRequest = {
      method: x.method,
      url: res.url,
      operationId: op.row.operationId,
      ...(authHeader ? { authHeader } : {}),
      ...(isRecord(sent.body) ? { body: sent.body } : {}),
    };
    // Made once, when the exchange's first new finding is noted (most exchanges have none).
    let values: PrivateExchange | undefined;
    const shown = () => {
      values ??= new PrivateExchange(
        {
          target: x.target,
          pathParams: op.params,
          body: sent.body,
          answer: res.json,
          answerText: res.text,
          paths: [op.path, specPath(op.row.path)],
        },
        this.secrets,
        this.options.showValues === true,
      );
      return { values, request: shownRequest };
    };
    // The caller: a GET /user answer names it (learnt before judging); else what the book knows.
    let caller: Caller | undefined;
    let ownerId: number | undefined;
    if (key !== undefined) {
      // Whose account the credential was before this answer: a GET /user naming another is a finding.
      ownerId = this.callers.callerOf(key)?.id;
      if (op.name === 'GET /user' && x.status === 200 && !x.bodyCut) caller = this.callers.learnCurrentUser(key, res.json);
      caller ??= this.callers.callerOf(key);
    }
    const found = [...judgeAnswer(res, op, sent.params, sent.readable, !x.bodyCut)];
    if (!x.bodyCut) found.push(...judgeByCaller(res, op, caller, this.callers, ownerId));
    for (const f of found) {
      const { check, clause, ...rest } = f;
      const security = rest.security && { id: rest.security.id, username: this.options.showValues ? rest.security.username : '<username>' };
      const kept = { ...rest, expected: str(rest.expected), actual: str(rest.actual), ...(security ? { security } : {}) };
      this.note('server', op.name, clause, check, kept, shown, x.status, FORMAT_CHECKS.has(check));
    }
    for (const j of judgeClient(x.method, sent, op)) {
      this.note('client', op.name, j.kind, j.parameter, { requirement: j.detail }, shown, x.status, FORMAT_KINDS.has(j.kind));
    }
    if (!x.bodyCut) learnFromAnswer(res, op, caller, this.callers, sent.readable ? sent.params : undefined);
    // The one place a judged exchange's outcome is decided: in full, or without the caller (an answer that depends
    // on who calls, from a credential whose caller is not known, or a request acting as another). An answer whose body was not judged is not judged in full, whatever it is.
    const judgedAs: JudgedAs = caller === undefined && !anonymous && needsCaller(op) ? 'withoutCaller' : 'full';
    this.coverage.outcome(op.name, x.bodyCut ? (this.options.recorded ? 'bodyLeftOut' : 'bodyCut') : judgedAs);
    return DONE;
  }

  snapshot(): ObservationSnapshot {
    const all = [...this.findings.values()].map((f) => ({ ...f, ...(f.parameters ? { parameters: [...f.parameters] } : {}) }));
    return {
      counts: { ...this.counts },
      server: all.filter((f) => f.side === 'server').sort(findingOrder),
      client: all.filter((f) => f.side === 'client').sort(findingOrder),
      operations: {
        seen: this.coverage.list(),
        neverSeen: neverSeen(this.coverage),
      },
    };
  }
}

/** The spec's operations not among those seen, in the operation table's order. */
export function neverSeen(seen: { has(operation: string): boolean }): string[] {
  return ALL_OPERATIONS.filter((o) => !seen.has(o));
}

/** Findings by operation, clause, then check or first parameter: the report's order. */
export const findingOrder = (a: ObservedFinding, b: ObservedFinding): number =>
  a.operation.localeCompare(b.operation) || a.clause.localeCompare(b.clause) || a.about.localeCompare(b.about);

/** Names one more parameter of a client finding, while fewer than PARAMETERS_KEPT are named. */
export function addParameter(f: ObservedFinding, name: string): void {
  const names = (f.parameters ??= []);
  if (names.includes(name)) return;
  if (names.length < PARAMETERS_KEPT) names.push(name);
  else f.moreParameters = true;
}

function str(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.length > 500 ? `${v.slice(0, 500)}…` : v;
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 500 ? `${s.slice(0, 500)}…` : s;
}
