/**
 * What a suite test carries to the reporters (vitest task meta), and what a failure records.
 * The clause-test helper writes it in the worker; src/report reads it in the main process.
 *
 *   testCase.meta().conformance  // { clause: 'broadcast.list.status', failure?: {...} }
 */
export interface ExchangeSummary {
  method: string;
  url: string; // redacted
  status: number | null; // null when no response arrived
  headers: Record<string, string>; // response headers, redacted
  bodyExcerpt: string; // first bytes of the response body, redacted
}

export interface FailureRecord {
  /** The requirement in words, e.g. "The server MUST answer 201." */
  requirement: string;
  expected?: string;
  actual?: string;
  /** The clause whose rule a check found broken, when it is not the test's own (a format rule, a view's shape). */
  violates?: string;
  /** The fields the failing check found wrong, when it could name them all ('bio_html', 'platform_kubernetes.namespace'). */
  fields?: string[];
  /** The resource those fields belong to ('epic'), when the check knew it: a baseline entry may excuse a field of a resource wherever it is judged. */
  resource?: string;
  /** The spec operation of the judged exchange ('GET /users/:id/gpg_keys'), when it is one. */
  operation?: string;
  /** A check of requests sent together failed (a race check): a baseline entry narrowed to races may excuse it. */
  race?: true;
  /** The exchange the failing check judged (else the test's last), redacted. */
  exchange?: ExchangeSummary;
  /** A curl command replaying that exchange, token shown as [redacted]; for a property, one per request of its shrunk counterexample, one per line. */
  reproduce?: string;
  /** A failed property's shrunk counterexample (JSON). */
  counterexample?: string;
}

export interface ConformanceMeta {
  clause: string;
  /** Reason when the test was skipped (area skipped, capability absent). */
  skipReason?: string;
  failure?: FailureRecord;
  /** Number of HTTP exchanges the test made. */
  requests?: number;
  /** HTTP exchanges its process made since the test before it ended (the hooks that ran in between): counted into the run's total. */
  setupRequests?: number;
  /** Facts about the target the test met that are no failure, said once in the summary (recorder.ts: noteForRun). */
  notes?: string[];
  /** The authorization matrix's cell the test checks (src/spec/authorization-matrix.ts): operation and caller. */
  cell?: { operation: string; caller: string };
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}
