/**
 * Optional capabilities of a target (clusters, epics, dependencies), as Gateway API's profiles:
 * probed once at the start of a run through the API, on a private group and project of the run's
 * own. A capability the target does not offer has its clauses skipped as "not offered", unless the
 * user requires it (CONFORMANCE_REQUIRE=clusters...: then they fail); a capability declared absent
 * (CONFORMANCE_SKIP) is skipped without a probe's say. The summary and the verdict name what was
 * certified, and flag a declared skip of something the target does offer.
 *
 *   const caps = await probeCapabilities(admin, { runPrefix, ledgerPath });  // run/probe.ts
 *   capabilityVerdict('clusters.list.status', caps, [], ['clusters'])  // { action: 'fail', reason } | ...
 */

export interface CapabilitySpec {
  id: string;
  /** Clause areas that need it. */
  areas: string[];
  /** Clauses of those areas that do not need it (they test its absence). */
  except?: string[];
  description: string;
}

export const CAPABILITIES: readonly CapabilitySpec[] = [
  { id: 'clusters', areas: ['clusters'], description: 'project clusters (certificate-based clusters API)' },
  { id: 'epics', areas: ['epics', 'todos'], except: ['epics.auth.feature_unavailable'], description: 'group epics (premium)' },
  { id: 'deps', areas: ['deps'], description: 'project dependency list (alpha; security dashboard)' },
];

export type Probed = 'offered' | 'absent' | 'unknown';

export interface CapabilityState {
  id: string;
  probed: Probed;
  /** What the probe saw, e.g. "GET /projects/12/clusters answered 404". */
  detail: string;
}

export type CapabilityAction = { action: 'run' } | { action: 'skip' | 'fail'; reason: string };

/** True when CONFORMANCE_SKIP names the capability or one of its areas. */
function isDeclared(spec: CapabilitySpec, declared: readonly string[]): boolean {
  return declared.includes(spec.id) || spec.areas.some((a) => declared.includes(a));
}

/**
 * What a clause test does given the capabilities, CONFORMANCE_SKIP and CONFORMANCE_REQUIRE: a
 * clause that tests a capability's absence always runs; a declared capability or area skips; a
 * capability the target does not offer skips as not offered, or fails when it is required.
 */
export function capabilityVerdict(
  clause: string,
  states: readonly CapabilityState[],
  declared: readonly string[],
  required: readonly string[] = [],
): CapabilityAction {
  const area = clause.split('.')[0] ?? clause;
  if (CAPABILITIES.some((spec) => spec.except?.includes(clause))) return { action: 'run' };
  for (const spec of CAPABILITIES) {
    if (!spec.areas.includes(area)) continue;
    const state = states.find((s) => s.id === spec.id);
    if (isDeclared(spec, declared)) {
      return { action: 'skip', reason: `${spec.description}: declared absent by CONFORMANCE_SKIP` };
    }
    if (state?.probed !== 'absent') continue;
    if (required.includes(spec.id)) {
      return {
        action: 'fail',
        reason: `The target does not offer ${spec.description} (${state.detail}), which CONFORMANCE_REQUIRE=${spec.id} requires.`,
      };
    }
    return {
      action: 'skip',
      reason: `not offered by the target: ${spec.description} (${state.detail}); CONFORMANCE_REQUIRE=${spec.id} makes this a failure`,
    };
  }
  if (declared.includes(area)) return { action: 'skip', reason: `area "${area}" skipped by CONFORMANCE_SKIP` };
  return { action: 'run' };
}

/** How a capability came out of the run: its clauses judged, skipped as not offered or as declared, or failed as required. */
export type CapabilityOutcome = (typeof OUTCOMES)[number];
const OUTCOMES = ['certified', 'not offered', 'declared absent', 'required, not offered'] as const;

export interface CapabilityReport extends CapabilityState {
  declared: boolean;
  required: boolean;
  outcome: CapabilityOutcome;
  /** Set when a declared skip hides a capability the target offers. */
  flag?: string;
}

export function capabilityReport(
  states: readonly CapabilityState[],
  declared: readonly string[],
  required: readonly string[] = [],
): CapabilityReport[] {
  return CAPABILITIES.map((spec) => {
    const state = states.find((s) => s.id === spec.id) ?? { id: spec.id, probed: 'unknown' as const, detail: 'not probed' };
    const isRequired = required.includes(spec.id);
    const declaredAbsent = isDeclared(spec, declared);
    const outcome: CapabilityOutcome = declaredAbsent
      ? 'declared absent'
      : state.probed !== 'absent'
        ? 'certified'
        : isRequired
          ? 'required, not offered'
          : 'not offered';
    const out: CapabilityReport = { ...state, declared: declaredAbsent, required: isRequired, outcome };
    if (declaredAbsent && state.probed === 'offered')
      out.flag = `declared absent, but the target offers it (${state.detail}): its clauses were skipped for nothing`;
    return out;
  });
}

/** One line for the verdict: "certified: clusters, epics; not offered: deps". */
export function capabilityLine(report: readonly CapabilityReport[]): string {
  return OUTCOMES.map((outcome) => [outcome, report.filter((c) => c.outcome === outcome).map((c) => c.id)] as const)
    .filter(([, ids]) => ids.length)
    .map(([outcome, ids]) => `${outcome}: ${ids.join(', ')}`)
    .join('; ');
}
