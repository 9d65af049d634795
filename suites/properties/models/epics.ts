/**
 * The epic model (spec: States and transitions > Epic; Endpoints > Epics) for the epics of one fresh
 * private group: create, close (an opened epic), reopen (a closed one), update (title, description,
 * labels), todo (the admin's; 201, then 304 while it is pending) and get. The model holds each
 * epic's state, title, description and labels (compared as sets), and whether the admin has a todo
 * on it; every answer is compared with it.
 *
 *   await runModel(ctx, EPIC_COMMANDS, () => epicSetup(s), { teardown: dropGroup });
 */
import { check, createGroup, fc, isApiDatetime, requireThat, SEARCH_WORDS, type Session } from '../../../src/kit/index.ts';

interface EpicEntry {
  label: string;
  iid: number;
  state: 'opened' | 'closed';
  title: string;
  description: string;
  labels: string[];
  todo: boolean;
}
export interface EpicModel {
  epics: EpicEntry[];
}
interface EpicReal {
  s: Session;
  groupId: number;
  labelNames: string[];
}
type Cmd = fc.AsyncCommand<EpicModel, EpicReal>;

const sortedSet = (xs: unknown[]) => [...new Set(xs.map(String))].sort();
const path = (r: EpicReal, e?: EpicEntry) => `/groups/${r.groupId}/epics${e ? `/${e.iid}` : ''}`;

/** The fields the model knows are what the target answered. */
function same(e: EpicEntry, body: Record<string, any>, after: string, clause: string): void {
  const want = { state: e.state, title: e.title, description: e.description, labels: e.labels };
  const got = { state: body?.state, title: body?.title, description: body?.description ?? '', labels: sortedSet(body?.labels ?? []) };
  requireThat(
    JSON.stringify(got) === JSON.stringify(want),
    `[${clause}] After ${after}, ${e.label} MUST read as the model says (state, title, description, labels).`,
    want,
    got,
  );
}

class Create implements Cmd {
  private label = 'create()';
  constructor(
    readonly word: string,
    readonly labels: number[],
  ) {}
  check = (m: Readonly<EpicModel>) => m.epics.length < 5;
  async run(m: EpicModel, r: EpicReal): Promise<void> {
    const label = `e${m.epics.length + 1}`;
    const labels = sortedSet(this.labels.map((i) => r.labelNames[i]));
    this.label = `create(${label}, "${this.word}", [${this.labels.join(',')}])`;
    const res = await r.s.admin.post(path(r), { json: { title: `${label} ${this.word}`, labels: labels.join(',') } });
    check.status(res, 201, '[epics.create.status] POST /groups/:id/epics MUST answer 201.');
    const e: EpicEntry = {
      label,
      iid: res.json.iid,
      state: 'opened',
      title: `${label} ${this.word}`,
      description: '',
      labels,
      todo: false,
    };
    same(e, res.json, 'create', 'epics.create.opened');
    m.epics.push(e);
  }
  toString = () => this.label;
}

abstract class OnEpic implements Cmd {
  protected label = '';
  constructor(readonly n: number) {}
  abstract verb: string;
  abstract wants(e: EpicEntry): boolean;
  check = (m: Readonly<EpicModel>) => m.epics.some((e) => this.wants(e));
  abstract act(m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void>;
  async run(m: EpicModel, r: EpicReal): Promise<void> {
    const candidates = m.epics.filter((e) => this.wants(e));
    const e = candidates[this.n % candidates.length]!;
    this.label = `${this.verb}(${e.label}${this.detail()})`;
    await this.act(m, r, e);
  }
  detail = () => '';
  toString = () => this.label || `${this.verb}(#${this.n})`;
}

class Close extends OnEpic {
  verb = 'close';
  wants = (e: EpicEntry) => e.state === 'opened';
  async act(_m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void> {
    const res = await r.s.admin.put(path(r, e), { json: { state_event: 'close' } });
    check.status(res, 200, '[epics.update.status] PUT with state_event=close MUST answer 200.');
    e.state = 'closed';
    same(e, res.json, 'close', 'epics.transition.close');
    requireThat(
      typeof res.json.closed_at === 'string' && isApiDatetime(res.json.closed_at),
      '[epics.transition.closed_at] A closed epic MUST have closed_at as a datetime.',
      'a datetime',
      res.json.closed_at,
    );
  }
}

class Reopen extends OnEpic {
  verb = 'reopen';
  wants = (e: EpicEntry) => e.state === 'closed';
  async act(_m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void> {
    const res = await r.s.admin.put(path(r, e), { json: { state_event: 'reopen' } });
    check.status(res, 200, '[epics.update.status] PUT with state_event=reopen MUST answer 200.');
    e.state = 'opened';
    same(e, res.json, 'reopen', 'epics.transition.reopen');
  }
}

class Update extends OnEpic {
  verb = 'update';
  constructor(
    n: number,
    readonly change: { title?: string; description?: string; labels?: number[] },
  ) {
    super(n);
  }
  wants = () => true;
  detail = () => `, ${JSON.stringify(this.change)}`;
  async act(_m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void> {
    const body: Record<string, string> = {};
    if (this.change.title !== undefined) body.title = `${e.label} ${this.change.title}`;
    if (this.change.description !== undefined) body.description = this.change.description;
    if (this.change.labels !== undefined) body.labels = sortedSet(this.change.labels.map((i) => r.labelNames[i])).join(',');
    const res = await r.s.admin.put(path(r, e), { json: body });
    check.status(res, 200, '[epics.update.status] PUT /groups/:id/epics/:epic_iid MUST answer 200.');
    if (body.title !== undefined) e.title = body.title;
    if (body.description !== undefined) e.description = body.description;
    if (body.labels !== undefined) e.labels = body.labels === '' ? [] : body.labels.split(',');
    same(e, res.json, 'update', 'epics.update.fields');
  }
}

class Todo extends OnEpic {
  verb = 'todo';
  wants = () => true;
  async act(_m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void> {
    const res = await r.s.admin.post(`${path(r, e)}/todo`);
    if (e.todo)
      check.status(res, 304, `[todos.create.duplicate_304] A second todo on ${e.label} while the first is pending MUST answer 304.`);
    else check.status(res, 201, `[todos.create.status] The first todo on ${e.label} MUST answer 201.`);
    e.todo = true;
  }
}

class Get extends OnEpic {
  verb = 'get';
  wants = () => true;
  async act(_m: EpicModel, r: EpicReal, e: EpicEntry): Promise<void> {
    const res = await r.s.admin.get(path(r, e));
    check.status(res, 200, '[epics.get.status] GET /groups/:id/epics/:epic_iid MUST answer 200.');
    same(e, res.json, 'the earlier commands', 'epics.update.fields');
  }
}

const word = fc.constantFrom(...SEARCH_WORDS);
const labels = fc.subarray([0, 1, 2]);

export const EPIC_COMMANDS: fc.Arbitrary<Cmd>[] = [
  fc.tuple(word, labels).map(([w, l]) => new Create(w, l)),
  fc.nat(7).map((n) => new Close(n)),
  fc.nat(7).map((n) => new Reopen(n)),
  // At least one field: the spec does not say how a PUT with no parameter answers (the platform refuses it, 400).
  fc
    .tuple(
      fc.nat(7),
      fc.record({ title: word, description: word, labels }, { requiredKeys: [] }).filter((c) => Object.keys(c).length > 0),
    )
    .map(([n, c]) => new Update(n, c)),
  fc.nat(7).map((n) => new Todo(n)),
  fc.nat(7).map((n) => new Get(n)),
];

export async function epicSetup(s: Session): Promise<{ model: EpicModel; real: EpicReal }> {
  const group = await createGroup(s);
  const labelNames = [0, 1, 2].map((i) => `${s.name('el').toLowerCase()}-${i}`);
  return { model: { epics: [] }, real: { s, groupId: group.id as number, labelNames } };
}

export async function dropEpicGroup(real: EpicReal): Promise<void> {
  await real.s.admin.delete(`/groups/${real.groupId}`);
}
