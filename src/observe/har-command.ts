/**
 * `conformance observe --har FILE...`: recorded traffic judged (har-input.ts), no proxy and no
 * upstream. The files are --har's values and the positional arguments after it; the flags of a live
 * observation (--upstream, --port, --listen, --duration, --drain, --ca-file, --preserve-host, --identify-callers) are a
 * usage error beside --har (exit 2, one line), as is a file that is not a HAR.
 *
 *   conformance observe --har reports/run.har --reports-dir reports/har-judged
 *   conformance observe --har monday.har tuesday.har --baseline baselines/platform.json --relative-url-root /gitlab
 */
import { loadBaselineFile } from '../report/baseline.ts';
import { prepareReportsDir } from '../run/reports-dir.ts';
import { KitError } from '../shared/errors.ts';
import { judgeHar } from './har-input.ts';

/** observe's flags that only a live observation takes. */
const LIVE_ONLY = ['upstream', 'port', 'listen', 'duration', 'drain', 'ca-file', 'preserve-host', 'identify-callers'] as const;

interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export async function harCommand({ values, positionals }: Parsed, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  for (const flag of LIVE_ONLY)
    if (values[flag] !== undefined)
      throw new KitError('USAGE', `--har judges recorded traffic, without an upstream: --${flag} is for a live observation`);
  const har = values.har;
  const files = [...(Array.isArray(har) ? har : typeof har === 'string' ? [har] : []), ...positionals];
  if (files.some((f) => f.trim() === '')) throw new KitError('USAGE', '--har needs a file');
  const reportsDir = (values['reports-dir'] as string | undefined) ?? env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  prepareReportsDir(reportsDir);
  const baselineFile = (values.baseline as string | undefined) ?? env.CONFORMANCE_BASELINE;
  const baseline = baselineFile ? loadBaselineFile(baselineFile) : undefined;
  const {
    summary,
    files: written,
    exitCode,
  } = await judgeHar(files, {
    reportsDir,
    baseline,
    relativeUrlRoot: values['relative-url-root'] as string | undefined,
    showValues: values['show-values'] === true,
  });
  const c = summary.counts;
  const r = summary.recorded!;
  for (const note of r.notes) console.log(`Note: ${note}.`);
  console.log(
    `${summary.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${summary.server.length} server finding(s)${summary.known.length ? ` (+${summary.known.length} known)` : ''}, ` +
      `${summary.client.length} client finding(s); ${r.entries} recorded exchanges of ${r.files.length} file(s), ${c.judged} judged, ` +
      `${c.outsideSpec} outside the spec, ${c.notApi} outside the API, ${c.bodyNotJudged} answers judged without their body (left out of the recording). Report: ${written[1]}`,
  );
  return exitCode;
}
