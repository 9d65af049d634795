#!/usr/bin/env node
// The `conformance` command: loads the TypeScript CLI through tsx (a runtime dependency).
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
