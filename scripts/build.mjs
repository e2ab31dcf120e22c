/**
 * `npm run build` (run by `prepack`, so by `npm pack`, `npm publish` and a git install; not by
 * `npm install`, so installing the tarball lists no install script): the library with tsdown
 * (tsdown.config.ts: the entries of the exports map, ESM and CommonJS, and their declarations),
 * then the command and the dashboard with esbuild (scripts/build-apps.mjs).
 *
 * `--if-stale` builds only when a file the build reads changed since the last one (or dist/ lost a
 * file it wrote): the tests' global setup, `npm pack` and the CI steps after `npm test` then share
 * one build of a checkout instead of making the same dist/ again each. The last build's record is
 * dist/.build.json (not shipped): every file under the folders the build reads, and the files that
 * configure it, with their modification times, and what it wrote. Installed packages are covered
 * by package-lock.json; the msw or Node a later step installs over it does not change the output.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const RECORD = join(root, 'dist', '.build.json')
const SOURCE_FOLDERS = ['src', 'fixtures', 'scenarios']
const BUILD_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsdown.config.ts',
  'scripts/build.mjs',
  'scripts/build-apps.mjs',
]

/** Every file under `folder`, relative to the root. */
function filesUnder(folder) {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

/** Each file the build reads, with its modification time now. */
function sourcesNow() {
  const files = [...BUILD_FILES, ...SOURCE_FOLDERS.flatMap(filesUnder)].sort()
  return Object.fromEntries(files.map((file) => [file, statSync(join(root, file)).mtimeMs]))
}

/** Why dist/ is out of date, or undefined when the last build's record still holds. */
function staleReason(sources) {
  let record
  try {
    record = JSON.parse(readFileSync(RECORD, 'utf8'))
  } catch {
    return 'no record of a build'
  }
  for (const output of record.outputs)
    if (statSync(join(root, output), { throwIfNoEntry: false }) === undefined) return `${output} is missing`
  const before = Object.keys(record.sources)
  if (before.length !== Object.keys(sources).length) return 'files were added or removed'
  for (const file of before) if (sources[file] !== record.sources[file]) return `${file} changed`
  return undefined
}

const ifStale = process.argv.includes('--if-stale')
const startedAt = Date.now()
const reason = ifStale ? staleReason(sourcesNow()) : 'asked for'
if (reason === undefined) {
  console.log('build: dist/ is up to date with the sources (--if-stale)')
} else {
  const { build } = await import('tsdown')
  const { buildApps } = await import('./build-apps.mjs')
  await build({ logLevel: 'warn' })
  await buildApps()
  // A source changed while the build ran is recorded as -1, which no file has: the next check rebuilds.
  const sources = Object.fromEntries(
    Object.entries(sourcesNow()).map(([file, mtime]) => [file, mtime >= startedAt ? -1 : mtime]),
  )
  const outputs = readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => file !== relative(root, RECORD))
    .sort()
  writeFileSync(RECORD, `${JSON.stringify({ sources, outputs }, null, 1)}\n`)
  if (ifStale) console.log(`build: built dist/ (${reason})`)
}
