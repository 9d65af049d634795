/**
 * `npm run generate`: writes baselines/platform.json and FIDELITY.md's departures table from the
 * platform profile's declarations (platform-artefacts.ts). Run it after adding or changing a
 * platform departure; platform-artefacts.test.ts fails until the committed files match.
 *
 *   npm run generate
 */
import { writePlatformArtefacts } from './platform-artefacts.ts';

for (const file of await writePlatformArtefacts()) console.log(`wrote ${file}`);
