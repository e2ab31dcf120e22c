/**
 * Each process leaves its API coverage part in a directory when it exits, from the built package:
 * `setupSimulatorServer({ coverage: { dir } })` in one process, `DEBT_TOKEN_SIMULATOR_COVERAGE_DIR`
 * in another, and `coverage report <dir>` merges them into one report.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** Runs a test process of its own that sets up the simulator with `options` and sends `path` once. */
function runProcess(options: string, path: string, env: Record<string, string> = {}) {
  const script = `
    import { setupSimulatorServer } from ${JSON.stringify(join(projectRoot, 'dist/node.js'))}
    const { server } = setupSimulatorServer(${options})
    server.listen({ onUnhandledRequest: 'error' })
    await fetch('https://api.example.test${path}', { headers: { authorization: 'Bearer t' } })
    server.close()
  `
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
}

it('leaves one part per process, which the command merges', async () => {
  const directory = temporaryDirectory('coverage-parts-')
  runProcess(
    `{ baseUrl: 'https://api.example.test', coverage: { dir: ${JSON.stringify(directory)} } }`,
    '/securityToken',
  )
  runProcess(`{ baseUrl: 'https://api.example.test' }`, '/users/nobody', {
    DEBT_TOKEN_SIMULATOR_COVERAGE_DIR: directory,
  })
  const parts = readdirSync(directory)
  expect(parts).toHaveLength(2)
  for (const part of parts) expect(part).toMatch(/^coverage-\d+-[0-9a-f]+\.json$/)

  const out: string[] = []
  const code = await dispatch(['coverage', 'report', directory, '--min-operations', '10'], {
    out: (text) => out.push(text),
    err: (text) => out.push(text),
  })
  expect(out.join('\n')).toContain('API coverage: 2/')
  expect(code).toBe(0)
})

it.each(['forks', 'threads'])(
  "leaves a part per test file from vitest's %s workers, which end without an exit event, when the suite closes the server",
  async (pool) => {
    const project = temporaryDirectory(`coverage-parts-vitest-${pool}-`)
    const directory = join(project, 'api-coverage')
    const files = { 'a.test.mjs': 3, 'b.test.mjs': 1, 'c.test.mjs': 2 }
    writeFileSync(join(project, 'vitest.config.mjs'), 'export default {}\n')
    for (const [file, requests] of Object.entries(files))
      writeFileSync(
        join(project, file),
        `import { afterAll, beforeAll, it } from 'vitest'
        import { setupSimulatorServer } from ${JSON.stringify(join(projectRoot, 'dist/node.js'))}
        const { server } = setupSimulatorServer({ baseUrl: 'https://api.example.test' })
        beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
        afterAll(() => server.close())
        it('sends', async () => {
          for (let i = 0; i < ${requests}; i++)
            await fetch('https://api.example.test/securityToken', { headers: { authorization: 'Bearer t' } })
        })\n`,
      )
    const vitest = join(projectRoot, 'node_modules/vitest/vitest.mjs')
    const result = spawnSync(
      process.execPath,
      [vitest, 'run', '--root', project, '--pool', pool, '--maxWorkers', '3'],
      {
        cwd: project,
        env: { ...process.env, DEBT_TOKEN_SIMULATOR_COVERAGE_DIR: directory, FORCE_COLOR: '0' },
        encoding: 'utf8',
      },
    )
    expect(result.status, result.stdout + result.stderr).toBe(0)
    expect(readdirSync(directory)).toHaveLength(3)
    const out = join(project, 'merged.json')
    const code = await dispatch(['coverage', 'report', directory, '--json', out], { out: () => {}, err: () => {} })
    expect(code).toBe(0)
    const sent = Object.values(files).reduce((sum, count) => sum + count, 0)
    expect(JSON.parse(readFileSync(out, 'utf8')).totals.calls).toBe(sent)
  },
)
