/**
 * Every shipped scenario's steps replay green in every runtime: in-process through the pipeline
 * (what `npm run replay` does by default), in-process through msw's setupServer and real fetch,
 * and against the standalone server through the control API, in a session of its
 * own, as `--url` does.
 */
import { join } from 'node:path'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchSend, formatResults, replaySteps, type StepResult } from '../../src/record-replay/replay.ts'
import { replayAgainstServer } from '../../src/record-replay/replay-server.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../../src/runtimes/node.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioDirectory } from '../../src/scenarios/load-scenarios.ts'

const shipped = Object.entries(loadScenarioDirectory(join(import.meta.dirname, '../../scenarios')))

function expectAllPassed(name: string, results: readonly StepResult[]): void {
  expect(results.length).toBeGreaterThan(0)
  expect(results.filter((result) => !result.passed).length, formatResults(name, results)).toBe(0)
}

describe('shipped scenarios replay in-process (the pipeline)', () => {
  it.each(shipped)('%s', async (name, scenario) => {
    expectAllPassed(name, await replayInProcess(scenario, name))
  })
})

describe('shipped scenarios replay in-process (msw setupServer and fetch)', () => {
  const simulator = createSimulator({ baseUrl: 'http://api.replay.test' })
  const server = setupServer(...simulator.handlers)
  beforeAll(() => server.listen(strictListenOptions))
  afterAll(() => server.close())

  it.each(shipped)('%s', async (name, scenario) => {
    simulator.reset()
    simulator.scenarios.use(scenario, name)
    expectAllPassed(name, await replaySteps(scenario.steps ?? [], fetchSend('http://api.replay.test')))
  })
})

describe('shipped scenarios replay against the standalone server', () => {
  let server: StandaloneServer
  beforeAll(async () => {
    server = await startStandaloneServer({ port: 0 })
  })
  afterAll(async () => server.close())

  it.each(shipped)('%s', async (name, scenario) => {
    expectAllPassed(name, await replayAgainstServer(server.url, scenario, name))
    expect(server.simulator.scenarios.active).toBeNull() // replay activates the scenario in a session only
    expect(server.simulator.sessions.list()).toEqual([]) // and ends the session it made
  })
})
