/**
 * vitest's Node API (startVitest), loaded by node itself when the CLI offers a native import. In a
 * checkout, bin/conformance.js runs the TypeScript through tsx, and whatever those modules import
 * goes through tsx's loader too: vitest, vite and rolldown loaded that way cost about 0.5 s more
 * CPU per certification (issue 11 bench). The bin hands its own import() over under NATIVE_IMPORT; the
 * installed package runs plain JavaScript and needs none. Nothing the CLI loads may import
 * vitest's runtime ('vitest') itself: a second copy would not share the run's state.
 *
 *   const { startVitest } = await loadVitestNode();
 */
export const NATIVE_IMPORT = Symbol.for('api-v4-conformance.native-import');

type NativeImport = (specifier: string) => Promise<unknown>;

export async function loadVitestNode(): Promise<typeof import('vitest/node')> {
  const native = (globalThis as { [NATIVE_IMPORT]?: NativeImport })[NATIVE_IMPORT];
  return (native ? native('vitest/node') : import('vitest/node')) as Promise<typeof import('vitest/node')>;
}
