#!/usr/bin/env node
/**
 * The package's command. On a Node older than the package's floor it says so and exits 1: nothing else is
 * imported, and `node:module` is imported whole, since a named import of what an old Node lacks fails
 * before any code runs. Then it turns on Node's compile cache before importing the rest (compile-cache.ts).
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
