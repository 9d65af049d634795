/** Unit tests of the leak scan. */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SecretSet } from '../shared/redact.ts';
import { readSecretsFile, secretsFileSink } from '../kit/channels.ts';
import { scanForSecrets } from './secret-scan.ts';
import { tempFoldersForThisFile } from '../shared/temp-folders.ts';

const temp = tempFoldersForThisFile();

describe('secret scan', () => {
  test('secrets added anywhere reach the secrets file once each', () => {
    const path = join(temp('sec-'), 'secrets');
    const set = new SecretSet(['admin-token-123'], secretsFileSink(path));
    set.add('imp-token-456');
    set.add('imp-token-456');
    set.add('abc'); // too short to be a secret
    expect(readSecretsFile(path)).toEqual(['admin-token-123', 'imp-token-456']);
  });

  test('finds secrets in nested output files, redacts them in place, leaves clean files alone', () => {
    const dir = temp('reports-');
    mkdirSync(join(dir, 'allure-results'));
    writeFileSync(join(dir, 'summary.md'), 'all clean');
    writeFileSync(
      join(dir, 'allure-results', 'x-attachment.txt'),
      `curl -H 'Private-Token: imp-token-456' http://h/?private_token=${encodeURIComponent('p@ss word!')}`,
    );
    const leaks = scanForSecrets(dir, ['imp-token-456', 'p@ss word!']);
    expect(leaks).toEqual([{ file: join(dir, 'allure-results', 'x-attachment.txt'), count: 2 }]);
    const after = readFileSync(join(dir, 'allure-results', 'x-attachment.txt'), 'utf8');
    expect(after).not.toContain('imp-token-456');
    expect(after).toContain('[redacted]');
    expect(scanForSecrets(dir, ['imp-token-456'])).toEqual([]);
  });

  test('reads only the files written since the run began: other files of the folder are left as they are', () => {
    const dir = temp('reports-');
    const old = join(dir, '.env');
    writeFileSync(old, 'CONFORMANCE_ADMIN_TOKEN=imp-token-456\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(old, past, past);
    writeFileSync(join(dir, 'summary.md'), 'token imp-token-456');
    const leaks = scanForSecrets(dir, ['imp-token-456'], Date.now() - 30_000);
    expect(leaks).toEqual([{ file: join(dir, 'summary.md'), count: 1 }]);
    expect(readFileSync(old, 'utf8')).toContain('imp-token-456');
  });
});
