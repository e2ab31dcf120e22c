/**
 * `npm start` and `npm run replay` (scripts/start.mjs) run the built command and build it only
 * when it is missing or a file it was built from changed since: checked in the project (built by
 * the global setup: nothing to rebuild) and in a copy of the project's sources, where the first
 * start builds, the next one does not, and one after an edit rebuilds and says which file changed.
 */
import { execFile } from 'node:child_process'
import { cp, mkdtemp, rm, symlink, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { projectRoot } from '../support/cli-process.ts'

const run = promisify(execFile)

/** `node scripts/start.mjs --version` in `root`: what it printed. */
async function startVersion(root: string): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['scripts/start.mjs', '--version'], { cwd: root })
  return `${stdout}${stderr}`
}

it('runs the command the build made, rebuilding nothing when no source changed', async () => {
  expect(await startVersion(projectRoot)).toBe(`${packageJson.version}\n`)
})

describe('in a copy of the sources', () => {
  let copy: string
  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'dts-npm-start-'))
    for (const entry of [
      'src',
      'fixtures',
      'scenarios',
      'scripts',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
    ])
      await cp(join(projectRoot, entry), join(copy, entry), { recursive: true })
    await symlink(join(projectRoot, 'node_modules'), join(copy, 'node_modules'))
  })
  afterAll(() => rm(copy, { recursive: true, force: true }))

  it('builds on the first start, not on the next, and again after an edit', async () => {
    expect(await startVersion(copy)).toMatch(
      new RegExp(
        `^debt-token-simulator: rebuilt dist/cli and dist/dashboard \\(no build of the command yet\\) in \\d+ ms\\n${packageJson.version}\\n$`,
      ),
    )
    expect(await startVersion(copy)).toBe(`${packageJson.version}\n`)

    const edited = join(copy, 'src', 'command', 'command.ts')
    const now = new Date()
    await utimes(edited, now, now)
    expect(await startVersion(copy)).toMatch(/^debt-token-simulator: rebuilt .*\(src\/command\/command\.ts changed\)/)
    expect(await startVersion(copy)).toBe(`${packageJson.version}\n`)
  }, 60_000)
})
