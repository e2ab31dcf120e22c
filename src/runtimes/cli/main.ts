#!/usr/bin/env node
/** The package's command, `debt-token-simulator` (dist/cli.js): `npm start` and `npm run replay` run it too. */
import { runCli } from './cli.ts'

void runCli(process.argv.slice(2))
