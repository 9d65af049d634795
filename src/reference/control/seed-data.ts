/**
 * The data file of `serve --data FILE` and the `data` option: users (with tokens the test
 * chooses), groups and subgroups, projects, members, epics, project variables and SSH keys, as
 * JSON. Validated with zod; a mistake names its place (`users[2].tokens[0].scopes: ...`).
 * Groups, projects and members refer to each other by full path and username, never by id.
 *
 *   parseSeedData({ users: [{ username: 'amy', tokens: [{ token: 'amy-token', scopes: ['api'] }] }],
 *                   groups: [{ path: 'acme' }, { path: 'tools', parent: 'acme' }],
 *                   projects: [{ path: 'cli', namespace: 'acme/tools' }],
 *                   members: [{ user: 'amy', group: 'acme', access_level: 40 }] });
 */
import { z } from 'zod';
import { KitError } from '../../shared/errors.ts';

const PATH = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const visibility = z.enum(['private', 'internal', 'public']);

const token = z.strictObject({
  token: z.string().min(8),
  name: z.string().min(1).optional(),
  scopes: z
    .array(z.enum(['api', 'read_api', 'read_user', 'sudo', 'admin_mode', 'read_repository', 'write_repository']))
    .min(1)
    .optional(),
  expires_at: z.string().regex(DATE, 'a date YYYY-MM-DD').optional(),
  revoked: z.boolean().optional(),
});

const user = z.strictObject({
  username: z.string().regex(PATH, 'a username'),
  name: z.string().min(1).optional(),
  email: z.email().optional(),
  admin: z.boolean().optional(),
  state: z.enum(['active', 'blocked', 'deactivated']).optional(),
  tokens: z.array(token).optional(),
});

const group = z.strictObject({
  path: z.string().regex(PATH, 'a path'),
  name: z.string().min(1).optional(),
  /** Full path of the parent group (a subgroup). */
  parent: z.string().min(1).optional(),
  visibility: visibility.optional(),
  description: z.string().optional(),
});

const project = z.strictObject({
  path: z.string().regex(PATH, 'a path'),
  name: z.string().min(1).optional(),
  /** Full path of a group, or a username (a personal project). */
  namespace: z.string().min(1),
  visibility: visibility.optional(),
  description: z.string().optional(),
  /** Username of the creator (default root). */
  creator: z.string().optional(),
});

const member = z
  .strictObject({
    user: z.string().min(1),
    group: z.string().min(1).optional(),
    project: z.string().min(1).optional(),
    access_level: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20), z.literal(30), z.literal(40), z.literal(50)]),
    expires_at: z.string().regex(DATE, 'a date YYYY-MM-DD').optional(),
  })
  .refine((m) => (m.group === undefined) !== (m.project === undefined), 'give exactly one of group and project');

const epic = z.strictObject({
  group: z.string().min(1),
  title: z.string().min(1),
  description: z.string().optional(),
  state: z.enum(['opened', 'closed']).optional(),
  /** Username of the author (default root). */
  author: z.string().optional(),
});

const variable = z.strictObject({
  project: z.string().min(1),
  key: z.string().regex(/^[A-Za-z0-9_]{1,255}$/, 'a variable key'),
  value: z.string(),
  variable_type: z.enum(['env_var', 'file']).optional(),
  protected: z.boolean().optional(),
  masked: z.boolean().optional(),
  environment_scope: z.string().min(1).optional(),
});

const key = z.strictObject({
  user: z.string().min(1),
  title: z.string().min(1),
  /** An OpenSSH public key line. */
  key: z.string().min(1),
});

export const SEED_DATA = z.strictObject({
  users: z.array(user).optional(),
  groups: z.array(group).optional(),
  projects: z.array(project).optional(),
  members: z.array(member).optional(),
  epics: z.array(epic).optional(),
  variables: z.array(variable).optional(),
  keys: z.array(key).optional(),
});

export type SeedData = z.infer<typeof SEED_DATA>;

/** `users[2].tokens[0].scopes` from zod's path. */
export function placeOf(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('') || '(top level)';
}

/** The data checked, or a KitError SEED_DATA naming each problem's place. */
export function parseSeedData(value: unknown, source = 'seed data'): SeedData {
  const result = SEED_DATA.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${placeOf(i.path)}: ${i.message}`);
  throw new KitError('SEED_DATA', `${source}: ${problems.join('; ')}`);
}
