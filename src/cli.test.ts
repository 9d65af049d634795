/** Unit tests of the command line: validate and schemas exit codes, usage errors, --help and --version, certify's checks before it runs. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { main } from './cli.ts';
import { DESIGN_NAMES } from './kit/schema-cases.ts';
import { PACKAGE_ROOT } from './run/certify.ts';
import { tempFoldersForThisFile } from './shared/temp-folders.ts';
import { runCaptured } from './cli-capture.ts';

const temp = tempFoldersForThisFile();

const dir = temp('cli-');
function file(name: string, value: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
}

const goodMessage = {
  id: 1,
  message: 'Maintenance tonight',
  starts_at: '2026-01-01T10:00:00.000Z',
  ends_at: '2026-01-01T11:00:00.000Z',
  color: '#E75E40',
  font: '#FFFFFF',
  active: false,
  target_path: '',
  broadcast_type: 'banner',
};

describe('conformance validate', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test.each([
    ['broadcast-message', goodMessage, 0],
    ['broadcast-message', { ...goodMessage, starts_at: '2026-01-01T10:00:00Z' }, 1],
    ['broadcast-message', { ...goodMessage, active: 'false' }, 1],
    ['broadcast-message', (({ broadcast_type: _, ...rest }) => rest)(goodMessage), 1],
    ['error.route', { error: '404 Not Found' }, 0],
    ['error.route', { message: '404 Not Found' }, 1],
    ['error.message', { message: 'title is missing' }, 0],
    ['error.message', { error: 'title is missing' }, 1],
    ['error.validation', { message: { key: ['is invalid'] } }, 0],
    ['error.validation', { message: 'key is invalid' }, 1],
    ['error.insufficient-scope', { error: 'insufficient_scope', error_description: 'x', scope: 'sudo' }, 0],
    ['error.insufficient-scope', { error: 'forbidden', error_description: 'x', scope: 'sudo' }, 1],
  ] as const)('%s: %j exits %i', async (schema, value, code) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await main(['validate', '--schema', schema, file('v.json', value)])).toBe(code);
    if (code === 1) expect(log.mock.calls.flat().join('\n')).toMatch(/^\s+\/\S*: /m);
  });

  test('an unknown schema, an unreadable file or bad JSON exit 2', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['validate', '--schema', 'no-such-schema', file('a.json', {})])).toBe(2);
    expect(await main(['validate', '--schema', 'error.route', join(dir, 'missing.json')])).toBe(2);
    expect(await main(['validate', '--schema', 'error.route', file('bad.json', '{not json')])).toBe(2);
    expect(err).toHaveBeenCalledTimes(3);
  });

  test('usage errors exit 2', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['validate', 'x.json'])).toBe(2);
    expect(await main(['nonsense'])).toBe(2);
    expect(await main(['certify', '--no-such-flag'])).toBe(2);
  });

  test('schemas lists every schema name of DESIGN.md', async () => {
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      out += String(s);
      return true;
    });
    expect(await main(['schemas'])).toBe(0);
    vi.restoreAllMocks();
    const names = out.trim().split('\n');
    for (const n of DESIGN_NAMES) expect(names).toContain(n);
  });
});

const run = runCaptured;

/** An error of the command line: exit 2 and one line on stderr, nothing on stdout. */
async function oneLineError(argv: string[]): Promise<string> {
  const r = await run(argv);
  expect(r, JSON.stringify(r)).toMatchObject({ code: 2, out: '' });
  expect(r.err.split('\n')).toHaveLength(1);
  return r.err;
}

describe('help, version, did you mean', () => {
  test.each(['certify', 'serve', 'validate', 'schemas', 'cleanup', 'openapi', 'bench'])(
    '%s --help prints its usage and exits 0',
    async (command) => {
      for (const argv of [
        [command, '--help'],
        [command, '-h'],
        ['help', command],
      ]) {
        const r = await run(argv);
        expect(r.code).toBe(0);
        expect(r.out).toMatch(new RegExp(`^Usage:\\n  conformance ${command}\\b`));
        // Its own usage only.
        expect(r.out.match(/^ {2}conformance \w+/gm)).toEqual([`  conformance ${command}`]);
      }
      if (command === 'certify') expect((await run([command, '--help'])).out).toMatch(/--timeout-ms VALUE +CONFORMANCE_TIMEOUT_MS/);
    },
  );

  test('conformance --version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await run(['--version'])).toEqual({ code: 0, out: version, err: '' });
  });

  test('an unknown command or option: one line naming the nearest, exit 2', async () => {
    expect(await oneLineError(['certfy'])).toMatch(/unknown command "certfy"; did you mean certify\?/);
    expect(await oneLineError(['help', 'sevre'])).toMatch(/did you mean serve\?/);
    expect(await oneLineError(['certify', '--grpe', 'users'])).toMatch(/unknown option --grpe; did you mean --grep\?/);
    expect(await oneLineError(['serve', '--prot', '4010'])).toMatch(/did you mean --port\?/);
    expect(await oneLineError(['certify', '--grep'])).toMatch(/--grep/);
    expect(await oneLineError(['validate', 'x.json'])).toMatch(/--schema/);
  });
});

describe('certify-client on the command line', () => {
  test("--help prints its usage and its options; a help flag after -- is the command's", async () => {
    const r = await run(['certify-client', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage:\n {2}conformance certify-client \[--data SEED\.json\]/);
    expect(r.out).toContain('CONFORMANCE_CLIENT_URL');
    expect(r.out).toMatch(/--baseline FILE/);
    expect(await oneLineError(['certify-client', '--reports-dir', join(dir, 'reports'), '--', 'no-such-client-command', '--help'])).toBe(
      'conformance: cannot start the command "no-such-client-command": not found',
    );
  });

  test('what cannot run: one line, exit 2', async () => {
    expect(await oneLineError(['certify-client', 'node', 'x'])).toMatch(/takes its command after --, got "node x"/);
    expect(await oneLineError(['certify-client'])).toMatch(/needs a command after --/);
    expect(await oneLineError(['certify-client', '--dat', 'x', '--', 'node'])).toMatch(/unknown option --dat; did you mean --data\?/);
    expect(await oneLineError(['certify-client', '--data', join(dir, 'none.json'), '--', 'node'])).toMatch(/--data: cannot read/);
    expect(await oneLineError(['certify-client', '--profile', 'gitlab', '--', 'node'])).toMatch(/--profile must be spec or platform/);
  });
});

describe('certify refuses, before anything runs, what would run nothing or fail late', () => {
  const reports = temp('cli-reports-');
  const base = ['certify', '--reports-dir', reports];
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['REFERENCE_FAULTS', 'CONFORMANCE_BASE_URL']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  test('suite names that are not suite folders, every one of them', async () => {
    expect(await oneLineError([...base, '--suite', 'versioning,nosuch'])).toMatch(/--suite nosuch is not a suite folder/);
    expect(await oneLineError([...base, '--suite', 'usres'])).toMatch(/did you mean users\?/);
  });

  test('a --grep pattern or a file filter that matches no test', async () => {
    expect(await oneLineError([...base, '--grep', 'no.such.clause'])).toMatch(/--grep "no.such.clause" matches no test title/);
    expect(await oneLineError([...base, '--suite', 'versioning', '--grep', 'users.block'])).toMatch(/matches no test title/);
    expect(await oneLineError([...base, 'suites/nosuch'])).toMatch(/the filter "suites\/nosuch" matches no suite file/);
    expect(await oneLineError([...base, '--grep', '('])).toMatch(/not a regular expression/);
  });

  test('a reports folder that is a file or cannot be made', async () => {
    const notAFolder = file('reports-file', 'x');
    expect(await oneLineError(['certify', '--reports-dir', notAFolder, '--suite', 'versioning'])).toMatch(/is a file, not a folder/);
    if (existsSync('/proc/self')) {
      const started = Date.now();
      expect(await oneLineError(['certify', '--reports-dir', '/proc/nope', '--suite', 'versioning'])).toMatch(
        /\/proc\/nope cannot be made/,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  test('an unknown REFERENCE_FAULTS id', async () => {
    delete process.env.CONFORMANCE_BASE_URL;
    process.env.REFERENCE_FAULTS = 'status.create-20';
    expect(await oneLineError([...base, '--suite', 'versioning'])).toMatch(
      /REFERENCE_FAULTS: unknown fault "status.create-20"; did you mean status.create-200\?/,
    );
    expect(await oneLineError(['serve', '--port', '0'])).toMatch(/unknown fault/);
  });

  test('serve with a bad --data file or --ops-faults, or a bad REFERENCE_OPS_FAULTS: one line naming it', async () => {
    const bad = join(reports, 'seed.json');
    writeFileSync(bad, '{"users":[{"username":5}]}');
    expect(await oneLineError(['serve', '--port', '0', '--data', bad])).toMatch(
      /^conformance: --data .*seed\.json: users\[0\]\.username: /,
    );
    expect(await oneLineError(['serve', '--port', '0', '--data', join(reports, 'none.json')])).toMatch(
      /^conformance: --data: cannot read /,
    );
    expect(await oneLineError(['serve', '--port', '0', '--ops-faults', 'bogus@x'])).toMatch(
      /^conformance: --ops-faults: .*unknown kind "bogus"/,
    );
    process.env.REFERENCE_OPS_FAULTS = '500@GET /users:2';
    try {
      expect(await oneLineError(['serve', '--port', '0'])).toMatch(/^conformance: REFERENCE_OPS_FAULTS: .*rate must be between 0 and 1/);
    } finally {
      delete process.env.REFERENCE_OPS_FAULTS;
    }
  });

  test('serve on a port in use', async () => {
    const busy = createServer();
    await new Promise<void>((ok) => busy.listen(0, '127.0.0.1', ok));
    try {
      const port = (busy.address() as AddressInfo).port;
      expect(await oneLineError(['serve', '--port', String(port)])).toBe(
        `conformance: port ${port} on 127.0.0.1 is in use: stop what listens there or choose another --port`,
      );
    } finally {
      busy.close();
    }
  });

  test('nothing of the reports folder is touched by a refused run', async () => {
    writeFileSync(join(reports, 'summary.json'), '{"verdict":"pass"}');
    await oneLineError([...base, '--grep', 'no.such.clause']);
    expect(readFileSync(join(reports, 'summary.json'), 'utf8')).toBe('{"verdict":"pass"}');
  });
});
