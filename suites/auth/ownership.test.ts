/**
 * Ownership isolation (broken object-level authorization): the /user/... routes that address an
 * item by id (GET and DELETE of /user/keys/:key_id, /user/gpg_keys/:key_id,
 * /user/emails/:email_id: the operations of the table under /user/ with an id parameter) reach
 * the caller's own items only. The run's regular user addresses ANOTHER user's key, GPG key or
 * e-mail by its id through its own routes: the answer is 404 (among the caller's own items that
 * id does not exist), and after a refused DELETE the owner still reads the item.
 *
 * Clauses. A DELETE cites the family's `*.delete_own.missing` ("DELETE /user/keys/:key_id for a
 * nonexistent key returns 404"): for the route's caller, an id that is not among its own is a
 * nonexistent key. A GET cites `errors.not_found.resource` ("Requesting a nonexistent resource id
 * returns 404"), not `*.get_own.status`: that clause states the 200 of the caller's own item,
 * while this test checks the 404 of an id the caller does not hold, which is what the general
 * not-found rule says. Each cell is one test with an item of its own, so a server that opens one
 * route fails that route's test alone, and its failure names the operation.
 *
 *   for each row: owner adds an item; s.user GETs or DELETEs /user/<family>/<owner's id> -> 404
 */
import { beforeAll, describe } from 'vitest';
import {
  check,
  clauseTest,
  createUser,
  gpgPublicKey,
  requireThat,
  session,
  sshPublicKey,
  type CreatedUser,
  type Session,
} from '../../src/kit/index.ts';
import { answerCells, cellTitle } from '../../src/spec/authorization-matrix.ts';
import { OPERATIONS, operationKey } from '../../src/spec/operations/index.ts';

interface OwnerScopedRow {
  method: string;
  /** The operation as the spec writes it. */
  operation: string;
  /** The matrix cell's title: operation and caller. */
  title: string;
  clause: string;
  /** The operation's tag: ssh-keys, gpg-keys, emails. */
  family: string;
  /** The caller's own collection, where the item is added: '/user/keys'. */
  collection: string;
}

/** The other-item cells of the authorization matrix: the owner-scoped operations of the table. */
const OWNER_SCOPED: OwnerScopedRow[] = answerCells('other-item').map((c) => {
  const o = OPERATIONS.find((op) => operationKey(op) === c.key)!;
  return {
    method: o.method,
    operation: c.operation,
    title: cellTitle(c),
    clause: c.expect.clause,
    family: o.tag,
    collection: c.operation.replace(/^\w+ /, '').replace(/\/:\w+$/, ''),
  };
});

/** The item's id, added by its owner through its own route; throws (set-up) when the server refuses it. */
async function addItem(s: Session, owner: CreatedUser, row: OwnerScopedRow): Promise<number> {
  const json =
    row.family === 'ssh-keys'
      ? { title: s.name('owned'), key: (await sshPublicKey('ed25519', owner.email)).text }
      : row.family === 'gpg-keys'
        ? { key: (await gpgPublicKey({ name: owner.name, email: owner.email })).armored }
        : { email: `${s.name('owned').toLowerCase()}@example.com` };
  const res = await owner.client.post(row.collection, { json });
  const item = Array.isArray(res.json) ? res.json[0] : res.json;
  if (res.status !== 201 || typeof item?.id !== 'number') {
    throw new Error(`fixture: POST ${row.collection} by the owner answered ${res.status || res.error} ${res.text.slice(0, 200)}`);
  }
  return item.id as number;
}

describe.concurrent("another user's items through the caller's own routes", () => {
  let owner: CreatedUser;
  beforeAll(async () => {
    owner = await createUser(session());
  });

  for (const row of OWNER_SCOPED) {
    clauseTest(row.clause, row.title, async ({ s, task }) => {
      task.meta.conformance!.cell = { operation: row.operation, caller: 'other-item' };
      const id = await addItem(s, owner, row);
      const path = `${row.collection}/${id}`;
      const res = await s.user.request(row.method, path);
      const what = `${row.method} ${row.collection}/:id`;
      check.status(res, 404, `${what} MUST reach the caller's own items only: another user's id answers 404.`);
      if (row.method !== 'DELETE') return;
      const still = await owner.client.get(path);
      requireThat(still.status === 200, `A refused ${what} MUST leave the owner's item in place (the owner reads it).`, 200, still.status);
    });
  }
});
