#!/usr/bin/env node
/**
 * The package's command, `debt-token-simulator` (dist/cli/cli.js): `npm start` and `npm run replay`
 * run it too.
 *
 * On a Node older than the package's floor it says so and exits 1: nothing else is imported, and
 * `node:module` is imported whole, since a named import of what an old Node lacks fails before any
 * code runs.
 *
 * Then it turns on Node's own compile cache before it loads the rest, which is imported only after,
 * so every later start of the command reuses the compiled code (docs/performance.md). The cache is
 * NODE_COMPILE_CACHE's when set, else a directory of the user's own (under XDG_CACHE_HOME or
 * ~/.cache), used only when no one else can write to it: Node trusts what it finds there, and a
 * directory in the shared temporary one could be planted by another user. Node checks each entry
 * and starts without the cache when it cannot write one; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import nodeModule from 'node:module'
import { ownCacheDirectory } from './compile-cache.ts'

const FLOOR = [22, 12] as const
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < FLOOR[0] || (major === FLOOR[0] && minor < FLOOR[1])) {
  process.stderr.write(
    `debt-token-simulator needs Node.js ${FLOOR.join('.')} or later; this is Node.js ${process.versions.node}.\n` +
      'Install a newer Node.js (https://nodejs.org/en/download) and run it again.\n',
  )
  process.exit(1)
}
const directory = process.env.NODE_COMPILE_CACHE ? undefined : ownCacheDirectory()
if (process.env.NODE_COMPILE_CACHE || directory !== undefined) nodeModule.enableCompileCache?.(directory)
const { runCli } = await import('./cli.ts')
void runCli(process.argv.slice(2))
