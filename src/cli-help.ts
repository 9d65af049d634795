/**
 * The command line's own answers, before any command runs: `--version`, `<command> --help` (that
 * command's lines of the usage text), and one-line usage errors with a "did you mean".
 *
 *   const early = helpOrVersion(['certify', '--help'], USAGE, console.log);   // prints certify's usage: 0
 *   helpOrVersion(['serve', '--help'], USAGE, console.log, { serve: SERVE_HELP });   // serve's usage and its options
 *   throw unknownCommand('certfy', USAGE);   // conformance: unknown command "certfy"; did you mean certify? ...
 *
 * The commands are read from the usage text itself (its `  conformance NAME` lines), so a command
 * added there has its --help and takes part in "did you mean" with nothing else to change.
 */
import { readFileSync } from 'node:fs';
import { FLAGS, SWITCHES, VARIABLES } from './run/config.ts';
import { SETTING_KEYS } from './kit/settings.ts';
import { didYouMean } from './shared/did-you-mean.ts';
import { KitError } from './shared/errors.ts';

const COMMAND_LINE = /^ {2}conformance (\S+)/;

/** The commands the usage text names, in its order. */
export function commandsOf(usage: string): string[] {
  return [...new Set(usage.split('\n').flatMap((line) => COMMAND_LINE.exec(line)?.[1] ?? []))];
}

/** One command's lines of the usage text (its line and the indented lines that continue it). */
export function commandUsage(usage: string, command: string): string | undefined {
  const lines = usage.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (COMMAND_LINE.exec(lines[i]!)?.[1] !== command) continue;
    out.push(lines[i]!);
    while (i + 1 < lines.length && /^ {3,}\S/.test(lines[i + 1]!) && !COMMAND_LINE.test(lines[i + 1]!)) out.push(lines[++i]!);
  }
  return out.length ? `Usage:\n${out.join('\n')}` : undefined;
}

/** The kit's version, from its package.json (one folder up from src/ and from dist/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** The configuration flags, each with its variable, from the settings' rows (certify's and cleanup's --help). */
export function configFlagsHelp(): string {
  const width = Math.max(...SETTING_KEYS.map((k) => FLAGS[k].length + (SWITCHES.has(k) ? 0 : 6)));
  const rows = SETTING_KEYS.map((k) => `  ${`${FLAGS[k]}${SWITCHES.has(k) ? '' : ' VALUE'}`.padEnd(width)}  ${VARIABLES[k]}`);
  return `Configuration (a flag beats its variable, read from the environment and .env; docs/configuration.md):\n${rows.join('\n')}`;
}

/** serve's lines under its usage: the stand-in options, each in short (docs/reference-server.md says more). */
export const SERVE_HELP = `The bundled reference server; prints "Reference server listening on URL (API at URL/api/v4)" once it answers
(with --port 0, the free port it took). As a stand-in for a client's tests (docs/reference-server.md,
"As a stand-in for a client's tests"):
  --strict              judge each request against its operation (unknown parameter, wrong type or format,
                        token in the query, per_page over the maximum...); still answered as the platform would
  --client-report PATH  under --strict, where the findings go at exit: PATH.json and PATH.md (reports/client-report)
  --data SEED.json      start from declared users (with tokens), groups, projects, members, epics, variables, keys;
                        POST /-/reference/reset (admin token) returns to it
  --ops-faults SPEC     faults for the client's error handling, KIND[=ARG]@ROUTE[:RATE],... (KIND 429=SECONDS,
                        429-reset=SECONDS, 500, 502, 503, delay=MS, drop, truncate), e.g. '429=2@GET /users/:id:0.5'`;

/** observe's lines under its usage (docs/observe.md says more). */
export const OBSERVE_HELP = `A proxy (on 127.0.0.1 unless --listen) in front of an installation: forwards every request and answer byte for byte,
judges each answer (statuses, view schemas, Content-Type, pagination headers and Link, error bodies) and each
request (the strict judge), and on SIGINT/SIGTERM or after --duration writes summary.md, summary.json and
junit.xml (docs/observe.md). Exit 0: no server finding outside the baseline; 1: one or more; 2: bad input.
  --upstream URL     the installation's root (required); it must accept a connection at start
  --port N           where the proxy listens (default 0: a free port, named in the ready line)
  --reports-dir DIR  where the report goes (CONFORMANCE_REPORTS_DIR, else reports)
  --duration S       stop after S seconds (default: until SIGINT/SIGTERM)
  --baseline FILE    known departures, reported as known (CONFORMANCE_BASELINE)
  --preserve-host    forward the client's Host header as sent (behind a reverse proxy)
  --show-values      show the installation's values in findings (a test installation); default: placeholders
                     (<email>, <name>, <username>, <text>, <ip>) and shapes; credentials are never shown

  --listen HOST      the interface it listens on (default 127.0.0.1; 0.0.0.0 for a front server on another host)
  --ca-file PEM      CAs trusted for an https upstream, beside Node's and NODE_EXTRA_CA_CERTS's; the start-up
                     TLS handshake exits 2 naming a certificate it cannot trust
  --drain S          on SIGINT/SIGTERM, let the exchanges in flight finish for up to S seconds (default 30)
  --relative-url-root PATH  the installation's URL root (/gitlab): only PATH/api/v4/... is judged
  --identify-callers send one GET /user per new credential, with that credential and nothing else (read-only),
                     so that the answers whose view depends on the caller are judged from the first exchange;
                     without it callers are learnt from the clients' own GET /user (docs/observe.md, Callers)

  --har FILE...      judge recorded traffic instead (HAR 1.2: browsers, mitmproxy, CONFORMANCE_HAR=1's run.har),
                     no upstream and no proxy: same judge, report and exit codes; --reports-dir, --baseline,
                     --relative-url-root and --show-values apply, the live flags are a usage error

  --sample RATE      judge this fraction of the API exchanges (0 < RATE <= 1, default 1); the rest are counted as
                     sampled out. Judging never delays an answer: when the judges fall behind, exchanges are
                     forwarded and counted as shed
  --judges N         spare judge threads at the lowest priority (default 1), beside one steady judge
  --merge-reports DIR...  no proxy: one report (into --reports-dir) from the summary.json of several observes'
                     reports folders (one observe per front-end node); --baseline is applied to all again`;

/** certify-client's lines under its usage (docs/certify-client.md says more). */
export const CERTIFY_CLIENT_HELP = `A verdict for a client's own tests: starts the strict reference on a free port, runs COMMAND with
CONFORMANCE_CLIENT_URL (the server root) and CONFORMANCE_CLIENT_TOKEN (an administrator's token) in its
environment, stops the server when it ends and writes client-report.md, client-report.json and junit.xml.
PASS (exit 0) when COMMAND exited 0 and no client finding is outside the baseline; FAIL (exit 1) says which;
exit 2 when it cannot run. SIGINT/SIGTERM are passed on to COMMAND; the reports are still written.
  --data SEED.json      start from declared users (with tokens), groups, projects... (serve --data's format)
  --profile P           spec (default, or REFERENCE_PROFILE) or platform: the real platform's departures on
  --baseline FILE       known client findings ({"finding": KIND, "operations": [...], "parameters": [...]});
                        conformance baseline --from reports/client-report.json adopts a run's findings
  --reports-dir DIR     where the reports go (reports)`;

const HELP = new Set(['--help', '-h']);

/**
 * `--version`, `<command> --help` / `-h` anywhere before a `--`, and `help <command>`: the answer's
 * exit code (0), or undefined when the command line asks for neither. `more` adds text under a
 * command's usage (certify's configuration flags, say).
 */
export function helpOrVersion(
  argv: readonly string[],
  usage: string,
  print: (text: string) => void,
  more: Record<string, string> = {},
): number | undefined {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v' || first === 'version') {
    print(packageVersion());
    return 0;
  }
  if (first === '-h') {
    print(usage);
    return 0;
  }
  const options = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  const asked = first === 'help' ? rest[0] : options.some((a) => HELP.has(a)) ? first : undefined;
  if (asked === undefined) return undefined;
  const commands = commandsOf(usage);
  if (!commands.includes(asked)) throw unknownCommand(asked, usage);
  print([commandUsage(usage, asked)!, more[asked]].filter(Boolean).join('\n\n'));
  return 0;
}

export function unknownCommand(command: string, usage: string): KitError {
  const commands = commandsOf(usage);
  return new KitError(
    'USAGE',
    `unknown command "${command}"${didYouMean(command, commands)} (commands: ${commands.join(', ')}; conformance COMMAND --help for one)`,
  );
}

/** A node:util parseArgs error as one line: an unknown option with the nearest known one, or parseArgs' own message. */
export function argsError(e: unknown, options: Record<string, unknown>): KitError {
  const known = [...Object.keys(options).map((o) => `--${o}`), '--help'];
  const message = (e as Error).message;
  const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
  if (unknown !== undefined) {
    const name = unknown.replace(/=.*$/, '');
    return new KitError('USAGE', `unknown option ${name}${didYouMean(name, known)} (--help lists the options)`);
  }
  return new KitError('USAGE', `${message.split('\n')[0]} (--help lists the options)`);
}
