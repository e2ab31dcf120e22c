/**
 * `npm start` and `npm run replay`: runs the built command (dist/cli/cli.js) with the arguments
 * given, in this process (a fresh clone has none: `npm install` builds nothing, so the first start
 * does). The command and the dashboard are rebuilt first (with scripts/build-apps.mjs: rolldown and
 * esbuild) only when one of the files they were built from changed since the last build, or when
 * that build is missing: a start after no edit costs a few stats of the ~300 files the stamp lists,
 * a start after an edit about a second more.
 *
 * Plain JavaScript so that Node runs it as it is, with no TypeScript loader to start.
 */
import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildApps, STAMP } from './build-apps.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Why the built command is out of date, or undefined when it is not. */
function staleReason() {
  let stamp
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'))
  } catch {
    return 'no build of the command yet'
  }
  for (const output of stamp.outputs) {
    if (statSync(join(root, output), { throwIfNoEntry: false }) === undefined) return `${output} is missing`
  }
  for (const [source, recordedMtime] of Object.entries(stamp.sources)) {
    // Any other time, later or earlier (a file restored from elsewhere), means another content.
    const stats = statSync(join(root, source), { throwIfNoEntry: false })
    if (stats === undefined || stats.mtimeMs !== recordedMtime) return `${source} changed`
  }
  return undefined
}

const reason = staleReason()
if (reason !== undefined) {
  const started = performance.now()
  await buildApps()
  const ms = Math.round(performance.now() - started)
  console.log(`debt-token-simulator: rebuilt dist/cli and dist/dashboard (${reason}) in ${ms} ms`)
}
// The command reads its arguments from process.argv.slice(2): the ones npm passed to this script.
await import(pathToFileURL(join(root, 'dist', 'cli', 'cli.js')).href)
