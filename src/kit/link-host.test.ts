/** Unit tests of following Link URLs on the kit's base URL when they name another host (link-host.ts). */
import { describe, expect, test } from 'vitest';
import { followedLink, followLinkOn, linkHostNote } from './link-host.ts';
import { inTestLog, noteForRun, testNotes } from './recorder.ts';

const API = 'http://127.0.0.1:4010/api/v4';

describe('followedLink', () => {
  test('a link on the base URL is followed exactly as written', () => {
    const link = 'http://127.0.0.1:4010/api/v4/users?page=2&per_page=2';
    expect(followedLink(link, API)).toEqual({ url: link });
  });

  test('the same origin written differently (a default port, upper case) is the same origin', () => {
    expect(followedLink('HTTP://127.0.0.1:4010/api/v4/users?page=2', API).otherOrigin).toBeUndefined();
    expect(followedLink('https://gitlab.example.com:443/api/v4/users', 'https://gitlab.example.com/api/v4').otherOrigin).toBeUndefined();
  });

  test('another host: the path and query on the base URL, the other origin named', () => {
    expect(followedLink('https://gitlab.internal:8443/api/v4/users/7/emails?page=2&per_page=2', API)).toEqual({
      url: 'http://127.0.0.1:4010/api/v4/users/7/emails?page=2&per_page=2',
      otherOrigin: 'https://gitlab.internal:8443',
    });
  });

  test('another port of the same host is another origin', () => {
    expect(followedLink('http://127.0.0.1:80/api/v4/projects?page=3', API)).toEqual({
      url: 'http://127.0.0.1:4010/api/v4/projects?page=3',
      otherOrigin: 'http://127.0.0.1',
    });
  });

  test('the query is kept byte for byte (brackets, encodings, order, repeats), the fragment dropped', () => {
    const query = '?id_after=41&order_by=id&pagination=keyset&per_page=1&sort=asc&a%5Bb%5D=c%20d&x[]=1&x[]=2&empty=';
    expect(followedLink(`https://gitlab.internal/api/v4/projects${query}#top`, API).url).toBe(`${API}/projects${query}`);
  });

  test('a base URL with a path prefix: what follows /api/v4 in the link goes after the base API root', () => {
    const api = 'http://10.0.0.5:8080/gitlab/api/v4';
    // the link with the prefix, without it, and with a prefix of the server's own: all lead under the kit's root
    for (const path of ['/gitlab/api/v4/users?page=2', '/api/v4/users?page=2', '/other/api/v4/users?page=2']) {
      expect(followedLink(`https://gitlab.example.com${path}`, api).url).toBe('http://10.0.0.5:8080/gitlab/api/v4/users?page=2');
    }
  });

  test("a link with a relative URL root the base URL does not have: the link's root gives way to the base URL's", () => {
    expect(followedLink('https://gitlab.example.com/gitlab/api/v4/users?page=2', API).url).toBe(`${API}/users?page=2`);
  });

  test('/api/v4 counts only as whole segments; a path without it is kept as written on the base origin', () => {
    expect(followedLink('https://x.example/api/v40/users?page=2', API).url).toBe('http://127.0.0.1:4010/api/v40/users?page=2');
    expect(followedLink('https://x.example/api/v3/users?page=2', API).url).toBe('http://127.0.0.1:4010/api/v3/users?page=2');
    expect(followedLink('https://x.example?page=2', API).url).toBe('http://127.0.0.1:4010/?page=2');
    expect(followedLink('https://x.example/api/v4?page=2', API).url).toBe(`${API}?page=2`);
  });

  test('a link that is not an absolute http(s) URL is followed as written, as before (it fails where it leads)', () => {
    for (const link of ['/api/v4/users?page=2', 'users?page=2', 'http://[::1', 'ftp://gitlab.internal/api/v4/users', '']) {
      expect(followedLink(link, API)).toEqual({ url: link });
    }
  });
});

describe('the run note', () => {
  test('names the other origin and the base URL (the server root, without /api/v4)', () => {
    const note = linkHostNote('https://gitlab.internal:8443', API);
    expect(note).toContain('(https://gitlab.internal:8443)');
    expect(note).toContain('(http://127.0.0.1:4010)');
    expect(note).not.toContain('4010/api/v4');
  });

  test('followLinkOn notes another host once per test, and nothing for a link on the base URL', async () => {
    const notes = await inTestLog('t', async () => {
      expect(followLinkOn(`${API}/users?page=2`, API)).toBe(`${API}/users?page=2`);
      expect(testNotes()).toEqual([]);
      for (const page of [2, 3]) followLinkOn(`https://gitlab.internal:8443/api/v4/users?page=${page}`, API);
      followLinkOn('https://gitlab.internal:8443/api/v4/projects?page=2', API);
      return testNotes();
    });
    expect(notes).toEqual([linkHostNote('https://gitlab.internal:8443', API)]);
  });

  test("a test's notes are its own", async () => {
    await Promise.all([
      inTestLog('a', async () => {
        noteForRun('from a');
        await new Promise((r) => setTimeout(r, 5));
        expect(testNotes()).toEqual(['from a']);
      }),
      inTestLog('b', async () => {
        noteForRun('from b');
        expect(testNotes()).toEqual(['from b']);
      }),
    ]);
  });
});
