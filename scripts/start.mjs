/**
 * `npm start`: runs the bundled server (dist/cli.mjs), rebuilding it first only when a source,
 * fixture or scenario file is newer than the bundle. Without esbuild (an install without dev
 * dependencies) it falls back to running the TypeScript sources through tsx.
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

const stale = !existsSync(bundle) || ['src', 'fixtures', 'scenarios'].some((dir) => newestIn(join(root, dir)) > statSync(bundle).mtimeMs)
let built = !stale
if (stale) {
  const { buildCli } = await import('./build.mjs')
  try {
    await buildCli()
    built = true
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error
  }
}
if (built) {
  await import(pathToFileURL(bundle).href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(pathToFileURL(join(root, 'src/runtimes/cli/main.ts')).href)
}
