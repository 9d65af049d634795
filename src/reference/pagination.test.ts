/**
 * Pagination: offset headers and Link URLs, clamps, the large-collection flag, keyset on /projects.
 *
 *   npx vitest run src/reference/pagination.test.ts
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './testing.ts';

let t: TestServer;

function seedMessages(server: TestServer, count: number): void {
  const now = server.now();
  for (let i = 1; i <= count; i += 1) {
    server.app.ref.store.broadcastMessages.insert({
      message: `m${i}`,
      startsAt: now,
      endsAt: now,
      color: '#E75E40',
      font: '#FFFFFF',
      targetPath: '',
      broadcastType: 'banner',
      targetAccessLevels: [],
      dismissable: false,
      theme: 'indigo',
      createdAt: now,
      updatedAt: now,
    });
  }
}

function links(header: unknown): Array<{ rel: string; url: URL }> {
  return String(header ?? '')
    .split(', ')
    .filter(Boolean)
    .map((part) => {
      const m = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
      if (!m) throw new Error(`bad link part ${part}`);
      return { rel: m[2], url: new URL(m[1]) };
    });
}

beforeEach(async () => {
  t = await testServer();
});

describe('offset pagination headers', () => {
  it('sets totals, page numbers and links in the order prev, next, first, last', async () => {
    seedMessages(t, 45);
    const res = await t.req('GET', '/broadcast_messages', { query: 'page=2&per_page=20' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toHaveLength(20);
    expect(res.data[0].id).toBe(25);
    expect(res.headers['x-total']).toBe('45');
    expect(res.headers['x-total-pages']).toBe('3');
    expect(res.headers['x-per-page']).toBe('20');
    expect(res.headers['x-page']).toBe('2');
    expect(res.headers['x-next-page']).toBe('3');
    expect(res.headers['x-prev-page']).toBe('1');
    const l = links(res.headers.link);
    expect(l.map((x) => x.rel)).toEqual(['prev', 'next', 'first', 'last']);
    expect(l.map((x) => x.url.searchParams.get('page'))).toEqual(['1', '3', '1', '3']);
    expect(String(res.headers.link)).toMatch(/^<http:\/\/localhost:80\/api\/v4\/broadcast_messages\?/);
  });

  it('uses the defaults (page 1, 20 per page) and empty X-Prev-Page / X-Next-Page when none', async () => {
    seedMessages(t, 3);
    const res = await t.req('GET', '/broadcast_messages');
    expect(res.headers['x-page']).toBe('1');
    expect(res.headers['x-per-page']).toBe('20');
    expect(res.headers['x-next-page']).toBe('');
    expect(res.headers['x-prev-page']).toBe('');
    expect(links(res.headers.link).map((x) => x.rel)).toEqual(['first', 'last']);
  });

  it('answers a page past the end with [] and keeps the headers', async () => {
    seedMessages(t, 5);
    const res = await t.req('GET', '/broadcast_messages', { query: 'page=9&per_page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([]);
    expect(res.headers['x-page']).toBe('9');
    expect(res.headers['x-total']).toBe('5');
    expect(res.headers['x-total-pages']).toBe('3');
  });

  it('reports at least one page for an empty collection', async () => {
    const res = await t.req('GET', '/broadcast_messages');
    expect(res.data).toEqual([]);
    expect(res.headers['x-total']).toBe('0');
    expect(res.headers['x-total-pages']).toBe('1');
  });

  it('clamps per_page above 100, falls back to 20 below 0, and reads page < 1 as 1', async () => {
    seedMessages(t, 120);
    const big = await t.req('GET', '/broadcast_messages', { query: 'per_page=500' });
    expect(big.headers['x-per-page']).toBe('100');
    expect(big.data).toHaveLength(100);
    const negative = await t.req('GET', '/broadcast_messages', { query: 'per_page=-5' });
    expect(negative.headers['x-per-page']).toBe('20');
    const zeroPage = await t.req('GET', '/broadcast_messages', { query: 'page=0' });
    expect(zeroPage.headers['x-page']).toBe('1');
  });

  it('refuses per_page=0 and non-integer page or per_page with 400', async () => {
    expect((await t.req('GET', '/broadcast_messages', { query: 'per_page=0' })).statusCode).toBe(400);
    const page = await t.req('GET', '/broadcast_messages', { query: 'page=abc' });
    expect(page.statusCode).toBe(400);
    expect(page.data).toEqual({ message: 'page is invalid' });
    const perPage = await t.req('GET', '/broadcast_messages', { query: 'per_page=1.5' });
    expect(perPage.data).toEqual({ message: 'per_page is invalid' });
  });
});

describe('link URLs', () => {
  it('keep the other query parameters and set page and per_page', async () => {
    await t.user('jane');
    await t.user('janet');
    const res = await t.req('GET', '/users', { token: t.admin, query: 'search=jan&per_page=1' });
    const next = links(res.headers.link).find((x) => x.rel === 'next');
    expect(next?.url.searchParams.get('search')).toBe('jan');
    expect(next?.url.searchParams.get('page')).toBe('2');
    expect(next?.url.searchParams.get('per_page')).toBe('1');
  });

  it('never carry private_token or access_token', async () => {
    seedMessages(t, 3);
    const res = await t.req('GET', '/broadcast_messages', { query: `per_page=1&private_token=${t.admin}&x=1` });
    const res2 = await t.req('GET', '/broadcast_messages', { query: `per_page=1&access_token=${t.admin}` });
    for (const r of [res, res2]) {
      expect(r.statusCode).toBe(200);
      expect(String(r.headers.link)).not.toContain(t.admin);
      expect(String(r.headers.link)).not.toMatch(/private_token|access_token/);
    }
    expect(links(res.headers.link)[0].url.searchParams.get('x')).toBe('1');
  });

  it('are built from the Host header', async () => {
    const res = await t.req('GET', '/broadcast_messages', { headers: { host: 'example.test:8080' } });
    expect(links(res.headers.link)[0].url.host).toBe('example.test:8080');
  });
});

describe('large collections (feature flag)', () => {
  it('leave out X-Total, X-Total-Pages and rel="last" above 10,000 items', async () => {
    const flagged = await testServer({ largeCollectionFlag: true });
    seedMessages(flagged, 10_001);
    const res = await flagged.req('GET', '/broadcast_messages');
    expect(res.data).toHaveLength(20);
    expect(res.headers['x-total']).toBeUndefined();
    expect(res.headers['x-total-pages']).toBeUndefined();
    expect(links(res.headers.link).map((x) => x.rel)).toEqual(['next', 'first']);
    expect(res.headers['x-next-page']).toBe('2');
  });

  it('keep them at 10,000 items, and without the flag', async () => {
    const flagged = await testServer({ largeCollectionFlag: true });
    seedMessages(flagged, 10_000);
    expect((await flagged.req('GET', '/broadcast_messages')).headers['x-total']).toBe('10000');
    seedMessages(t, 10_001);
    expect((await t.req('GET', '/broadcast_messages')).headers['x-total']).toBe('10001');
  });
});

describe('keyset pagination (GET /projects)', () => {
  async function projects(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await t.req('POST', '/projects', { token: t.admin, body: { name: `p${i}`, visibility: 'public' } });
      ids.push(res.data.id);
    }
    return ids;
  }

  it('follows rel="next" links (id_before, descending by default) to an empty last page', async () => {
    const ids = await projects(5);
    const seen: number[] = [];
    let url: string | undefined = '/api/v4/projects?pagination=keyset&order_by=id&per_page=2';
    let pages = 0;
    while (url && pages < 10) {
      const res = await t.req('GET', url, { token: t.admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total']).toBeUndefined();
      expect(res.headers['x-page']).toBeUndefined();
      seen.push(...res.data.map((p: { id: number }) => p.id));
      const next = links(res.headers.link).find((x) => x.rel === 'next');
      if (next) expect(next.url.searchParams.has('id_before')).toBe(true);
      if (res.data.length === 0) expect(res.headers.link).toBeUndefined();
      url = next ? next.url.pathname + next.url.search : undefined;
      pages += 1;
    }
    expect(seen).toEqual([...ids].reverse());
    expect(pages).toBe(4);
  });

  it('uses id_after with sort=asc', async () => {
    const ids = await projects(3);
    const res = await t.req('GET', '/projects', { token: t.admin, query: 'pagination=keyset&order_by=id&sort=asc&per_page=2' });
    expect(res.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(0, 2));
    expect(links(res.headers.link)[0].url.searchParams.get('id_after')).toBe(String(ids[1]));
    expect(res.headers.links).toBe(res.headers.link);
  });

  it('answers 405 for keyset with another order_by', async () => {
    const res = await t.req('GET', '/projects', { query: 'pagination=keyset&order_by=name' });
    expect(res.statusCode).toBe(405);
  });
});
