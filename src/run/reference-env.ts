/**
 * The bundled reference's REFERENCE_* settings checked before it starts, and its listen errors,
 * as one-line kit errors (exit 2) instead of a Node stack trace: an unknown fault id (with the
 * nearest known one), an unknown profile, a malformed number, a port in use.
 *
 *   const options = referenceOptionsChecked(process.env);   // KitError: REFERENCE_FAULTS: unknown fault "status.create-20"; did you mean status.create-200? ...
 *   await startReferenceServer({ ...options, port }).catch(listenFailure('127.0.0.1', port));
 */
import { didYouMean } from '../shared/did-you-mean.ts';
import { KitError } from '../shared/errors.ts';
import { referenceOptionsFromEnv } from '../reference/env-options.ts';
import { FAULTS, isFaultId } from '../reference/faults.ts';
import type { ReferenceOptions } from '../reference/index.ts';
import { CAPABILITY_VARIATIONS } from '../reference/variation/registry.ts';

const PROFILES = ['spec', 'platform'];

/** referenceOptionsFromEnv, with every REFERENCE_* value it reads checked first. */
export function referenceOptionsChecked(env: NodeJS.ProcessEnv): ReferenceOptions {
  const ids = FAULTS.map((f) => f.id);
  for (const id of (env.REFERENCE_FAULTS ?? '').split(',').map((s) => s.trim())) {
    if (id && !isFaultId(id)) {
      throw new KitError(
        'CONFIG_INVALID',
        `REFERENCE_FAULTS: unknown fault "${id}"${didYouMean(id, ids)} (the ids are those of src/reference/faults.ts: FAULTS, ${ids.length} of them)`,
      );
    }
  }
  const profile = env.REFERENCE_PROFILE;
  if (profile && !PROFILES.includes(profile)) {
    throw new KitError('CONFIG_INVALID', `REFERENCE_PROFILE must be spec or platform, got "${profile}"`);
  }
  try {
    return referenceOptionsFromEnv(env);
  } catch (e) {
    throw new KitError('CONFIG_INVALID', (e as Error).message);
  }
}

/** A catch handler for the server's start: a port in use or refused, or a host that is not this machine's, is a kit error. */
export function listenFailure(host: string, port: number): (e: unknown) => never {
  return (e) => {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new KitError('USAGE', `port ${port} on ${host} is in use: stop what listens there or choose another --port`);
    if (code === 'EACCES')
      throw new KitError('USAGE', `port ${port} on ${host} needs privileges this user lacks: choose a port above 1023 with --port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw new KitError('USAGE', `--host ${host} is not an address of this machine (127.0.0.1, 0.0.0.0 or one of its interfaces)`);
    throw e;
  };
}

/**
 * What `conformance serve` says beside its address when the server is not the plain spec: the faults
 * switched on (it departs from the spec on purpose), the profile, the capabilities set.
 *
 *   servedVariations({ faults: ['broadcast.ignores-color'] }, 'spec')
 *   // ['Faults switched on (REFERENCE_FAULTS): broadcast.ignores-color: this server breaks the spec on purpose']
 */
export function servedVariations(options: ReferenceOptions, profile: string): string[] {
  const lines: string[] = [];
  const faults = [...(options.faults ?? [])];
  if (faults.length) lines.push(`Faults switched on (REFERENCE_FAULTS): ${faults.join(', ')}: this server breaks the spec on purpose`);
  if (profile === 'platform')
    lines.push("Platform profile: the real platform's known departures from the spec are on (src/reference/FIDELITY.md)");
  const on = CAPABILITY_VARIATIONS.filter((c) => options[c.option]).map((c) => c.env);
  if (on.length) lines.push(`Capabilities set: ${on.join(', ')}`);
  return lines;
}
