/**
 * A QA run as users run it: the built command replays a shipped scenario with `--coverage <file>`,
 * the file is a coverage report by the package's JSON Schema whose calls are the scenario's steps
 * per operation, and `coverage report <its directory> --min-operations 100` fails the gate,
 * naming every operation the scenario never called.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect, it } from 'vitest'
import { matchRoute } from '../../src/pipeline/router.ts'
import { cliPath, projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const SCENARIO = join(projectRoot, 'scenarios', 'service-smoke.json')

const run = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args], { cwd: projectRoot, encoding: 'utf8', timeout: 120_000 })

/** How many of the scenario's steps call each operation (a step's `{{capture}}` stands for one path segment). */
function stepsPerOperation(): Map<string, number> {
  const { steps } = JSON.parse(readFileSync(SCENARIO, 'utf8')) as {
    steps: { request: { method: string; path: string } }[]
  }
  const calls = new Map<string, number>()
  for (const { request } of steps) {
    const match = matchRoute(request.method, request.path.replaceAll(/\{\{\w+\}\}/g, 'captured'))
    if (match.kind !== 'operation') throw new Error(`${request.method} ${request.path} is no operation`)
    calls.set(match.operation.id, (calls.get(match.operation.id) ?? 0) + 1)
  }
  return calls
}

it('replay --coverage writes a report of the scenario whose gate names what it never called', () => {
  const file = join(temporaryDirectory('coverage-replay-'), 'qa', 'api-coverage.json')
  const replay = run(['replay', SCENARIO, '--coverage', file])
  expect(replay.status, replay.stdout + replay.stderr).toBe(0)
  expect(replay.stdout).toContain(`written to ${file}`)

  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    operations: {
      operationId: string
      method: string
      path: string
      calls: number
      responses: { status: number; seen: number }[]
    }[]
  }
  const schema = JSON.parse(readFileSync(join(projectRoot, 'docs', 'coverage.schema.json'), 'utf8'))
  const validate = new Ajv2020({ strict: false }).compile(schema)
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true)
  const called = report.operations.filter((operation) => operation.calls > 0)
  expect(Object.fromEntries(called.map(({ operationId, calls }) => [operationId, calls]))).toEqual(
    Object.fromEntries(stepsPerOperation()),
  )

  const gate = run(['coverage', 'report', dirname(file), '--min-operations', '100'])
  expect(gate.status, gate.stdout + gate.stderr).toBe(1)
  expect(gate.stderr).toContain('coverage below the gate: operations')
  const uncalled = report.operations.filter((operation) => operation.calls === 0).map((o) => o.operationId)
  expect(uncalled.length).toBeGreaterThan(0)
  expect(gate.stderr).toContain(`operations never called: ${uncalled.join(', ')}`)
  // Each declared response never seen is named, with its way to reach it on the next line.
  for (const operation of report.operations)
    for (const response of operation.responses.filter(({ seen }) => seen === 0))
      expect(gate.stderr).toMatch(
        new RegExp(`  ${operation.operationId} ${response.status} \\(${operation.method} [^)]+\\)\\n    \\S`),
      )
})
