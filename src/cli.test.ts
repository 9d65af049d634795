/** Unit tests of the command line: validate and schemas exit codes, usage errors. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { main } from './cli.ts';
import { tempFoldersForThisFile } from './shared/temp-folders.ts';

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
    for (const n of [
      'user.basic',
      'user.public',
      'user.admin',
      'user.current',
      'user.current-admin',
      'user.status',
      'user.counts',
      'user.activity',
      'user.membership',
      'ssh-key',
      'gpg-key',
      'email',
      'impersonation-token',
      'impersonation-token.created',
      'cluster',
      'cluster.detail',
      'project',
      'variable.list',
      'variable.show',
      'variable',
      'broadcast-message',
      'dependency',
      'epic',
      'epic.detail',
      'todo',
      'error.message',
      'error.validation',
      'error.route',
      'error.insufficient-scope',
    ]) {
      expect(names).toContain(n);
    }
  });
});
