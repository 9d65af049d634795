/**
 * Property: keyset pagination of GET /projects (pagination=keyset&order_by=id, sort asc or desc).
 * From a random start among the run's own projects and with a random per_page, following Link
 * rel="next" gives pages of at most per_page projects, ids strictly in the sort's order with no
 * repeats, and visits every own project from the start on exactly once. Others create projects
 * during the run, so foreign projects may appear between ours; the walk stops once past the last
 * of ours (the end of the collection is checked by suites/pagination/keyset.test.ts).
 */
import { describe } from 'vitest';
import { check, clauseTest, createGroup, createProject, fc, forAll, parseLinks, requireThat, type Session } from '../../src/kit/index.ts';

const OWN = 8;
let own: Promise<number[]> | undefined;
/** The file's own projects, in a private group, ids ascending. */
function ownProjects(s: Session): Promise<number[]> {
  own ??= (async () => {
    const group = await createGroup(s);
    const ids: number[] = [];
    for (let i = 0; i < OWN; i++) ids.push((await createProject(s, { namespace_id: group.id })).id as number);
    return ids.sort((a, b) => a - b);
  })();
  return own;
}

const runArb = fc.record({
  start: fc.nat({ max: OWN - 1 }),
  perPage: fc.integer({ min: 1, max: 9 }),
  sort: fc.constantFrom('asc' as const, 'desc' as const),
});

describe.concurrent('keyset pagination (property)', () => {
  clauseTest(
    'conv.keyset.link_next',
    'for any start and per_page, following keyset rel="next" visits each later project once, in id order, at most per_page a page',
    async (ctx) => {
      const { s } = ctx;
      const ids = await ownProjects(s);
      await forAll(
        ctx,
        runArb,
        async ({ start, perPage, sort }) => {
          const expected = sort === 'asc' ? ids.slice(start) : ids.slice(0, OWN - start).reverse();
          const cursor = sort === 'asc' ? { id_after: expected[0]! - 1 } : { id_before: expected[0]! + 1 };
          let res = await s.admin.get('/projects', { query: { pagination: 'keyset', order_by: 'id', sort, per_page: perPage, ...cursor } });
          const seen: number[] = [];
          const pastOurs = (id: number) => (sort === 'asc' ? id > expected.at(-1)! : id < expected.at(-1)!);
          for (let hop = 0; hop < 100; hop++) {
            check.status(res, 200);
            requireThat(Array.isArray(res.json), 'A keyset page MUST be a JSON array.', 'an array', res.text.slice(0, 120));
            const page = (res.json as { id: number }[]).map((p) => p.id);
            requireThat(
              page.length <= perPage,
              `A keyset page MUST hold at most per_page=${perPage} projects.`,
              `<= ${perPage}`,
              page.length,
            );
            seen.push(...page);
            if (page.length === 0 || pastOurs(seen.at(-1)!)) break;
            const next = parseLinks(res).next;
            requireThat(
              next !== undefined,
              `A keyset page followed by more projects (${expected.filter((id) => !seen.includes(id)).join(', ')} not yet seen) MUST link rel="next".`,
              'rel="next"',
              res.headers.link ?? '(no Link)',
            );
            res = await s.admin.follow(next!);
          }
          const ordered = seen.every((id, i) => i === 0 || (sort === 'asc' ? id > seen[i - 1]! : id < seen[i - 1]!));
          requireThat(
            ordered,
            `Following keyset rel="next" (sort=${sort}) MUST give ids strictly in that order, with no repeats.`,
            `ids ${sort === 'asc' ? 'ascending' : 'descending'}`,
            seen,
          );
          const ours = seen.filter((id) => ids.includes(id));
          requireThat(
            JSON.stringify(ours) === JSON.stringify(expected),
            `Following keyset rel="next" (per_page=${perPage}, sort=${sort}) MUST visit each of the run's projects from the start on exactly once.`,
            expected,
            ours,
          );
        },
        { sideBySide: true, scale: 0.4 },
      );
    },
    { timeout: 120_000 },
  );
});
