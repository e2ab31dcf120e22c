/**
 * Activation at start: `--scenario`/`SIM_SCENARIO`, `--scenarios` and `--record` on the command
 * line, and the built command started with `--scenario … --record …`, which answers with the
 * scenario and writes a recording that replays green when it is stopped (`npm start` runs the same
 * command: test/standalone/npm-start*.process.test.ts).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatResults } from '../../src/record-replay/replay.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { replayInProcess } from '../../src/runtimes/cli/replay.ts'
import { HELP } from '../../src/runtimes/cli/serve-options.ts'
import { loadScenarioFile } from '../../src/scenarios/load-scenarios.ts'
import { cliPath, projectRoot, startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

describe('scenario options of the command line', () => {
  it('reads --scenario, --scenarios and --record, and SIM_SCENARIO / SIM_SCENARIOS', () => {
    expect(
      parseArgs(['--scenario', 'flaky-backend', '--scenarios', 'my-scenarios', '--record', 'session.json']),
    ).toMatchObject({
      kind: 'run',
      options: { scenario: 'flaky-backend', scenarios: 'my-scenarios', recordTo: 'session.json' },
    })
    expect(parseArgs([], { SIM_SCENARIO: 'slow-backend', SIM_SCENARIOS: 'dir' })).toMatchObject({
      options: { scenario: 'slow-backend', scenarios: 'dir' },
    })
    expect(parseArgs(['--scenario=expired-credentials'], { SIM_SCENARIO: 'slow-backend' })).toMatchObject({
      options: { scenario: 'expired-credentials' },
    })
    expect(parseArgs([], {})).toMatchObject({ options: { scenario: undefined } })
    expect(parseArgs([], {})).not.toHaveProperty('options.recordTo')
    expect(parseArgs(['--scenario'])).toEqual({ kind: 'error', message: '--scenario needs a value' })
    for (const flag of ['--scenario', '--scenarios', '--record']) expect(HELP).toContain(flag)
  })
})

describe('the built command with --scenario … --record …', () => {
  it('starts with the scenario active, records the session, and writes it on SIGTERM', async () => {
    const file = join(temporaryDirectory('startup-'), 'session.json')
    const server = await startCli(['--scenario', 'investor-payment-rejected', '--record', file])
    const { url, output } = server
    let code: number | null
    try {
      expect(output()).toContain('scenario investor-payment-rejected')
      const headers = { authorization: 'Bearer a-developer-token', 'content-type': 'application/json' }
      const tokens = (await (await fetch(`${url}/securityToken`, { headers })).json()) as { contractAddress: string }[]
      const body = JSON.stringify({
        investorAddress: '0x1111111111111111111111111111111111111111',
        tokenAddress: tokens[0]!.contractAddress,
        amount: 1,
      })
      const statuses: number[] = []
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${url}/investor`, { method: 'POST', headers, body })).status)
      expect(statuses).toEqual([200, 400, 200])
      expect(await (await fetch(`${url}/__sim/scenario`)).json()).toMatchObject({ active: 'investor-payment-rejected' })
    } finally {
      code = await server.stop()
    }
    expect(code).toBe(0)
    expect(output()).toContain(`recorded 4 requests to ${file}`)
    expect(readFileSync(file, 'utf8')).not.toContain('a-developer-token')
    const recorded = loadScenarioFile(file)
    expect(recorded.rules).toHaveLength(2) // the startup scenario's rules travel with the recording
    // The description is a sentence of its own; what the recording notes is in notes.
    expect(recorded.description).toMatch(/^Recorded session, started \d{4}-\d\d-\d\dT[\d:.]+Z\.$/)
    expect(recorded.notes).toEqual(['recorded with the scenario investor-payment-rejected active'])
    const results = await replayInProcess(recorded, 'session')
    expect(results.filter((result) => !result.passed).length, formatResults('recorded', results)).toBe(0)
  })

  it('refuses an unknown scenario at start, listing the available ones', async () => {
    const child = spawn(process.execPath, [cliPath, '--port', '0', '--scenario', 'flakey'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).not.toBe(0)
    expect(output).toContain('unknown scenario "flakey"; available: debtor-query-rejected, empty-world')
  })
})
