/**
 * A small seed (two users with tokens, a group and its subgroup, a group project and a personal
 * one, members, an epic, a variable) shared by the control tests.
 *
 *   const ref = await startReferenceServer({ data: parseSeedData(SAMPLE) });
 */
export const SAMPLE = {
  users: [
    { username: 'amy', tokens: [{ token: 'amy-token-1234', scopes: ['api' as const] }] },
    { username: 'bob', tokens: [{ token: 'bob-token-1234', scopes: ['read_api' as const] }] },
  ],
  groups: [
    { path: 'acme', visibility: 'internal' as const },
    { path: 'tools', parent: 'acme' },
  ],
  projects: [
    { path: 'cli', namespace: 'acme/tools' },
    { path: 'dotfiles', namespace: 'amy' },
  ],
  members: [
    { user: 'amy', group: 'acme', access_level: 50 as const },
    { user: 'bob', project: 'acme/tools/cli', access_level: 30 as const },
  ],
  epics: [{ group: 'acme', title: 'Roadmap', author: 'amy' }],
  variables: [{ project: 'acme/tools/cli', key: 'DEPLOY_ENV', value: 'staging' }],
};
