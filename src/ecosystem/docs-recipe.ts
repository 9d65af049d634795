/**
 * The recipes' code as docs/reference-server.md (or another page of docs/) shows it: the one fenced block of a language, so a
 * recipe's proof (src/ecosystem/<client>/recipe.test.ts) can check that the file it runs is the code
 * the docs give.
 *
 *   expect(docsCodeBlock('go')).toBe(main.slice(main.indexOf('package client_test')));
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The content of the one ```<language> block of the docs page; throws when there is none or several. */
export function docsCodeBlock(language: string, page = 'reference-server.md'): string {
  const docs = readFileSync(fileURLToPath(new URL(`../../docs/${page}`, import.meta.url)), 'utf8');
  const blocks = [...docs.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);
  if (blocks.length !== 1) throw new Error(`docs/${page} has ${blocks.length} \`\`\`${language} blocks, not one`);
  return blocks[0]!;
}
