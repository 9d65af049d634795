/**
 * vitest config of `npm run mutation`: the catalogue as projects (see projects.ts).
 * MUTATION_ONLY=id,id narrows to some faults; MUTATION_HEALTHY=0 leaves out the healthy run.
 */
import { defineConfig } from 'vitest/config';
import { CATALOGUE } from './catalogue.ts';
import { faultProjects } from './projects.ts';

const only = (process.env.MUTATION_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const faults = only.length ? CATALOGUE.filter((f) => only.includes(f.id)) : CATALOGUE;

export default defineConfig({
  test: {
    // Each fault's project transforms the same modules: the transforms are cached on disk once for all of them.
    experimental: { fsModuleCache: true },
    // Fault runs wait on the network and on polls far more than they compute: more workers than cores.
    maxWorkers: Number(process.env.MUTATION_WORKERS ?? 6),
    projects: faultProjects(faults, process.env.MUTATION_HEALTHY !== '0'),
  },
});
