/**
 * The derived view of each GET (route-views.ts) answers exactly what the kit's hand-written list
 * answered before it was derived from the operation table (kept here as LEGACY), on every GET
 * path of the spec with numeric and with word parameters; and no path falls under two views.
 *
 *   npx vitest run src/spec/route-views.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './operations/index.ts';
import { pathPattern } from './paths.ts';
import { successView, viewOf } from './route-views.ts';
import { SPEC_OPERATIONS } from './spec-operations.ts';

/** src/kit/route-views.ts as it was (commit 9c0f817): GET path -> view schema, array. */
const SEG = '[^/?]+';
const LEGACY: [RegExp, string, boolean][] = [
  [/^\/broadcast_messages$/, 'broadcast-message', true],
  [new RegExp(`^/broadcast_messages/${SEG}$`), 'broadcast-message', false],
  [new RegExp(`^/(user|users/${SEG})/keys$`), 'ssh-key', true],
  [new RegExp(`^/user/keys/${SEG}$`), 'ssh-key', false],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys$`), 'gpg-key', true],
  [new RegExp(`^/(user|users/${SEG})/gpg_keys/${SEG}$`), 'gpg-key', false],
  [new RegExp(`^/(user|users/${SEG})/emails$`), 'email', true],
  [new RegExp(`^/user/emails/${SEG}$`), 'email', false],
  [new RegExp(`^/users/${SEG}/impersonation_tokens$`), 'impersonation-token', true],
  [new RegExp(`^/users/${SEG}/impersonation_tokens/${SEG}$`), 'impersonation-token', false],
  [new RegExp(`^/(user|users/${SEG})/status$`), 'user.status', false],
  [/^\/user_counts$/, 'user.counts', false],
  [/^\/user\/activities$/, 'user.activity', true],
  [new RegExp(`^/users/${SEG}/memberships$`), 'user.membership', true],
  [new RegExp(`^/projects/${SEG}/clusters$`), 'cluster', true],
  [new RegExp(`^/projects/${SEG}/clusters/${SEG}$`), 'cluster.detail', false],
  [new RegExp(`^/projects/${SEG}/variables$`), 'variable.list', true],
  [new RegExp(`^/projects/${SEG}/variables/${SEG}$`), 'variable.show', false],
  [new RegExp(`^/projects/${SEG}/dependencies$`), 'dependency', true],
  [new RegExp(`^/groups/${SEG}/epics$`), 'epic', true],
  [new RegExp(`^/groups/${SEG}/epics/${SEG}$`), 'epic.detail', false],
];

function legacyViewOf(path: string): { schema: string; array: boolean } | undefined {
  for (const [re, schema, array] of LEGACY) if (re.test(path)) return { schema, array };
  return undefined;
}

const specGets = SPEC_OPERATIONS.filter((k) => k.startsWith('GET ')).map((k) => k.slice(4));
/** Each spec GET path with its parameters as numbers, as words, and as a URL-encoded path. */
const concretePaths = specGets.flatMap((p) => ['7', 'alice', 'group%2Fsub'].map((v) => p.replace(/:\w+/g, v)));

describe('viewOf, derived from the operation table', () => {
  it('answers the schema and array the hand-written list answered, on every GET path of the spec', () => {
    expect(specGets.length).toBeGreaterThan(20);
    const differ = concretePaths.flatMap((path) => {
      const now = viewOf(path);
      const before = legacyViewOf(path);
      const same =
        now === undefined ? before === undefined : before !== undefined && now.schema === before.schema && now.array === before.array;
      return same ? [] : [`${path}: before ${JSON.stringify(before)}, now ${JSON.stringify(now)}`];
    });
    expect(differ).toEqual([]);
  });

  it('names the clause of the shape wherever the table has one', () => {
    expect(viewOf('/broadcast_messages')).toEqual({ schema: 'broadcast-message', array: true, clause: 'broadcast.field.shape' });
    expect(viewOf('/groups/7/epics')).toEqual({ schema: 'epic', array: true, clause: 'epics.list.shape' });
    expect(viewOf('/groups/7/epics/3')).toEqual({ schema: 'epic.detail', array: false });
    expect(viewOf('/users/7')).toBeUndefined();
  });

  it('puts no concrete GET path under two different views', () => {
    const gets = OPERATIONS.filter((o) => o.method === 'GET' && successView(o));
    const clashes = concretePaths.flatMap((path) => {
      const views = new Set(gets.filter((o) => pathPattern(o.path).test(path)).map((o) => JSON.stringify(successView(o))));
      return views.size > 1 ? [`${path}: ${[...views].join(' | ')}`] : [];
    });
    expect(clashes).toEqual([]);
  });
});
