/**
 * `serve --persist` as a user meets its refusals: a second server on the same directory exits 2
 * naming the first's pid; a damaged line before the last exits 2 naming file and line, leaving the
 * directory as it was; a directory written for another seed exits 2 naming both, and
 * --persist-reset starts it over.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { cliPath, projectRoot, startCli } from '../support/cli-process.ts'
import { samples } from '../support/samples.ts'
import { fixtures } from '../support/world.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer persist-cli', 'content-type': 'application/json' }

/** Runs `serve --port 0 …args` expecting it to refuse: its exit code and what it printed to stderr. */
function refusal(args: string[]): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [cliPath, 'serve', '--port', '0', ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: run.status, stderr: run.stderr }
}

function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]))
}

/** A directory holding two written payments, the server that wrote them stopped. */
async function writtenDirectory(): Promise<string> {
  const dir = temporaryDirectory('persist-cli-')
  const server = await startCli(['--persist', dir, '--quiet'])
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${server.url}${samples.createManagerPayment.path}`, {
      method: 'POST',
      headers: AUTH,
      body: JSON.stringify(samples.createManagerPayment.body),
    })
    expect(response.status).toBe(200)
  }
  expect(await server.stop()).toBe(0)
  return dir
}

describe('serve --persist refuses', () => {
  it('--persist-reset without --persist', () => {
    expect(parseArgs(['--persist-reset'])).toMatchObject({ kind: 'error', message: /give --persist <dir>/ })
    expect(parseArgs(['--persist', 'world'])).toMatchObject({ options: { persist: 'world', persistReset: false } })
    expect(parseArgs([], { SIM_PERSIST: 'world' })).toMatchObject({ options: { persist: 'world' } })
  })

  it('a directory another server holds, naming its pid', async () => {
    const dir = temporaryDirectory('persist-cli-')
    const first = await startCli(['--persist', dir, '--quiet'])
    try {
      const pid = readFileSync(join(dir, 'lock'), 'utf8').trim()
      const second = refusal(['--persist', dir])
      expect(second.status).toBe(2)
      expect(second.stderr).toContain(`${dir} is in use by another simulator (pid ${pid})`)
    } finally {
      expect(await first.stop()).toBe(0)
    }
    expect(readdirSync(dir)).not.toContain('lock')
  })

  it('a damaged line before the last, naming file and line, and changes nothing', async () => {
    const dir = await writtenDirectory()
    const log = join(dir, 'log-0.jsonl')
    const [first, second] = readFileSync(log, 'utf8').split('\n')
    writeFileSync(log, `${first!.slice(0, 30)}\n${second}\n`)
    const before = filesOf(dir)
    const run = refusal(['--persist', dir])
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(`${log}:1: not a JSON line`)
    expect(filesOf(dir)).toEqual(before)
  })

  it('a directory written for another seed, naming both, unless --persist-reset', async () => {
    const dir = await writtenDirectory()
    const run = refusal(['--persist', dir, '--seed', '7'])
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/was written for a world of seed 20260301, fixtures fnv1a:\w+, and this one has seed 7/)
    const reset = await startCli(['--persist', dir, '--seed', '7', '--persist-reset', '--quiet'])
    try {
      const state = (await (await fetch(`${reset.url}/__sim/state?limit=0`)).json()) as {
        counts: Record<string, number>
      }
      expect(state.counts.managerPayments).toBe(fixtures.managerPayments.length) // the two written ones are gone
    } finally {
      expect(await reset.stop()).toBe(0)
    }
    expect(readFileSync(join(dir, 'snapshot.jsonl'), 'utf8')).toContain('"seed":7')
  })
})
