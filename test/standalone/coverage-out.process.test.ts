/**
 * `serve --coverage-out <file>`: the command writes the API coverage report when it is stopped
 * (SIGTERM, as CI stops it), whole, and says so; a file it cannot write makes it exit 1 saying why.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { CoverageReport } from '../../src/contract/coverage-report.ts'
import { startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

it('writes the report of what the server answered at shutdown', async () => {
  const directory = temporaryDirectory('coverage-out-')
  const file = join(directory, 'reports', 'api-coverage.json')
  const server = await startCli(['--coverage-out', file, '--quiet'])
  await fetch(`${server.url}/securityToken`, { headers: { authorization: 'Bearer t' } })
  await fetch(`${server.url}/securityToken`)
  expect(await server.stop('SIGTERM')).toBe(0)
  const report = CoverageReport.parse(JSON.parse(readFileSync(file, 'utf8')))
  const list = report.operations.find((operation) => operation.operationId === 'listSecurityTokens')!
  expect(list.responses.map(({ status, seen }) => [status, seen])).toEqual([
    [200, 1],
    [400, 0],
    [401, 1],
  ])
  expect(server.output()).toContain(`coverage (1/${report.totals.operations.total} operations`)
  // Written by a rename: nothing else is left beside it.
  expect(readdirSync(join(directory, 'reports'))).toEqual(['api-coverage.json'])
})

it('exits 1, saying why, when the report cannot be written', async () => {
  const directory = temporaryDirectory('coverage-out-')
  const blocker = join(directory, 'a-file')
  writeFileSync(blocker, '')
  const server = await startCli(['--coverage-out', join(blocker, 'api-coverage.json'), '--quiet'])
  expect(await server.stop('SIGTERM')).toBe(1)
  expect(server.output()).toContain('the coverage report could not be written')
})
