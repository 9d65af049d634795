/**
 * SSH keys, refused input: missing title or key (400 naming the attribute), a key already
 * registered (400 keyed by fingerprint and key), and broken key texts from create-invalid.json
 * (400 with a field map, never a 5xx).
 */
import { beforeAll, describe } from 'vitest';
import {
  brokenSshKey,
  check,
  clauseTest,
  createUser,
  requireThat,
  session,
  sshPublicKey,
  type CreatedUser,
  type SshKeyBreakage,
  type SshKeyKind,
} from '../../src/kit/index.ts';
import { addOwnKey } from './fixtures.ts';
import table from './create-invalid.json' with { type: 'json' };

interface InvalidCase {
  description: string;
  kind: SshKeyKind;
  breakage: SshKeyBreakage;
}
const invalid = table.cases as InvalidCase[];

describe.concurrent('POST /user/keys refusals', () => {
  let alice: CreatedUser;
  beforeAll(async () => {
    alice = await createUser(session());
  });
  const post = async (json: Record<string, unknown>) => alice.client.post('/user/keys', { json });

  clauseTest('keys.create_own.title_required', 'POST /user/keys without title answers 400', async () => {
    const key = await sshPublicKey();
    check.status(await post({ key: key.text }), 400);
  });

  clauseTest('keys.create_own.key_required', 'POST /user/keys without key answers 400', async () => {
    check.status(await post({ title: 'no key' }), 400);
  });

  clauseTest('errors.missing_attr.status', 'POST /user/keys without title (the spec example) answers 400', async () => {
    const key = await sshPublicKey();
    check.status(await post({ key: key.text }), 400);
  });

  clauseTest(
    'errors.missing_attr.message_string',
    'the 400 of POST /user/keys without title has a message string naming title',
    async () => {
      const key = await sshPublicKey();
      const res = await post({ key: key.text });
      check.status(res, 400);
      check.missingAttributeBody(res, 'title');
    },
  );

  clauseTest(
    'keys.create_own.duplicate_status',
    'POST /user/keys with a key already registered (another comment) answers 400',
    async () => {
      const { res: first, key } = await addOwnKey(alice);
      check.status(first, 201, 'The first registration MUST succeed (201).');
      check.status(await post({ title: 'again', key: `${key.type} ${key.body} another-comment` }), 400);
    },
  );

  clauseTest(
    'keys.create_own.duplicate_fingerprint',
    'the duplicate-key 400 body has message.fingerprint and message.key, arrays of strings',
    async () => {
      const { res: first, key } = await addOwnKey(alice);
      check.status(first, 201, 'The first registration MUST succeed (201).');
      const res = await post({ title: 'again', key: key.text });
      check.status(res, 400);
      check.errorBody(res, 'error.validation');
      for (const field of ['fingerprint', 'key']) {
        const v = res.json.message[field];
        requireThat(
          Array.isArray(v) && v.length > 0 && v.every((x: unknown) => typeof x === 'string'),
          `message.${field} MUST be an array of error strings.`,
          'a non-empty array of strings',
          v ?? '(absent)',
        );
      }
    },
  );

  clauseTest('errors.validation.status', 'POST /user/keys with a broken key text answers 400 (table create-invalid.json)', async () => {
    for (const c of invalid) {
      const res = await post({ title: c.breakage, key: brokenSshKey(c.breakage, await sshPublicKey(c.kind)) });
      check.status(res, 400, `A key with ${c.description} MUST be refused with 400.`);
    }
  });

  clauseTest(
    'errors.validation.message_object',
    'the 400 of an invalid key has message as an object of property -> error strings',
    async () => {
      const res = await post({ title: 'garbage', key: brokenSshKey('swap-type', await sshPublicKey()) });
      check.status(res, 400);
      check.errorBody(res, 'error.validation');
    },
  );
});
