/**
 * The `conformance` command line, thin: argv -> library calls -> exit code.
 *
 *   conformance certify [--base-url URL] [--admin-token T] [filters...]
 *   conformance serve [--port P] [--host H] [--admin-token T]
 *   conformance validate --schema NAME FILE|-
 *   conformance schemas
 *   conformance cleanup --base-url URL [--admin-token T]
 *   conformance openapi [--out FILE] [--base-url URL]
 *   conformance bench [--users N] [--duration S] [--no-certification]
 *   conformance observe --upstream URL [--port N] [--reports-dir DIR] [--duration S] [--baseline FILE]
 *   conformance observe --har FILE... [--reports-dir DIR] [--baseline FILE]
 *   conformance certify-client [--data FILE] [--profile P] [--baseline FILE] [--reports-dir DIR] -- COMMAND...
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { FLAGS, SWITCHES, type Config, type ConfigFlags } from './run/config.ts';
import { argsError, CERTIFY_CLIENT_HELP, configFlagsHelp, helpOrVersion, OBSERVE_HELP, SERVE_HELP, unknownCommand } from './cli-help.ts';
import { isKitError, KitError } from './shared/errors.ts';

// Each command below loads only what it runs: a certification does not wait for the reference
// server, the OpenAPI document and the rest to load (about 0.3 s of every `certify`).

const USAGE = `Usage (every command takes --help; conformance --version prints the kit's version):
  conformance certify [--base-url URL] [--admin-token TOKEN] [--reports-dir DIR] [--seed N] [--skip AREAS]
                      [--require CAPABILITIES] [--baseline FILE] [--suite NAME[,NAME]] [--grep PATTERN] [--shard i/n] [--merge-reports DIR]
                      [--progress lines|dot|verbose] [filter...]
  conformance serve [--port P] [--host H] [--admin-token TOKEN] [--profile spec|platform] [--strict] [--client-report PATH]
                    [--data SEED.json] [--ops-faults 'KIND[=ARG]@ROUTE[:RATE],...']
  conformance certify-client [--data SEED.json] [--profile spec|platform] [--baseline FILE] [--reports-dir DIR] -- COMMAND...
  conformance validate --schema NAME FILE|-
  conformance schemas
  conformance cleanup --base-url URL [--admin-token TOKEN] [--reports-dir DIR]
  conformance openapi [--out FILE] [--base-url URL]
  conformance baseline --from SUMMARY_JSON [--reason TEXT] [--expires YYYY-MM-DD] [--out FILE] [--force]
  conformance diff BEFORE_SUMMARY_JSON AFTER_SUMMARY_JSON [--markdown]
  conformance bench [--users N] [--duration SEC] [--rounds N] [--connections N] [--samples N]
                    [--latency MS] [--no-certification] [--reports-dir DIR] [suite filter...]
  conformance observe --upstream URL [--port N] [--reports-dir DIR] [--duration S] [--baseline FILE] [--preserve-host]
                      [--listen HOST] [--ca-file PEM] [--drain S] [--relative-url-root PATH] [--sample RATE] [--judges N]
                      [--identify-callers]
  conformance observe --har FILE... [--reports-dir DIR] [--baseline FILE] [--relative-url-root PATH] [--show-values]
  conformance observe --merge-reports DIR... [--reports-dir DIR] [--baseline FILE]`;

const BENCH_HELP = `Measures speed and memory against their targets (docs/benchmarks.md): 1-3 and 5 on the reference under load;
4 a full certification of a reference answering each request --latency MS late (50) at concurrency 12, <= 60 s;
6 the in-process certification, <= 15 s; 7 the kit's CPU per request in 4, a regression guard of <= 2.5 ms at
concurrency 12; 8 the reference's reset, median < 5 ms; 9 serve's start-up to its first answer, <= 1000 ms;
10-14 observe against a plain pass-through proxy at 50 connections: throughput >= 0.9x, p50 added <= 1 ms, judged and
shed at saturation, all judged at half the plain proxy's rate, RSS over 200,000 exchanges <= 1.1x.
--no-certification leaves out 4, 6 and 7; suite filters certify only those. Writes
reports/bench.json; exit 1 when a target or the guard is missed.`;

/** parseArgs options of every configuration flag, from the configuration's own table. */
const CONFIG_FLAGS: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries(
  (Object.keys(FLAGS) as (keyof Config)[]).map((key) => [FLAGS[key].slice(2), { type: SWITCHES.has(key) ? 'boolean' : 'string' }]),
);

function configFlags(v: Record<string, string | boolean | undefined>): ConfigFlags {
  const out: ConfigFlags = {};
  for (const key of Object.keys(FLAGS) as (keyof Config)[]) {
    const value = v[FLAGS[key].slice(2)];
    if (value !== undefined) out[key] = typeof value === 'boolean' ? (value ? '1' : '0') : value;
  }
  return out;
}

function parse(args: string[], options: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw argsError(e, options);
  }
}

/** A flag's value read by `read`: what it throws is a usage error (exit 2), named by the flag when its message does not say it. */
function flagValue<T>(read: () => T, flag?: string): T {
  try {
    return read();
  } catch (e) {
    if (isKitError(e)) throw e;
    const message = (e as Error).message;
    throw new KitError('USAGE', flag && !message.startsWith(flag) ? `${flag}: ${message}` : message);
  }
}

async function serve(args: string[]): Promise<number> {
  const { values } = parse(args, {
    port: { type: 'string' },
    host: { type: 'string' },
    'admin-token': { type: 'string' },
    profile: { type: 'string' },
    strict: { type: 'boolean' },
    'client-report': { type: 'string' },
    data: { type: 'string' },
    'ops-faults': { type: 'string' },
  });
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new KitError('USAGE', `--port must be a port number, got "${values.port}"`);
  const profile = (values.profile as string | undefined) ?? process.env.REFERENCE_PROFILE ?? 'spec';
  if (profile !== 'spec' && profile !== 'platform') throw new KitError('USAGE', `--profile must be spec or platform, got "${profile}"`);
  const { referenceOptionsChecked, listenFailure, servedVariations } = await import('./run/reference-env.ts');
  const { startReferenceServer } = await import('./reference/index.ts');
  const fromEnv = referenceOptionsChecked(process.env);
  const given = (values['admin-token'] as string | undefined) || fromEnv.adminToken;
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  const strict = values.strict === true || fromEnv.strict === true;
  const clientReport = (values['client-report'] as string | undefined) ?? fromEnv.clientReport;
  const { seedDataFile, checkedOpsFaults } = await import('./reference/env-options.ts');
  const data = values.data === undefined ? fromEnv.data : flagValue(() => seedDataFile(values.data as string, '--data'));
  const opsFaults =
    values['ops-faults'] === undefined
      ? fromEnv.opsFaults
      : flagValue(() => checkedOpsFaults(values['ops-faults'] as string, '--ops-faults'));
  const ref = await startReferenceServer({
    ...fromEnv,
    host,
    port,
    adminToken: given,
    profile,
    strict,
    clientReport,
    data,
    opsFaults,
  }).catch(listenFailure(host, port));
  console.log(`Reference server listening on ${ref.url} (API at ${ref.apiUrl})${profile === 'platform' ? ', platform profile' : ''}`);
  for (const line of servedVariations(fromEnv, profile)) console.log(line);
  if (!given) console.log(`Administrator token (generated): ${ref.adminToken}`);
  await new Promise<void>((done) => {
    const stop = () => {
      void ref.close().then(done);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Reference server stopped.');
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const early = helpOrVersion(argv, USAGE, console.log, {
      certify: configFlagsHelp(),
      cleanup: configFlagsHelp(),
      bench: BENCH_HELP,
      serve: SERVE_HELP,
      observe: OBSERVE_HELP,
      'certify-client': CERTIFY_CLIENT_HELP,
    });
    if (early !== undefined) return early;
    switch (command) {
      case 'certify': {
        const { values, positionals } = parse(rest, {
          ...CONFIG_FLAGS,
          progress: { type: 'string' },
          suite: { type: 'string' },
          grep: { type: 'string' },
          shard: { type: 'string' },
          'merge-reports': { type: 'string' },
        });
        const progress = values.progress as string | undefined;
        if (progress !== undefined && !['lines', 'dot', 'verbose'].includes(progress)) {
          throw new KitError('USAGE', `--progress must be lines, dot or verbose, got "${progress}"`);
        }
        const { certify } = await import('./run/certify.ts');
        const result = await certify({
          flags: configFlags(values),
          filters: positionals,
          progress: progress as 'lines' | 'dot' | 'verbose' | undefined,
          suites: (values.suite as string | undefined)
            ?.split(',')
            .map((x) => x.trim())
            .filter(Boolean),
          grep: values.grep as string | undefined,
          shard: values.shard as string | undefined,
          mergeReports: values['merge-reports'] as string | undefined,
        });
        if (result.error) console.error(`conformance: ${result.error.message}`);
        return result.exitCode;
      }
      case 'serve':
        return await serve(rest);
      case 'certify-client': {
        const { certifyClientCommand, CERTIFY_CLIENT_OPTIONS } = await import('./run/certify-client.ts');
        const split = rest.indexOf('--');
        const { values, positionals } = parse(split < 0 ? rest : rest.slice(0, split), CERTIFY_CLIENT_OPTIONS);
        return await certifyClientCommand(values, positionals, split < 0 ? [] : rest.slice(split + 1));
      }
      case 'validate': {
        const { values, positionals } = parse(rest, { schema: { type: 'string' } });
        if (!values.schema || positionals.length !== 1)
          throw new KitError('USAGE', 'validate needs --schema NAME and one FILE (or - for stdin) (--help lists the options)');
        const result = await (await import('./index.ts')).validateFile(values.schema as string, positionals[0]!);
        if (result.valid) {
          console.log(`valid ${values.schema}`);
          return 0;
        }
        console.log(`invalid ${values.schema}:`);
        for (const e of result.errors) console.log(`  ${e.pointer || '/'}: ${e.message}`);
        return 1;
      }
      case 'schemas':
        process.stdout.write(`${(await import('./kit/schemas.ts')).schemaNames().join('\n')}\n`);
        return 0;
      case 'cleanup': {
        const { values } = parse(rest, CONFIG_FLAGS);
        const { cleanup } = await import('./run/cleanup.ts');
        return await cleanup({ flags: configFlags(values), log: console.log });
      }
      case 'openapi': {
        const { values } = parse(rest, { out: { type: 'string' }, 'base-url': { type: 'string' } });
        const { openapiJson, writeOpenapiDocument } = await import('./openapi/document.ts');
        const options = { baseUrl: values['base-url'] as string | undefined };
        if (values.out === undefined) process.stdout.write(openapiJson(options));
        else {
          writeOpenapiDocument(values.out as string, options);
          console.error(`OpenAPI 3.1 document written to ${values.out as string}`);
        }
        return 0;
      }
      case 'baseline': {
        const { baselineCommand, BASELINE_OPTIONS } = await import('./report/adopt.ts');
        return baselineCommand(parse(rest, BASELINE_OPTIONS));
      }
      case 'diff': {
        const { diffCommand, DIFF_OPTIONS } = await import('./report/diff.ts');
        return diffCommand(parse(rest, DIFF_OPTIONS));
      }
      case 'bench': {
        // A tool of the kit's own checkout (its load generator is a dev dependency): loaded on
        // demand, from a URL so that the package build leaves it out.
        const entry = new URL('./bench/cli-bench.ts', import.meta.url);
        if (!existsSync(entry))
          throw new KitError('USAGE', 'conformance bench runs from a checkout of the kit (npm run bench); the package does not include it');
        const { bench } = (await import(entry.href)) as { bench: (parsed: ReturnType<typeof parse>) => Promise<number> };
        return await bench(
          parse(rest, {
            users: { type: 'string' },
            duration: { type: 'string' },
            rounds: { type: 'string' },
            connections: { type: 'string' },
            samples: { type: 'string' },
            latency: { type: 'string' },
            'no-certification': { type: 'boolean' },
            'reports-dir': { type: 'string' },
          }),
        );
      }
      case 'observe': {
        const { observeCommand, OBSERVE_OPTIONS } = await import('./observe/command.ts');
        return await observeCommand(parse(rest, OBSERVE_OPTIONS));
      }
      case undefined:
      case '--help':
      case 'help':
        console.log(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw unknownCommand(command, USAGE);
    }
  } catch (e) {
    if (isKitError(e)) {
      console.error(`conformance: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
