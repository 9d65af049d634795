/** The allure writer swap: per-test files written plainly where allure's own writer would put them; the rest left to it. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';
import { plainWrites } from './allure-reporter.ts';

const tempFolder = tempFoldersForThisFile();

describe('plainWrites', () => {
  test("results, containers and attachments land as files; other writes go to allure's writer", () => {
    const dir = join(tempFolder('cfk-allure-'), 'allure-results');
    const delegated: string[] = [];
    const own = {
      writeAttachment: () => {
        throw new Error('not here');
      },
      writeAttachmentFromPath: () => {
        throw new Error('not here');
      },
      writeGroup: () => {
        throw new Error('not here');
      },
      writeResult: () => {
        throw new Error('not here');
      },
      writeEnvironmentInfo: (info: unknown) => {
        delegated.push(JSON.stringify(info));
      },
    };
    const w = plainWrites(own, dir);
    w.writeResult({ uuid: 'u1', name: 'a test' } as { uuid: string });
    w.writeGroup({ uuid: 'g1' });
    w.writeAttachment('a1-attachment.json', '{"x":1}');
    w.writeAttachmentFromPath('a2-attachment.txt', join(dir, 'a1-attachment.json'));
    (w.writeEnvironmentInfo as (i: unknown) => void)({ node: '20' });
    expect(JSON.parse(readFileSync(join(dir, 'u1-result.json'), 'utf8'))).toEqual({ uuid: 'u1', name: 'a test' });
    expect(existsSync(join(dir, 'g1-container.json'))).toBe(true);
    expect(readFileSync(join(dir, 'a2-attachment.txt'), 'utf8')).toBe('{"x":1}');
    expect(delegated).toEqual(['{"node":"20"}']);
  });
});
