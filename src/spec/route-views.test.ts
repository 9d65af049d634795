/**
 * The derived view of each GET (route-views.ts) is its own operation's view on every GET path of
 * the spec, with numeric, word and URL-encoded parameters (no other row's pattern shadows it; a
 * caller-dependent view answers none), names the clause of its shape, and no path falls under two views.
 *
 *   npx vitest run src/spec/route-views.test.ts
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationKey } from './operations/index.ts';
import { pathPattern } from './paths.ts';
import { successView, viewOf } from './route-views.ts';
import { SPEC_OPERATIONS } from './spec-operations.ts';

const specGets = SPEC_OPERATIONS.filter((k) => k.startsWith('GET ')).map((k) => k.slice(4));
const VALUES = ['7', 'alice', 'group%2Fsub'];
/** Each spec GET path with its parameters as numbers, as words, and as a URL-encoded path. */
const concretePaths = specGets.flatMap((p) => VALUES.map((v) => p.replace(/:\w+/g, v)));

describe('viewOf, derived from the operation table', () => {
  it("answers each GET operation's own view on its paths, whatever the parameters hold", () => {
    const gets = OPERATIONS.filter((o) => o.method === 'GET');
    const differ = gets.flatMap((o) =>
      VALUES.map((v) => o.path.replace(/:\w+(\(int\))?/g, v)).flatMap((path) => {
        const now = viewOf(path);
        const own = successView(o);
        return JSON.stringify(now) === JSON.stringify(own)
          ? []
          : [`${operationKey(o)} at ${path}: own ${JSON.stringify(own)}, viewOf ${JSON.stringify(now)}`];
      }),
    );
    expect(differ).toEqual([]);
  });

  it('names the clause of the shape wherever the table has one', () => {
    expect(viewOf('/broadcast_messages')).toEqual({ schema: 'broadcast-message', array: true, clause: 'broadcast.field.shape' });
    expect(viewOf('/groups/7/epics')).toEqual({ schema: 'epic', array: true, clause: 'epics.list.shape' });
    expect(viewOf('/groups/7/epics/3')).toEqual({ schema: 'epic', array: false, clause: 'epics.field.core' });
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
