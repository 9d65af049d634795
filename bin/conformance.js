#!/usr/bin/env node
// The `conformance` command.
//
//   npx conformance certify --base-url https://gitlab.example.com   (CONFORMANCE_ADMIN_TOKEN set)
//   npx conformance serve --port 4010
//
// Installed from the package it runs the compiled CLI (dist/cli.js, plain JavaScript: no TypeScript
// loader at run time). In a checkout of the repository (src/cli.ts is there; the package does not
// ship it) it runs the TypeScript source through tsx, a dev dependency: the repository never needs a
// build, and a dist/ left over from an earlier `npm pack` is never run instead of the source.
import { existsSync } from 'node:fs';

// Output piped into `head` and the like: a closed pipe ends the command quietly.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const source = new URL('../src/cli.ts', import.meta.url);
const checkout = existsSync(source);
// vitest loaded by node, not through tsx's loader (src/run/vitest-node.ts): about 0.5 s of CPU less per run.
if (checkout) globalThis[Symbol.for('api-v4-conformance.native-import')] = (specifier) => import(specifier);
const { main } = checkout ? await (await import('tsx/esm/api')).tsImport(source.href, import.meta.url) : await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
