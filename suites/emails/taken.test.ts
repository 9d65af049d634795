/**
 * E-mail addresses already in use (taken-addresses.json): POST /user/emails answers 400 with
 * message.email, for another user's or the caller's own, primary or secondary, in any case.
 */
import { beforeAll, describe } from 'vitest';
import { check, clauseTest, createUser, requireThat, session, type ApiResponse, type CreatedUser } from '../../src/kit/index.ts';
import { addOwnEmail } from './fixtures.ts';
import table from './taken-addresses.json' with { type: 'json' };

interface TakenCase {
  description: string;
  owner: 'other' | 'self';
  which: 'primary' | 'secondary';
  upper: boolean;
}
const cases = table.cases as TakenCase[];

describe.concurrent('POST /user/emails with an address in use', () => {
  let alice: CreatedUser;
  let bob: CreatedUser;
  const secondary: Record<string, string> = {};
  beforeAll(async () => {
    const s = session();
    [alice, bob] = [await createUser(s), await createUser(s)];
    for (const [who, u] of [
      ['self', alice],
      ['other', bob],
    ] as const) {
      const { res, email } = await addOwnEmail(s, u);
      if (res.status !== 201) throw new Error(`fixture: POST /user/emails answered ${res.status}`);
      secondary[who] = email;
    }
  });

  async function attempt(c: TakenCase): Promise<ApiResponse> {
    const owner = c.owner === 'self' ? alice : bob;
    const address = c.which === 'primary' ? owner.email : secondary[c.owner];
    return alice.client.post('/user/emails', { json: { email: c.upper ? address.toUpperCase() : address } });
  }

  clauseTest(
    'emails.create_own.taken_status',
    'POST /user/emails with an address in use answers 400 (table taken-addresses.json)',
    async () => {
      for (const c of cases) check.status(await attempt(c), 400, `Adding ${c.description} MUST answer 400.`);
    },
  );

  clauseTest('emails.create_own.taken_body', 'the taken-address 400 body has message.email as an array of strings', async () => {
    for (const c of cases) {
      const res = await attempt(c);
      check.status(res, 400, `Adding ${c.description} MUST answer 400.`);
      check.errorBody(res, 'error.validation');
      const v = res.json.message.email;
      requireThat(
        Array.isArray(v) && v.length > 0 && v.every((x: unknown) => typeof x === 'string'),
        `For ${c.description}, message.email MUST be an array of error strings.`,
        'a non-empty array of strings',
        v ?? '(absent)',
      );
    }
  });
});
