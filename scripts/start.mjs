/**
 * The server from its ESM bundle (dist/cli.mjs), rebuilding dist/ (bundle and V8 startup snapshot)
 * first only when a source, fixture or scenario file, or scripts/node-flags, is newer than the
 * bundle. `npm start` (scripts/start.sh) runs this when the snapshot is not usable; it also runs on
 * its own, where there is no POSIX shell. esbuild is always there: tsx, a dependency, depends on it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = join(import.meta.dirname, '..')
const bundle = join(root, 'dist', 'cli.mjs')

function newestIn(directory) {
  let newest = 0
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs)
  }
  return newest
}

const stale =
  !existsSync(bundle) ||
  ['src', 'fixtures', 'scenarios'].some((dir) => newestIn(join(root, dir)) > statSync(bundle).mtimeMs) ||
  statSync(join(root, 'scripts', 'node-flags')).mtimeMs > statSync(bundle).mtimeMs
if (stale) {
  try {
    await (await import('./build.mjs')).buildCli()
  } catch (error) {
    // A mistake in a bundled fixture: say which file and field, as the loader does, without a stack.
    if (error?.name !== 'FixtureError') throw error
    console.error(`debt-token-simulator: ${error.message}`)
    process.exit(1)
  }
}
await import(pathToFileURL(bundle).href)
