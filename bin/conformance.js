#!/usr/bin/env node
// The `conformance` command: loads the TypeScript CLI through tsx (a runtime dependency).
import { tsImport } from 'tsx/esm/api';

// Output piped into `head` and the like: a closed pipe ends the command quietly.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });

const { main } = await tsImport('../src/cli.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
