/**
 * The run's HAR gives each credential a placeholder of its own (issue 41, item 3): the workers write
 * keyed placeholders (the same secret, the same placeholder in every worker of a run), the assembly
 * numbers them [redacted-1], [redacted-2]... in order of first appearance, and no secret and no
 * keyed placeholder is left. Other reports keep [redacted].
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyedPlaceholder, REDACTED, SecretSet } from '../shared/redact.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { assembleHar, numberPlaceholders } from './har.ts';

const temp = tempFoldersForThisFile();
const ADMIN = 'glpat-admin-0123456789';
const USER = 'glpat-user-9876543210';
const PASSWORD = 'Correct-Horse-Battery-1';

/** One part's entry, as a worker writes it: every secret as its keyed placeholder. */
function entry(secrets: SecretSet, key: string, at: string, headers: Record<string, string>, url: string, body: string) {
  const as = keyedPlaceholder(key);
  const text = secrets.redact(body, as);
  return {
    startedDateTime: at,
    request: {
      method: 'POST',
      url: secrets.redact(url, as),
      headers: Object.entries(secrets.redactHeaders(headers, as)).map(([name, value]) => ({ name, value })),
    },
    response: { status: 201, headers: [], content: { size: Buffer.byteLength(text), mimeType: 'application/json', text } },
  };
}

describe('the run HAR placeholders', () => {
  it('numbers each credential in order of first appearance, the same across workers', () => {
    const dir = temp('cfk-har-');
    mkdirSync(join(dir, 'har-parts'));
    const key = 'the-run-key';
    // Two workers, each with a SecretSet of its own.
    const a = new SecretSet([ADMIN, USER, PASSWORD]);
    const b = new SecretSet([ADMIN, USER]);
    const partA = [
      entry(a, key, '2024-01-01T00:00:02.000Z', { 'private-token': USER }, 'http://h/api/v4/user', `{"password":"${PASSWORD}"}`),
    ];
    const partB = [
      entry(b, key, '2024-01-01T00:00:01.000Z', { authorization: `Bearer ${ADMIN}` }, `http://h/api/v4/users?private_token=${USER}`, '{}'),
      entry(b, key, '2024-01-01T00:00:03.000Z', { 'private-token': ADMIN }, 'http://h/api/v4/users?private_token=unknown-value', '{}'),
    ];
    writeFileSync(join(dir, 'har-parts', 'a.jsonl'), partA.map((e) => JSON.stringify(e)).join('\n'));
    writeFileSync(join(dir, 'har-parts', 'b.jsonl'), partB.map((e) => JSON.stringify(e)).join('\n'));
    const file = assembleHar(dir, '0.0.0')!;
    const text = readFileSync(file, 'utf8');
    for (const secret of [ADMIN, USER, PASSWORD, 'unknown-value']) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\[redacted:/);
    const har = JSON.parse(text) as { log: { entries: ReturnType<typeof entry>[] } };
    const [first, second, third] = har.log.entries;
    // In time order, and within an entry as JSON writes it: the user's token in the first URL, then the admin's bearer token.
    expect(first!.request.url).toBe('http://h/api/v4/users?private_token=[redacted-1]');
    expect(first!.request.headers).toEqual([{ name: 'authorization', value: 'Bearer [redacted-2]' }]);
    expect(second!.request.headers).toEqual([{ name: 'private-token', value: '[redacted-1]' }]);
    expect(second!.response.content.text).toBe('{"password":"[redacted-3]"}');
    // content.size is the numbered text's.
    expect(second!.response.content.size).toBe(Buffer.byteLength('{"password":"[redacted-3]"}'));
    expect(third!.request.headers).toEqual([{ name: 'private-token', value: '[redacted-2]' }]);
    // A credential query value no SecretSet knew gets a placeholder of its own too.
    expect(third!.request.url).toBe('http://h/api/v4/users?private_token=[redacted-4]');
  });

  it('leaves the other reports with [redacted], and reads a numbered placeholder as no secret', () => {
    const s = new SecretSet([ADMIN]);
    expect(s.redact(`-H 'Private-Token: ${ADMIN}' 'http://h/api/v4/user?private_token=${ADMIN}'`)).toBe(
      `-H 'Private-Token: ${REDACTED}' 'http://h/api/v4/user?private_token=${REDACTED}'`,
    );
    expect(s.redactHeaders({ Authorization: `Bearer ${ADMIN}` })).toEqual({ Authorization: REDACTED });
    // The leak scan reads the HAR with the run's secrets: a numbered placeholder in a query is left as it is.
    expect(s.redact('http://h/api/v4/user?private_token=[redacted-7]')).toBe('http://h/api/v4/user?private_token=[redacted-7]');
    expect(numberPlaceholders('[redacted:00000000000000aa] [redacted:00000000000000bb] [redacted:00000000000000aa]')).toBe(
      '[redacted-1] [redacted-2] [redacted-1]',
    );
  });
});
