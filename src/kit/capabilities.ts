/**
 * Optional capabilities of a target (clusters, epics, dependencies): probed once at the start of
 * a run through the API, on a private group and project of the run's own. A capability the
 * target lacks fails its clauses unless the user declared it (CONFORMANCE_SKIP=clusters...); a
 * declared one turns its clauses into skips with the reason; the summary shows both side by side
 * and flags a declared skip of something the target does offer.
 *
 *   const caps = await probeCapabilities(admin, { runPrefix, ledgerPath });  // run/probe.ts
 *   capabilityVerdict('clusters.list.status', caps, ['clusters'])  // { action: 'skip', reason } | ...
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

/**
 * What a clause test does given the capabilities and CONFORMANCE_SKIP: a clause that tests a
 * capability's absence always runs; a declared capability or area skips; an absent, undeclared
 * capability fails.
 */
export function capabilityVerdict(clause: string, states: readonly CapabilityState[], declared: readonly string[]): CapabilityAction {
  const area = clause.split('.')[0] ?? clause;
  if (CAPABILITIES.some((spec) => spec.except?.includes(clause))) return { action: 'run' };
  for (const spec of CAPABILITIES) {
    if (!spec.areas.includes(area)) continue;
    const state = states.find((s) => s.id === spec.id);
    if (declared.includes(spec.id) || spec.areas.some((a) => declared.includes(a))) {
      return { action: 'skip', reason: `${spec.description}: declared absent by CONFORMANCE_SKIP` };
    }
    if (state?.probed === 'absent') {
      return {
        action: 'fail',
        reason: `The target does not offer ${spec.description} (${state.detail}). If that is intended, declare it: CONFORMANCE_SKIP=${spec.id}.`,
      };
    }
  }
  if (declared.includes(area)) return { action: 'skip', reason: `area "${area}" skipped by CONFORMANCE_SKIP` };
  return { action: 'run' };
}

export interface CapabilityReport extends CapabilityState {
  declared: boolean;
  /** Set when a declared skip hides a capability the target offers. */
  flag?: string;
}

export function capabilityReport(states: readonly CapabilityState[], declared: readonly string[]): CapabilityReport[] {
  return CAPABILITIES.map((spec) => {
    const state = states.find((s) => s.id === spec.id) ?? { id: spec.id, probed: 'unknown' as const, detail: 'not probed' };
    const isDeclared = declared.includes(spec.id) || spec.areas.some((a) => declared.includes(a));
    const out: CapabilityReport = { ...state, declared: isDeclared };
    if (isDeclared && state.probed === 'offered')
      out.flag = `declared absent, but the target offers it (${state.detail}): its clauses were skipped for nothing`;
    return out;
  });
}
