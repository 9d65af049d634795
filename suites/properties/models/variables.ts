/**
 * The model of a project's variables per environment scope (spec: Endpoints > Project variables,
 * filter[environment_scope]) in a fresh private project: two keys, three scopes, so the same key
 * lives in several scopes. Commands: create (a key/scope pair not yet there), update, get and
 * delete one pair with filter[environment_scope], and list. The model maps key|scope to value.
 *
 *   await runModel(ctx, VARIABLE_COMMANDS, () => variableSetup(s, groupId), { teardown: dropProject });
 */
import { PER_PAGE_MAX, check, createProject, fc, requireThat, type Session } from '../../../src/kit/index.ts';

export const SCOPES = ['*', 'production', 'staging'] as const;
interface Pair {
  key: number;
  scope: string;
}
export interface VariableModel {
  values: Map<string, string>;
}
interface VariableReal {
  s: Session;
  projectId: number;
  keys: string[];
}
type Cmd = fc.AsyncCommand<VariableModel, VariableReal>;

const id = (p: Pair) => `${p.key}|${p.scope}`;
const parse = (k: string): Pair => ({ key: Number(k.split('|')[0]), scope: k.slice(k.indexOf('|') + 1) });
const name = (p: Pair) => `K${p.key + 1}@${p.scope}`;
const filter = (scope: string) => ({ filter: { environment_scope: scope } });
const url = (r: VariableReal, p?: Pair) => `/projects/${r.projectId}/variables${p ? `/${r.keys[p.key]}` : ''}`;

class Create implements Cmd {
  constructor(
    readonly pair: Pair,
    readonly value: string,
  ) {}
  check = (m: Readonly<VariableModel>) => !m.values.has(id(this.pair));
  async run(m: VariableModel, r: VariableReal): Promise<void> {
    const res = await r.s.admin.post(url(r), {
      json: { key: r.keys[this.pair.key], value: this.value, environment_scope: this.pair.scope },
    });
    check.status(res, 201, `[variables.create.status] Creating ${name(this.pair)} (the key is free in that scope) MUST answer 201.`);
    requireThat(
      res.json?.environment_scope === this.pair.scope && res.json?.value === this.value,
      `[variables.create.environment_scope_set] The created ${name(this.pair)} MUST carry its scope and value.`,
      { environment_scope: this.pair.scope, value: this.value },
      { environment_scope: res.json?.environment_scope, value: res.json?.value },
    );
    m.values.set(id(this.pair), this.value);
  }
  toString = () => `create(${name(this.pair)}, "${this.value}")`;
}

abstract class OnPair implements Cmd {
  protected label = '';
  constructor(readonly n: number) {}
  abstract verb: string;
  check = (m: Readonly<VariableModel>) => m.values.size > 0;
  abstract act(m: VariableModel, r: VariableReal, p: Pair): Promise<void>;
  async run(m: VariableModel, r: VariableReal): Promise<void> {
    const p = parse([...m.values.keys()].sort()[this.n % m.values.size]!);
    this.label = `${this.verb}(${name(p)}${this.detail()})`;
    await this.act(m, r, p);
  }
  detail = () => '';
  toString = () => this.label || `${this.verb}(#${this.n})`;
}

class Update extends OnPair {
  verb = 'update';
  constructor(
    n: number,
    readonly value: string,
  ) {
    super(n);
  }
  detail = () => `, "${this.value}"`;
  async act(m: VariableModel, r: VariableReal, p: Pair): Promise<void> {
    const res = await r.s.admin.put(url(r, p), { query: filter(p.scope), json: { value: this.value } });
    check.status(res, 200, `[variables.filter.get] PUT ${name(p)} with filter[environment_scope] MUST answer 200.`);
    requireThat(
      res.json?.value === this.value && res.json?.environment_scope === p.scope,
      `[variables.filter.get] PUT with filter[environment_scope]=${p.scope} MUST update that scope's variable.`,
      { value: this.value, environment_scope: p.scope },
      { value: res.json?.value, environment_scope: res.json?.environment_scope },
    );
    m.values.set(id(p), this.value);
  }
}

class Get extends OnPair {
  verb = 'get';
  async act(m: VariableModel, r: VariableReal, p: Pair): Promise<void> {
    const res = await r.s.admin.get(url(r, p), { query: filter(p.scope) });
    check.status(res, 200, `[variables.filter.get] GET ${name(p)} with filter[environment_scope] MUST answer 200.`);
    requireThat(
      res.json?.value === m.values.get(id(p)),
      `[variables.filter.get] GET with filter[environment_scope]=${p.scope} MUST return that scope's value.`,
      m.values.get(id(p)),
      res.json?.value,
    );
  }
}

class Delete extends OnPair {
  verb = 'delete';
  async act(m: VariableModel, r: VariableReal, p: Pair): Promise<void> {
    const res = await r.s.admin.delete(url(r, p), { query: filter(p.scope) });
    check.status(res, 204, `[variables.filter.get] DELETE ${name(p)} with filter[environment_scope] MUST answer 204.`);
    m.values.delete(id(p));
  }
}

class List implements Cmd {
  check = () => true;
  async run(m: VariableModel, r: VariableReal): Promise<void> {
    const res = await r.s.admin.get(url(r), { query: { per_page: PER_PAGE_MAX } });
    check.status(res, 200, '[variables.list.status] GET /projects/:id/variables MUST answer 200.');
    const got = (res.json as { key: string; value: string }[]).map((v) => `${v.key}=${v.value}`).sort();
    const want = [...m.values].map(([k, v]) => `${r.keys[parse(k).key]}=${v}`).sort();
    requireThat(
      JSON.stringify(got) === JSON.stringify(want),
      '[variables.filter.get] The list MUST hold each key once per scope, with the value the scoped writes left.',
      want,
      got,
    );
  }
  toString = () => 'list()';
}

const pair = fc.record({ key: fc.nat(1), scope: fc.constantFrom(...SCOPES) });
const value = fc.constantFrom('v1', 'v2', 'v3', 'v4');

export const VARIABLE_COMMANDS: fc.Arbitrary<Cmd>[] = [
  fc.tuple(pair, value).map(([p, v]) => new Create(p, v)),
  fc.tuple(pair, value).map(([p, v]) => new Create(p, v)),
  fc.tuple(fc.nat(9), value).map(([n, v]) => new Update(n, v)),
  fc.nat(9).map((n) => new Get(n)),
  fc.nat(9).map((n) => new Delete(n)),
  fc.constant(new List()),
];

export async function variableSetup(s: Session, groupId: number): Promise<{ model: VariableModel; real: VariableReal }> {
  const project = await createProject(s, { namespace_id: groupId });
  const base = s
    .name('mv')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  return { model: { values: new Map() }, real: { s, projectId: project.id as number, keys: [`${base}_1`, `${base}_2`] } };
}

export async function dropVariableProject(real: VariableReal): Promise<void> {
  await real.s.admin.delete(`/projects/${real.projectId}`);
}
