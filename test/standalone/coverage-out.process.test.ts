/**
 * `serve --coverage-out <file>`: the command writes the API coverage report when it is stopped
 * (SIGTERM, as CI stops it), whole, and says so. A target it could not write (a directory, a FIFO
 * or device, a path under a file) is refused at start, before anything is served, and left as it
 * was; one that becomes unwritable while it runs makes it exit 1 saying why.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { CoverageReport } from '../../src/contract/coverage-report.ts'
import { cliPath, startCli } from '../support/cli-process.ts'
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

it.each([
  ['a directory', (directory: string) => mkdirSync(join(directory, 'target')), 'is a directory'],
  ['a FIFO', (directory: string) => execFileSync('mkfifo', [join(directory, 'target')]), 'is not a regular file'],
])('refuses %s at start and leaves it as it was', (_, make, saying) => {
  const directory = temporaryDirectory('coverage-out-')
  const target = join(directory, 'target')
  make(directory)
  const kind = (stats = lstatSync(target)) => [stats.isDirectory(), stats.isFIFO()]
  const before = kind()
  const run = spawnSync(process.execPath, [cliPath, 'serve', '--port', '0', '--coverage-out', target], {
    encoding: 'utf8',
    timeout: 15_000,
  })
  expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' })
  expect(run.stderr).toContain(`--coverage-out: ${target} ${saying}`)
  expect(kind()).toEqual(before)
})

it('refuses a path under a file at start', () => {
  const blocker = join(temporaryDirectory('coverage-out-'), 'a-file')
  writeFileSync(blocker, '')
  const run = spawnSync(
    process.execPath,
    [cliPath, 'serve', '--port', '0', '--coverage-out', join(blocker, 'api-coverage.json')],
    { encoding: 'utf8', timeout: 15_000 },
  )
  expect(run.status).toBe(2)
  expect(run.stderr).toContain(`--coverage-out: the directory ${blocker} cannot be created`)
})

it('exits 1, saying why, when the target became a directory while it ran, and leaves it', async () => {
  const directory = temporaryDirectory('coverage-out-')
  const target = join(directory, 'api-coverage.json')
  const server = await startCli(['--coverage-out', target, '--quiet'])
  mkdirSync(target)
  expect(await server.stop('SIGTERM')).toBe(1)
  expect(server.output()).toContain(`the coverage report could not be written to ${target}`)
  expect(lstatSync(target).isDirectory()).toBe(true)
})
