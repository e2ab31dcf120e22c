#!/usr/bin/env node
/**
 * The package's command, `debt-token-simulator` (dist/cli/cli.js): `npm start` and `npm run replay`
 * run it too.
 *
 * It turns on Node's own compile cache before it loads the rest, which is imported only after, so
 * every later start of the command reuses the compiled code (docs/performance.md). Node keeps the
 * cache in its own directory (NODE_COMPILE_CACHE, else the system's temporary directory), checks
 * each entry before it uses it, and starts without the cache when it cannot write one;
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { enableCompileCache } from 'node:module'

enableCompileCache?.()
const { runCli } = await import('./cli.ts')
void runCli(process.argv.slice(2))
