/**
 * allure-vitest's reporter, writing its results without an fsync per file. Its own writer
 * writes each result to a temporary file, flushes it to disk and renames it, synchronously, in
 * vitest's main process: some 640 flushes per certification, each holding up every worker's
 * messages to that process while the disk answers (issue 11 bench: 0.4 s of its CPU, more on slow
 * disks). A certification's reports are read once the run is over (the leak scan, allure
 * generate), by which time plain writes are in the files.
 *
 *   reporters: [new AllureReporter({ resultsDir: 'reports/allure-results' })]
 */
import { mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import AllureVitestReporter from 'allure-vitest/reporter';

type Config = ConstructorParameters<typeof AllureVitestReporter>[0];

interface Writer {
  writeAttachment(name: string, content: Buffer | string): void;
  writeAttachmentFromPath(name: string, from: string): void;
  writeGroup(result: { uuid: string }): void;
  writeResult(result: { uuid: string }): void;
  [other: string]: unknown;
}

/**
 * The per-test writes (results, containers, attachments) as plain writes; the rest (written once
 * a run: environment, categories, globals) left to allure's own writer.
 */
export function plainWrites(own: Writer, resultsDir: string): Writer {
  let made = false;
  const path = (name: string) => {
    if (!made) mkdirSync(resultsDir, { recursive: true });
    made = true;
    return join(resultsDir, name);
  };
  // allure's writer underneath (its own state and every other method), these four on top.
  return Object.assign(Object.create(own) as Writer, {
    writeAttachment: (name: string, content: Buffer | string) => writeFileSync(path(name), content),
    writeAttachmentFromPath: (name: string, from: string) => copyFileSync(from, path(name)),
    writeGroup: (r: { uuid: string }) => writeFileSync(path(`${r.uuid}-container.json`), JSON.stringify(r)),
    writeResult: (r: { uuid: string }) => writeFileSync(path(`${r.uuid}-result.json`), JSON.stringify(r)),
  });
}

export class AllureReporter extends AllureVitestReporter {
  constructor(private readonly options: Config & { resultsDir: string }) {
    super(options);
  }

  override onInit(vitest: Parameters<AllureVitestReporter['onInit']>[0]): void {
    super.onInit(vitest);
    // The runtime writes everything after start-up through its `writer`.
    // (allure-vitest 3's runtime; another version without one keeps its own writer.)
    const runtime = (this as unknown as { allureReporterRuntime?: { writer?: Writer } }).allureReporterRuntime;
    if (runtime?.writer) runtime.writer = plainWrites(runtime.writer, this.options.resultsDir);
  }
}
