/**
 * The fault cases of the text and date bugs only some inputs reveal (domain/text-faults.ts), for
 * src/reference/faults.test.ts: each observes both an input the bug spares (same with the fault
 * on) and one it hits.
 *
 *   const CASES = { ...CORE_CASES, ...TEXT_DATE_FAULT_CASES };
 */
import { observe, type Case, type TestServer } from '../testing.ts';

async function group(t: TestServer): Promise<number> {
  return (await t.req('POST', '/groups', { token: t.admin, body: { name: 'g', path: 'g' } })).data.id as number;
}

/** Fields of two epics of a fresh group, from their create responses and a GET of the second. */
async function epics(t: TestServer, a: Record<string, unknown>, b: Record<string, unknown>, field: string): Promise<unknown[]> {
  const g = await group(t);
  const first = await t.req('POST', `/groups/${g}/epics`, { token: t.admin, body: { title: 't', ...a } });
  const second = await t.req('POST', `/groups/${g}/epics`, { token: t.admin, body: { title: 't', ...b } });
  const read = await t.req('GET', `/groups/${g}/epics/${second.data.iid}`, { token: t.admin });
  return [first.data[field], second.data[field], read.data[field]];
}

const LIMIT = 1_048_576;
/** Within the limit in characters (LIMIT - 1), 2 bytes each in UTF-8 but the last. */
const wide = `${'ж'.repeat(LIMIT - 2)}x`;

export const TEXT_DATE_FAULT_CASES: Record<string, Case> = {
  'text.non-ascii-mangled': observe(
    async (t) => {
      const messages = [];
      for (const message of ['Привет, 東京', 'launch 🚀 now']) {
        messages.push((await t.req('POST', '/broadcast_messages', { token: t.admin, body: { message } })).data.message);
      }
      messages.push((await t.req('GET', '/broadcast_messages/2', { token: t.admin })).data.message);
      return messages;
    },
    ['Привет, 東京', 'launch 🚀 now', 'launch 🚀 now'],
    ['Привет, 東京', 'launch \uFFFD now', 'launch \uFFFD now'],
  ),
  'text.html-escaped': observe(
    (t) => epics(t, { title: 'plain' }, { title: `<b>Tom & "Jerry"</b>` }, 'title'),
    ['plain', `<b>Tom & "Jerry"</b>`, `<b>Tom & "Jerry"</b>`],
    ['plain', '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;', '&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;'],
  ),
  'text.long-values-cut': observe(
    async (t) => {
      const [ascii, cut, read] = await epics(t, { description: 'd'.repeat(LIMIT) }, { description: wide }, 'description');
      return [String(ascii).length, String(cut).length, String(read).length];
    },
    [LIMIT, LIMIT - 1, LIMIT - 1],
    [LIMIT, LIMIT / 2, LIMIT / 2],
  ),
  'dates.month-end-shifted': observe(
    (t) =>
      epics(
        t,
        { due_date_is_fixed: true, due_date_fixed: '2031-03-30' },
        { due_date_is_fixed: true, due_date_fixed: '2032-02-29' },
        'due_date',
      ),
    ['2031-03-30', '2032-02-29', '2032-02-29'],
    ['2031-03-30', '2032-02-28', '2032-02-28'],
  ),
};
