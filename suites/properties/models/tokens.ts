/**
 * The impersonation-token model (spec: States and transitions > Impersonation token): tokens of
 * one fresh user, each active until a DELETE revokes it. Commands: create, use (GET /user with the
 * token), revoke (DELETE), get (single GET), list (state=active|inactive|all). The model says, for
 * every token, whether it is revoked; each command compares the target's answer with it:
 *   create -> 201, a token value, active true, revoked false
 *   use    -> active: 200 as the token's user; revoked: 401
 *   revoke -> first time 204 (a repeat, also drawn on purpose, is not fixed by the spec: any answer, nothing changes)
 *   get    -> 200 with active = !revoked and revoked as the model says
 *   list   -> exactly the model's tokens of that state
 *
 *   await runModel(ctx, TOKEN_COMMANDS, () => tokenSetup(s), { teardown: dropUser });
 */
import { PER_PAGE_MAX, check, createUser, fc, requireThat, type Session } from '../../../src/kit/index.ts';

interface TokenModelEntry {
  label: string;
  revoked: boolean;
}
export interface TokenModel {
  tokens: TokenModelEntry[];
}
interface TokenReal {
  s: Session;
  userId: number;
  tokens: { id: number; value: string }[];
}
type Cmd = fc.AsyncCommand<TokenModel, TokenReal>;

/** The token a command's draw picks among those the model holds. */
const pick = (m: TokenModel, n: number) => n % m.tokens.length;
const base = (r: TokenReal) => `/users/${r.userId}/impersonation_tokens`;

class Create implements Cmd {
  private label = 'create()';
  constructor(readonly scopes: readonly string[]) {}
  check = () => true;
  async run(m: TokenModel, r: TokenReal): Promise<void> {
    const label = `t${m.tokens.length + 1}`;
    this.label = `create(${label}, [${this.scopes.join(',')}])`;
    const res = await r.s.admin.post(base(r), {
      json: { name: r.s.name(label), scopes: this.scopes, expires_at: r.s.target.tokenExpiresAt },
    });
    if (typeof res.json?.token === 'string') r.s.secrets.add(res.json.token);
    check.status(res, 201, '[tokens.create.status] POST /users/:user_id/impersonation_tokens with name and scopes MUST answer 201.');
    requireThat(
      typeof res.json.token === 'string' && res.json.token !== '',
      '[tokens.create.token_value] The create response MUST carry the token value.',
      'a token',
      '(none)',
    );
    requireThat(
      res.json.active === true && res.json.revoked === false,
      '[tokens.create.initial_state] A new token MUST be active and not revoked.',
      { active: true, revoked: false },
      { active: res.json.active, revoked: res.json.revoked },
    );
    m.tokens.push({ label, revoked: false });
    r.tokens.push({ id: res.json.id as number, value: res.json.token as string });
  }
  toString = () => this.label;
}

/** Commands that act on one existing token. */
abstract class OnToken implements Cmd {
  protected label = '';
  constructor(readonly n: number) {}
  check = (m: Readonly<TokenModel>) => m.tokens.length > 0;
  abstract verb: string;
  abstract act(m: TokenModel, r: TokenReal, i: number): Promise<void>;
  async run(m: TokenModel, r: TokenReal): Promise<void> {
    const i = pick(m, this.n);
    this.label = `${this.verb}(${m.tokens[i]!.label})`;
    await this.act(m, r, i);
  }
  toString = () => this.label || `${this.verb}(#${this.n})`;
}

class Use extends OnToken {
  verb = 'use';
  async act(m: TokenModel, r: TokenReal, i: number): Promise<void> {
    const { label, revoked } = m.tokens[i]!;
    const res = await r.s.as({ token: r.tokens[i]!.value }).get('/user');
    if (revoked) {
      check.status(res, 401, `[tokens.delete.rejected] A revoked token (${label}) MUST be refused with 401.`);
    } else {
      check.status(res, 200, `[tokens.use.acts_as_user] An active token (${label}) MUST be accepted: GET /user answers 200.`);
      requireThat(
        res.json?.id === r.userId,
        `[tokens.use.acts_as_user] GET /user with ${label} MUST return the token's user.`,
        r.userId,
        res.json?.id,
      );
    }
  }
}

class Revoke extends OnToken {
  verb = 'revoke';
  async act(m: TokenModel, r: TokenReal, i: number): Promise<void> {
    const entry = m.tokens[i]!;
    const res = await r.s.admin.delete(`${base(r)}/${r.tokens[i]!.id}`);
    if (entry.revoked) return; // a repeated revoke: the spec fixes no answer, and nothing may change
    check.status(res, 204, `[tokens.delete.status] DELETE of the active token ${entry.label} MUST answer 204.`);
    entry.revoked = true;
  }
}

/** revoke of a token the model holds revoked (drawn among those): the repeat whose answer is open, and which must change nothing. */
class RevokeAgain implements Cmd {
  private label = '';
  constructor(readonly n: number) {}
  check = (m: Readonly<TokenModel>) => m.tokens.some((t) => t.revoked);
  async run(m: TokenModel, r: TokenReal): Promise<void> {
    const revoked = m.tokens.map((t, i) => ({ t, i })).filter(({ t }) => t.revoked);
    const { t, i } = revoked[this.n % revoked.length]!;
    this.label = `revoke(${t.label})`;
    await r.s.admin.delete(`${base(r)}/${r.tokens[i]!.id}`);
  }
  toString = () => this.label || `revoke(revoked #${this.n})`;
}

class Get extends OnToken {
  verb = 'get';
  async act(m: TokenModel, r: TokenReal, i: number): Promise<void> {
    const { label, revoked } = m.tokens[i]!;
    const res = await r.s.admin.get(`${base(r)}/${r.tokens[i]!.id}`);
    check.status(res, 200, `[tokens.get.status] GET of token ${label} MUST answer 200.`);
    const want = { active: !revoked, revoked };
    const got = { active: res.json?.active, revoked: res.json?.revoked };
    requireThat(
      JSON.stringify(got) === JSON.stringify(want),
      `[tokens.delete.revoked] Token ${label} MUST read ${revoked ? 'revoked (only DELETE of it revokes it)' : 'active: only a DELETE of that token revokes it'}.`,
      want,
      got,
    );
  }
}

class List implements Cmd {
  constructor(readonly state: 'active' | 'inactive' | 'all') {}
  check = () => true;
  async run(m: TokenModel, r: TokenReal): Promise<void> {
    const res = await r.s.admin.get(base(r), { query: { state: this.state, per_page: PER_PAGE_MAX } });
    check.status(res, 200, '[tokens.list.status] GET /users/:user_id/impersonation_tokens MUST answer 200.');
    const labelOf = new Map(r.tokens.map((t, i) => [t.id, m.tokens[i]!.label]));
    const got = (res.json as { id: number }[]).map((t) => labelOf.get(t.id) ?? `other#${t.id}`).sort();
    const want = m.tokens
      .filter((t) => this.state === 'all' || (this.state === 'active') !== t.revoked)
      .map((t) => t.label)
      .sort();
    requireThat(
      JSON.stringify(got) === JSON.stringify(want),
      `[tokens.filter.${this.state}] state=${this.state} MUST list exactly the ${this.state === 'all' ? '' : `${this.state} `}tokens.`,
      want,
      got,
    );
  }
  toString = () => `list(${this.state})`;
}

const SCOPES = fc.constantFrom(['api'], ['read_user'], ['api', 'read_user']);

export const TOKEN_COMMANDS: fc.Arbitrary<Cmd>[] = [
  SCOPES.map((scopes) => new Create(scopes)),
  SCOPES.map((scopes) => new Create(scopes)),
  fc.nat(7).map((n) => new Use(n)),
  fc.nat(7).map((n) => new Revoke(n)),
  fc.nat(7).map((n) => new Revoke(n)),
  fc.nat(7).map((n) => new RevokeAgain(n)),
  fc.nat(7).map((n) => new Get(n)),
  fc.constantFrom('active' as const, 'inactive' as const, 'all' as const).map((state) => new List(state)),
  fc.constantFrom('active' as const, 'inactive' as const, 'all' as const).map((state) => new List(state)),
];

/**
 * Played first on every run: two tokens, the first revoked, then revoked again, then the second
 * used. A target whose repeated DELETE revokes another token (the newest live one, say) fails on
 * the use; drawn at random, that order is rare.
 */
export const tokenExamples = (): Cmd[][] => [[new Create(['api']), new Create(['api']), new Revoke(0), new RevokeAgain(0), new Use(1)]];

/** A fresh user without tokens: the run's model starts empty. */
export async function tokenSetup(s: Session): Promise<{ model: TokenModel; real: TokenReal }> {
  const user = await createUser(s, {}, { token: false });
  return { model: { tokens: [] }, real: { s, userId: user.id, tokens: [] } };
}

/** Deletes the run's user (its tokens go with it). */
export async function dropTokenUser(real: TokenReal): Promise<void> {
  await real.s.admin.delete(`/users/${real.userId}`, { query: { hard_delete: 'true' } });
}
