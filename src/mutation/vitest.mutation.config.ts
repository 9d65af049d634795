/**
 * vitest config of `npm run mutation`: the catalogue as projects (see projects.ts).
 * MUTATION_ONLY=id,id narrows to some faults; MUTATION_HEALTHY=0 leaves out the healthy run.
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { CATALOGUE } from './catalogue.ts';
import { faultProjects } from './projects.ts';

const only = (process.env.MUTATION_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const faults = only.length ? CATALOGUE.filter((f) => only.includes(f.id)) : CATALOGUE;

/**
 * Files in the catalogue's order (the healthy run first): the faults end roughly in that order, so a caller that
 * waits for each fault in turn (catalogue-caught.test.ts) bounds each by its own time, not by the whole run's.
 */
class CatalogueOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = new Map(faultProjects(faults, true).map((p, i) => [p.test?.name, i]));
    const at = (f: TestSpecification) => rank.get(f.project.name) ?? rank.size;
    return [...sorted].sort((a, b) => at(a) - at(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: CatalogueOrder },
    // Each fault's project transforms the same modules: the transforms are cached on disk once for all of them.
    experimental: { fsModuleCache: true },
    // Fault runs wait on the network and on polls far more than they compute: more workers than cores.
    maxWorkers: Number(process.env.MUTATION_WORKERS ?? 6),
    projects: faultProjects(faults, process.env.MUTATION_HEALTHY !== '0'),
  },
});
