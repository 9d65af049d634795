/**
 * Baselines on client findings (`certify-client`): the same file as a server's (baseline.ts), its
 * client entries `{"finding": KIND, "operations": ["GET /users"], "parameters": ["colour"]}` excusing
 * the findings of that kind, narrowed to those operations and parameters when given. A finding an
 * entry excuses is known; the others are outside the baseline and fail the verdict. An entry that
 * excused nothing is stale (reported: the client no longer does it); an expired one excuses nothing.
 *
 *   const applied = applyClientBaseline(findings, loadBaselineFile('client-baseline.json'), '2026-11-25');
 *   applied.outside   // findings no entry excuses
 *   adoptClientFindings(findings, { from: 'reports/client-report.json', today: '2026-11-25' }).baseline.known
 *   // [{ finding: 'token-in-query', operations: ['GET /user'], parameters: ['private_token'], reason, expires }]
 */
import { clientOperation } from '../spec/client-findings.ts';
import { KitError } from '../shared/errors.ts';
import { entryLabel, type Baseline, type BaselineEntry, type KnownBy } from './baseline.ts';

/** What a baseline reads of a client finding (the strict judge's Finding, kept structural: the report layer does not import the reference). */
export interface ClientFindingFacts {
  kind: string;
  operationId: string;
  parameter: string;
  /** How many requests showed it. */
  count: number;
}

export interface ClientBaselineOutcome {
  file: string;
  /** Client entries that excused findings, by label, and how many findings each excused. */
  applied: string[];
  seen: Record<string, number>;
  /** Client entries that excused nothing this run (the client no longer does it: remove them). */
  stale: string[];
  /** Client entries past their date: their findings count again. */
  expired: string[];
  /** Entries that are not about clients (a clause, a resource): nothing to judge here. */
  unused: string[];
}

export interface AppliedClientBaseline<F extends ClientFindingFacts> {
  /** Findings no active entry excuses: they fail the verdict. */
  outside: F[];
  /** Findings an entry excuses, with the entry and its reason. */
  known: (F & { known: KnownBy })[];
  outcome?: ClientBaselineOutcome;
}

/** The operation of a finding as baselines write it ('GET /users'); the operationId itself when the table does not hold it. */
export function findingOperation(f: Pick<ClientFindingFacts, 'operationId'>): string {
  try {
    return clientOperation(f.operationId);
  } catch {
    return f.operationId;
  }
}

function excuses(entry: BaselineEntry, f: ClientFindingFacts): boolean {
  if (entry.finding !== f.kind) return false;
  if (entry.operations && !entry.operations.includes(findingOperation(f))) return false;
  return !entry.parameters || entry.parameters.includes(f.parameter);
}

/** Splits the findings into known (an active client entry excuses them) and outside the baseline; no baseline: all outside. */
export function applyClientBaseline<F extends ClientFindingFacts>(
  findings: readonly F[],
  baseline: Baseline | undefined,
  today: string,
): AppliedClientBaseline<F> {
  if (!baseline) return { outside: [...findings], known: [] };
  const outcome: ClientBaselineOutcome = { file: baseline.file, applied: [], seen: {}, stale: [], expired: [], unused: [] };
  const active = baseline.known.filter((e) => e.finding !== undefined && e.expires >= today);
  const count = new Map<BaselineEntry, number>();
  const outside: F[] = [];
  const known: AppliedClientBaseline<F>['known'] = [];
  for (const f of findings) {
    const by = active.find((e) => excuses(e, f));
    if (!by) {
      outside.push(f);
      continue;
    }
    count.set(by, (count.get(by) ?? 0) + 1);
    known.push({ ...f, known: { entries: [entryLabel(by)], reason: by.reason, expires: by.expires } });
  }
  for (const entry of baseline.known) {
    const label = entryLabel(entry);
    const n = count.get(entry) ?? 0;
    if (entry.finding === undefined) outcome.unused.push(label);
    else if (entry.expires < today) outcome.expired.push(label);
    else if (n > 0) {
      outcome.applied.push(label);
      outcome.seen[label] = n;
    } else outcome.stale.push(label);
  }
  return { outside, known, outcome };
}

/** The part of a client report adopting reads (client-report.json: its findings, known ones included). */
export interface AdoptableClientReport {
  findings: ClientFindingFacts[];
  knownFindings?: ClientFindingFacts[];
  /** certify-client's command (its argv), named in the adopted file's comment. */
  command?: { argv?: string[] };
}

/** Is this JSON a client report (`serve --strict` or `certify-client`), not a summary.json? */
export function isClientReport(json: unknown): json is AdoptableClientReport {
  const r = json as { findings?: unknown; failures?: unknown } | null;
  return !!r && typeof r === 'object' && Array.isArray(r.findings) && !Array.isArray(r.failures);
}

/**
 * The client entries that excuse exactly these findings: one per kind and operation, narrowed to
 * the parameters seen there (so the same run passes, and a new parameter or operation does not).
 */
export function adoptClientFindings(
  report: AdoptableClientReport,
  o: { from: string; reason: string; expires: string },
): { known: BaselineEntry[]; counts: Record<string, number> } {
  const groups = new Map<string, { kind: string; operation: string; parameters: Set<string>; n: number }>();
  for (const f of [...report.findings, ...(report.knownFindings ?? [])]) {
    if (typeof f?.kind !== 'string' || typeof f.operationId !== 'string' || typeof f.parameter !== 'string')
      throw new KitError('INPUT_UNREADABLE', `${o.from}: a finding without kind, operationId and parameter: ${JSON.stringify(f)}`);
    const operation = findingOperation(f);
    const key = `${f.kind} ${operation}`;
    const group = groups.get(key) ?? { kind: f.kind, operation, parameters: new Set<string>(), n: 0 };
    group.parameters.add(f.parameter);
    group.n++;
    groups.set(key, group);
  }
  const known: BaselineEntry[] = [];
  const counts: Record<string, number> = {};
  for (const key of [...groups.keys()].sort()) {
    const g = groups.get(key)!;
    const operations = /^(GET|POST|PUT|DELETE) \//.test(g.operation) ? [g.operation] : undefined;
    const entry: BaselineEntry = {
      finding: g.kind,
      ...(operations && { operations }),
      parameters: [...g.parameters].sort(),
      reason: o.reason,
      expires: o.expires,
    };
    known.push(entry);
    counts[entryLabel(entry)] = g.n;
  }
  return { known, counts };
}
