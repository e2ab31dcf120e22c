/**
 * Stories rendered in Node (portable stories in Vitest or Jest) leave API coverage parts, from the
 * built package: a process whose stories' `parameters.simulator.coverage.dir` names the directory,
 * another where DEBT_TOKEN_SIMULATOR_COVERAGE_DIR does, a third with neither; `coverage report
 * <dir>` merges the parts, and the merged calls are what the stories' requests made.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

/** A process that loads two stories with `parameters` and sends `requests` requests in each. */
function renderStories(parameters: string, requests: number, env: Record<string, string> = {}) {
  const script = `
    import { setupServer } from 'msw/node'
    import { simulatorHandlers, simulatorLoader } from ${JSON.stringify(join(projectRoot, 'dist/storybook.js'))}
    const server = setupServer(...simulatorHandlers('https://api.story.test'))
    server.listen({ onUnhandledRequest: 'error' })
    for (const [id, seed] of [['tokens--default', 1], ['tokens--other-seed', 2]]) {
      await simulatorLoader({ id, parameters: { simulator: { seed, ...${parameters} } } })
      for (let i = 0; i < ${requests}; i++)
        await fetch('https://api.story.test/securityToken', { headers: { authorization: 'Bearer story' } })
    }
    server.close()
  `
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: projectRoot,
    env: { ...process.env, DEBT_TOKEN_SIMULATOR_COVERAGE_DIR: '', ...env },
    encoding: 'utf8',
  })
  expect(result.status, result.stderr).toBe(0)
}

it('leaves a part per process of stories, in the directory the parameters or the variable name', async () => {
  const directory = temporaryDirectory('storybook-coverage-')
  renderStories(`{ coverage: { dir: ${JSON.stringify(directory)} } }`, 3)
  renderStories('{}', 2, { DEBT_TOKEN_SIMULATOR_COVERAGE_DIR: directory })
  renderStories('{}', 5)
  const parts = readdirSync(directory)
  expect(parts).toHaveLength(2)
  for (const part of parts) expect(part).toMatch(/^coverage-\d+-[0-9a-f]+\.json$/)

  const out = join(temporaryDirectory('storybook-coverage-out-'), 'merged.json')
  const said: string[] = []
  const code = await dispatch(['coverage', 'report', directory, '--json', out], {
    out: (text) => said.push(text),
    err: (text) => said.push(text),
  })
  expect(code, said.join('\n')).toBe(0)
  const report = JSON.parse(readFileSync(out, 'utf8'))
  // Two stories (two simulators: two seeds) a process: 2 × 3 and 2 × 2 requests.
  expect(report.totals.calls).toBe(10)
  const listed = report.operations.find(
    (operation: { operationId: string }) => operation.operationId === 'listSecurityTokens',
  )
  expect(listed.responses.find((response: { status: number }) => response.status === 200).seen).toBe(10)
})
