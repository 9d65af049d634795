/**
 * What a run covered, and whether that makes it a certification (sonobuoy's certified mode): no
 * suite, file or name filter, no shard of a split run, no area or offered capability skipped. A
 * run that passes without being one is PARTIAL, never PASS, so a gate cannot mistake a filtered or
 * sharded run for a certificate.
 *
 *   const scope = runScope({ suites: ['users'], filters: [], skip: [] }, summary.capabilities);
 *   scope.certified        // false
 *   scope.partialReasons   // ['only the suites users']
 */
import type { CapabilityReport } from '../kit/capabilities.ts';

/** The run's configuration as far as coverage goes: what was asked for, as given. */
export interface RunScopeInput {
  /** Suite folders (--suite). */
  suites?: readonly string[];
  /** File filters given on the command line. */
  filters?: readonly string[];
  /** --grep: a pattern over test titles. */
  grep?: string;
  /** --shard i/n. */
  shard?: string;
  /** CONFORMANCE_SKIP: areas and capabilities declared skipped. */
  skip?: readonly string[];
}

export interface RunScope extends RunScopeInput {
  /** True when the run certified everything the target offers. */
  certified: boolean;
  /** Why the run is partial, one short phrase each (empty when certified). */
  partialReasons: string[];
}

/** The run's scope; capabilities skipped by a declaration but offered by the target make it partial too. */
export function runScope(input: RunScopeInput, capabilities: readonly CapabilityReport[] = []): RunScope {
  const reasons: string[] = [];
  if (input.suites?.length) reasons.push(`only the suites ${input.suites.join(', ')}`);
  if (input.filters?.length) reasons.push(`only the files matching ${input.filters.join(', ')}`);
  if (input.grep) reasons.push(`only the tests matching --grep ${JSON.stringify(input.grep)}`);
  if (input.shard) reasons.push(`shard ${input.shard} of a split run (merge the shards' reports for the whole run)`);
  const capabilityIds = new Set(capabilities.map((c) => c.id));
  const areas = (input.skip ?? []).filter((a) => !capabilityIds.has(a));
  if (areas.length) reasons.push(`areas skipped by CONFORMANCE_SKIP: ${areas.join(', ')}`);
  const offered = capabilities.filter((c) => c.declared && c.probed === 'offered').map((c) => c.id);
  if (offered.length) reasons.push(`skipped though the target offers them: ${offered.join(', ')}`);
  const scope: RunScope = { certified: reasons.length === 0, partialReasons: reasons };
  for (const key of ['suites', 'filters', 'skip'] as const) if (input[key]?.length) scope[key] = [...input[key]!];
  if (input.grep) scope.grep = input.grep;
  if (input.shard) scope.shard = input.shard;
  return scope;
}
