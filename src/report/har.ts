/**
 * The run's HAR (CONFORMANCE_HAR=1): the workers and the main process (preflight, provisioning,
 * probe, cleanup) append redacted entries to
 * <reports>/har-parts/*.jsonl, each secret as a keyed placeholder of its own (`[redacted:<16 hex>]`,
 * kit/recorder.ts); at the end they are assembled, in time order, into <reports>/run.har, the
 * placeholders numbered `[redacted-1]`, `[redacted-2]`... in order of first appearance, and the
 * parts removed. The same credential is the same number throughout the run's HAR: a reader
 * (observe --har) tells the callers apart, and learns no credential.
 *
 *   const file = assembleHar('reports', '0.1.0');  // 'reports/run.har', or undefined without parts
 *   numberPlaceholders('a [redacted:00aa..] b [redacted:11bb..] c [redacted:00aa..]')  // 'a [redacted-1] b [redacted-2] c [redacted-1]'
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEYED_PLACEHOLDER } from '../shared/redact.ts';

/**
 * Each keyed placeholder of a text as `[redacted-N]`, N counting distinct placeholders in order of first appearance
 * (`numbers`: the numbers given so far, shared by the texts of one HAR).
 */
export function numberPlaceholders(text: string, numbers = new Map<string, number>()): string {
  return text.replace(KEYED_PLACEHOLDER, (_all, hash: string) => {
    let n = numbers.get(hash);
    if (n === undefined) numbers.set(hash, (n = numbers.size + 1));
    return `[redacted-${n}]`;
  });
}

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
  const numbers = new Map<string, number>();
  const numbered = entries.map((e) => withSize(numberedStrings(e, numbers)));
  const file = join(reportsDir, 'run.har');
  writeFileSync(
    file,
    JSON.stringify(
      { log: { version: '1.2', creator: { name: 'api-v4-conformance', version: kitVersion }, pages: [], entries: numbered } },
      null,
      1,
    ),
  );
  rmSync(dir, { recursive: true, force: true });
  return file;
}

/** A part's entry with every string's placeholders numbered, in the order JSON writes them. */
function numberedStrings<T>(value: T, numbers: Map<string, number>): T {
  if (typeof value === 'string') return numberPlaceholders(value, numbers) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => numberedStrings(v, numbers)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numberedStrings(v, numbers)])) as T;
}

/** The answer's content.size made the numbered text's (a placeholder's length changed), unless the text was cut (`_cut`: the whole answer's size stays). */
function withSize<T>(entry: T): T {
  const content = (entry as { response?: { content?: { size?: number; text?: unknown; _cut?: boolean } } }).response?.content;
  if (content && typeof content.text === 'string' && content._cut !== true) content.size = Buffer.byteLength(content.text);
  return entry;
}
