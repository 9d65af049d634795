/**
 * Installation settings from GET /application/settings: read where the target answers them, the
 * spec's defaults (off) where it answers 404/403, no JSON object, or leaves a field out; what the
 * kit then sends, and which clauses become not applicable.
 *
 *   npx vitest run src/kit/installation.test.ts
 */
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './client.ts';
import { adminScopes, installationFrom, installationSkip, publicProfile, SPEC_INSTALLATION } from './installation.ts';

const answer = (status: number, json?: unknown): ApiResponse => ({ status, json, text: JSON.stringify(json ?? '') }) as ApiResponse;

describe('installationFrom', () => {
  it('reads admin_mode and user_defaults_to_private_profile from a 200', () => {
    expect(installationFrom(answer(200, { admin_mode: true, user_defaults_to_private_profile: true, other: 1 }))).toEqual({
      adminMode: true,
      privateProfileByDefault: true,
      source: 'GET /application/settings',
    });
  });

  it.each([
    ['a 404', answer(404, { message: '404 Not Found' })],
    ['a 403', answer(403, { message: '403 Forbidden' })],
    ['a 200 that is no object', answer(200, [])],
    ['no answer', { status: 0, error: 'ECONNRESET', text: '' } as ApiResponse],
  ])("judges %s by the spec's defaults, saying why", (_what, res) => {
    const read = installationFrom(res);
    expect([read.adminMode, read.privateProfileByDefault]).toEqual([false, false]);
    expect(read.source).toMatch(/^GET \/application\/settings answered (404|403|200|ECONNRESET): the spec's defaults$/);
  });

  it('takes a field left out, or not true, as off', () => {
    expect(installationFrom(answer(200, { admin_mode: 'yes' }))).toMatchObject({ adminMode: false, privateProfileByDefault: false });
  });
});

describe('what the kit does with them', () => {
  const on = { adminMode: true, privateProfileByDefault: true, source: 'GET /application/settings' };

  it('states private_profile false only where profiles are private by default', () => {
    expect([publicProfile(SPEC_INSTALLATION), publicProfile(on)]).toEqual([{}, { private_profile: false }]);
  });

  it('adds admin_mode to an administrator token only under Admin Mode', () => {
    expect([adminScopes(SPEC_INSTALLATION, ['api']), adminScopes(on, ['api']), adminScopes(on, ['api', 'admin_mode'])]).toEqual([
      ['api'],
      ['api', 'admin_mode'],
      ['api', 'admin_mode'],
    ]);
  });

  it('names the setting in the skip of the private_profile defaults, and of nothing else', () => {
    expect(installationSkip(SPEC_INSTALLATION, 'users.create.private_profile_default')).toBeUndefined();
    expect(installationSkip(on, 'users.create.private_profile_default')).toMatch(
      /^not applicable .*user_defaults_to_private_profile is on/,
    );
    expect(installationSkip(on, 'users.create.private_profile_null')).toMatch(/user_defaults_to_private_profile/);
    expect(installationSkip(on, 'users.create.admin_default')).toBeUndefined();
  });
});
