/**
 * What `conformance serve` says of a server that is not the plain spec.
 *
 *   npx vitest run src/run/reference-env.test.ts
 */
import { expect, it } from 'vitest';
import { referenceOptionsChecked, servedVariations } from './reference-env.ts';

it('names the faults switched on, the platform profile and the capabilities set; nothing for the plain spec', () => {
  expect(servedVariations(referenceOptionsChecked({}), 'spec')).toEqual([]);
  const lines = servedVariations(
    referenceOptionsChecked({ REFERENCE_FAULTS: 'broadcast.ignores-color,status.create-200', REFERENCE_CLUSTERS_HIDDEN: '1' }),
    'platform',
  );
  expect(lines).toEqual([
    'Faults switched on (REFERENCE_FAULTS): broadcast.ignores-color, status.create-200: this server breaks the spec on purpose',
    "Platform profile: the real platform's known departures from the spec are on (src/reference/FIDELITY.md)",
    'Capabilities set: REFERENCE_CLUSTERS_HIDDEN',
  ]);
});
