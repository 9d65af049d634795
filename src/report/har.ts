/**
 * The run's HAR (CONFORMANCE_HAR=1): the workers append redacted entries to
 * <reports>/har-parts/*.jsonl; at the end they are assembled, in time order, into <reports>/run.har
 * and the parts removed.
 *
 *   const file = assembleHar('reports', '0.1.0');  // 'reports/run.har', or undefined without parts
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function assembleHar(reportsDir: string, kitVersion: string): string | undefined {
  const dir = join(reportsDir, 'har-parts');
  if (!existsSync(dir)) return undefined;
  const entries: { startedDateTime: string }[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) {
      if (line)
        try {
          entries.push(JSON.parse(line));
        } catch {
          /* a line cut by a killed worker */
        }
    }
  }
  entries.sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  const file = join(reportsDir, 'run.har');
  writeFileSync(
    file,
    JSON.stringify({ log: { version: '1.2', creator: { name: 'api-v4-conformance', version: kitVersion }, pages: [], entries } }, null, 1),
  );
  rmSync(dir, { recursive: true, force: true });
  return file;
}
