/**
 * `serve --persist` as a user meets its refusals: a second server on the same directory exits 2
 * naming the first's pid; a damaged line before the last exits 2 naming file and line, leaving the
 * directory as it was; a directory written for another seed exits 2 naming both, and
 * --persist-reset starts it over; a FIFO, a socket or a symbolic link in the directory, and a path
 * that is not a directory, exit 2 naming it.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
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

/** The files a start reads (the lock's, which every start takes, left out). */
function filesOf(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => !name.startsWith('lock'))
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  )
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
    expect(parseArgs(['--persist', 'world'])).toMatchObject({ options: { persist: { dir: 'world', reset: false } } })
    expect(parseArgs([], { SIM_PERSIST: 'world' })).toMatchObject({ options: { persist: { dir: 'world' } } })
  })

  it('a directory another server holds, naming its pid', async () => {
    const dir = temporaryDirectory('persist-cli-')
    const first = await startCli(['--persist', dir, '--quiet'])
    try {
      const pid = (JSON.parse(readFileSync(join(dir, 'lock-1'), 'utf8')) as { owner: { pid: number } }).owner.pid
      const second = refusal(['--persist', dir])
      expect(second.status).toBe(2)
      expect(second.stderr).toContain(`${dir} is in use by another simulator (pid ${pid})`)
    } finally {
      expect(await first.stop()).toBe(0)
    }
    expect(readFileSync(join(dir, 'lock-1'), 'utf8')).toBe('{"released":true}\n')
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

  it('a FIFO, a socket or a symbolic link in the directory, naming it, without hanging or writing through the link', async () => {
    const fifoDir = temporaryDirectory('persist-cli-')
    execFileSync('mkfifo', [join(fifoDir, 'snapshot.jsonl')]) // a read of it would wait for a writer forever
    const fifo = refusal(['--persist', fifoDir])
    expect(fifo.status, fifo.stderr).toBe(2)
    expect(fifo.stderr).toContain(`${join(fifoDir, 'snapshot.jsonl')} is a FIFO`)

    const socketDir = temporaryDirectory('persist-cli-')
    const socket = createServer().listen(join(socketDir, 'control.sock'))
    await once(socket, 'listening')
    try {
      const run = refusal(['--persist', socketDir])
      expect(run.status, run.stderr).toBe(2)
      expect(run.stderr).toContain(`${join(socketDir, 'control.sock')} is a socket`)
    } finally {
      socket.close()
    }

    const dir = await writtenDirectory()
    const outside = join(temporaryDirectory('persist-cli-outside-'), 'elsewhere.jsonl')
    renameSync(join(dir, 'log-0.jsonl'), outside)
    symlinkSync(outside, join(dir, 'log-0.jsonl'))
    const before = readFileSync(outside, 'utf8')
    const linked = refusal(['--persist', dir])
    expect(linked.status, linked.stderr).toBe(2)
    expect(linked.stderr).toContain(`${join(dir, 'log-0.jsonl')} is a symbolic link`)
    expect(readFileSync(outside, 'utf8')).toBe(before)
  })

  it('a path that is not a directory, with exit 2 and a message, not a raw EEXIST or ENOTDIR', () => {
    const file = join(temporaryDirectory('persist-cli-'), 'a-file')
    writeFileSync(file, 'not a directory\n')
    for (const path of [file, join(file, 'below')]) {
      const run = refusal(['--persist', path])
      expect(run.status, run.stderr).toBe(2)
      expect(run.stderr).toContain(`--persist: ${path} is not a directory (it, or a folder on its path, is a file)`)
      expect(run.stderr).not.toMatch(/\bat \w|Error:/) // no stack
    }
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
