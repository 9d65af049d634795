/**
 * The house's import rules, checked by `npm run lint` (dependency-cruiser): no import circle, and
 * no import from a lower layer to a higher one (README, Layout). Tests and test support may reach
 * across layers (a reference test builds keys with the kit's generators).
 *
 *   npx depcruise src suites --config .dependency-cruiser.cjs
 */
const TEST = '(\\.test\\.ts$|\\.fault-cases\\.ts$|/testing\\.ts$|/fixtures/|^src/reference/robustness/)';

/** Each layer and what it may import besides itself and node_modules. */
const LAYERS = [
  { name: 'shared', path: '^src/shared/', may: [] },
  { name: 'spec', path: '^src/spec/', may: ['src/shared'] },
  { name: 'kit', path: '^src/kit/', may: ['src/shared', 'src/spec'] },
  { name: 'reference', path: '^src/reference/', may: ['src/shared', 'src/spec'] },
  { name: 'report', path: '^src/report/', may: ['src/shared', 'src/spec', 'src/kit'] },
  { name: 'run', path: '^src/run/', may: ['src/shared', 'src/spec', 'src/kit', 'src/reference', 'src/report'] },
  { name: 'suites', path: '^suites/', may: ['src/kit', 'src/spec', 'src/shared'] },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other: split out what both need.',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.map((layer) => ({
      name: `layer-${layer.name}`,
      severity: 'error',
      comment: `${layer.path} may import only ${[layer.path.slice(1), ...layer.may].join(', ')} (README, Layout).`,
      from: { path: layer.path, pathNot: TEST },
      to: { path: '^(src|suites)/', pathNot: [layer.path, ...layer.may.map((p) => `^${p}/`)] },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|reports)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
