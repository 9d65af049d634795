/** Unit tests of the strict .env reading: dotenv's forms pass, a line dotenv would skip or misread is named, values are never shown. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkDotenvText } from './dotenv-check.ts';
import { loadDotenv } from './config.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';

const temp = tempFoldersForThisFile();
const SECRET = 'glpat-secret-value-0123';

describe('checkDotenvText', () => {
  test('blank lines, comments and every form dotenv reads pass', () => {
    const text = [
      '# a comment',
      '',
      'CONFORMANCE_SEED=3',
      'CONFORMANCE_NUM_RUNS = 5   # inline comment',
      'export CONFORMANCE_HEAVY=1',
      'CONFORMANCE_RUN_PREFIX: cfk-abc',
      `CONFORMANCE_ADMIN_TOKEN="${SECRET}"`,
      "CONFORMANCE_SKIP='clusters'",
      'MULTI="line one',
      'line two"',
      'ESCAPED="a \\" quote"',
      'EMPTY=',
      'URL=https://x.example/#not-a-comment?',
    ].join('\n');
    expect(() => checkDotenvText(text, '.env')).not.toThrow();
  });

  test.each([
    [
      `A=1\nCONFORMANCE_ADMIN_TOKEN="${SECRET}\nB=2`,
      '.env line 2: the value of CONFORMANCE_ADMIN_TOKEN opens a quote (") that is never closed',
    ],
    [`CONFORMANCE_ADMIN_TOKEN ${SECRET}`, '.env line 1: CONFORMANCE_ADMIN_TOKEN is not followed by "=" (lines are NAME=value)'],
    [`\n\n= ${SECRET}`, '.env line 3: is not NAME=value (nor blank, nor a # comment)'],
    [`CONFORMANCE_ADMIN_TOKEN='${SECRET}' extra`, ".env line 1: the value of CONFORMANCE_ADMIN_TOKEN has text after its closing quote (')"],
    ['A="x\ny" z', '.env line 2: the value of A has text after its closing quote (")'],
  ])('%j: %s', (text, message) => {
    expect(() => checkDotenvText(text, '.env')).toThrow(message);
    try {
      checkDotenvText(text, '.env');
    } catch (e) {
      expect((e as Error).message).not.toContain(SECRET);
      expect((e as { code?: string }).code).toBe('CONFIG_INVALID');
    }
  });

  test('loadDotenv checks the file before reading it', async () => {
    const file = join(temp('dotenv-'), '.env');
    writeFileSync(file, 'CFK_DOTENV_TEST_A=1\nCFK_DOTENV_TEST_B "x"\n');
    await expect(loadDotenv(file)).rejects.toThrow(`${file} line 2: CFK_DOTENV_TEST_B is not followed by "="`);
    expect(process.env.CFK_DOTENV_TEST_A).toBeUndefined();
  });
});
