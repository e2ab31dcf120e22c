/**
 * Builds dist/ once before the tests when a source changed since the last build (`scripts/build.mjs
 * --if-stale`), so those that run the package's command or entries run today's sources. The `process` and `browser` projects both name this setup and vitest
 * runs it for each: the first build is marked in the environment, so a run builds once.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const BUILT = 'DEBT_TOKEN_SIMULATOR_TEST_BUILT'

export default function setup(): void {
  if (process.env[BUILT] === String(process.pid)) return
  const root = fileURLToPath(new URL('../', import.meta.url))
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' })
  process.env[BUILT] = String(process.pid)
}
