/**
 * `serve --persist` after its owner died, as the processes really are: a server killed and left a
 * zombie (its parent never reaps it) does not keep the next one out; nor does an unrelated live
 * process that has the pid its lock names; and two servers started at once on a stale lock never
 * both serve the directory, round after round; nor do two processes released at the same instant
 * (each blocked reading a byte the test sends both at once, so that their starts meet within
 * microseconds). The racers' rounds: the full count in CI, a third elsewhere
 * (test/support/property-runs.ts).
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, projectRoot, startCli } from '../support/cli-process.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const ROUNDS = 12
const RACER_ROUNDS = propertyRuns(30, 10)
const racer = join(projectRoot, 'test', 'support', 'lock-racer.ts')

/** The lock file of `dir` (this version's numbered one, or the previous version's `lock`) and the pid it names. */
function lockOf(dir: string): { file: string; pid: number; rewrite(pid: number): void } {
  const name = readdirSync(dir).find((each) => /^lock(-\d+)?$/.test(each))!
  const file = join(dir, name)
  const text = readFileSync(file, 'utf8')
  const token = name === 'lock' ? undefined : (JSON.parse(text) as { owner: { pid: number } })
  return {
    file,
    pid: token === undefined ? Number(text.trim()) : token.owner.pid,
    rewrite: (pid) =>
      writeFileSync(file, token === undefined ? `${pid}\n` : `${JSON.stringify({ owner: { ...token.owner, pid } })}\n`),
  }
}

/** Polls `check` every few milliseconds until it holds (no upper bound but the test's own time-out). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10))
}

function stateOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!
  } catch {
    return 'gone'
  }
}

interface Start {
  readonly listened: boolean
  /** The exit code of a start that did not listen. */
  readonly code: number | null
  readonly output: string
  /** Kills a start that listened (SIGKILL: its lock stays, stale) and resolves once it is gone. */
  kill(): Promise<unknown>
}

/** Starts `serve` on `dir`: it listens (and runs until killed) or exits. */
async function start(dir: string): Promise<Start> {
  const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', '--quiet', '--persist', dir], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const read = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout.on('data', read)
  child.stderr.on('data', read)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  await Promise.race([exited, until(() => output.includes('listening on'))])
  const listened = output.includes('listening on')
  return {
    listened,
    code: listened ? null : await exited,
    output,
    kill: () => {
      child.kill('SIGKILL')
      return exited
    },
  }
}

describe.runIf(process.platform === 'linux')('serve --persist after its owner died', () => {
  it('starts when the killed owner is a zombie its parent never reaped', async () => {
    const dir = temporaryDirectory('persist-lock-')
    // sh starts the server, then becomes `sleep`, which never waits for it: killed, it stays a zombie.
    const parent = spawn(
      'sh',
      ['-c', `"${process.execPath}" "${cliPath}" serve --port 0 --quiet --persist "${dir}" & exec sleep 600`],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      let output = ''
      parent.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      await until(() => output.includes('listening on'))
      const owner = lockOf(dir).pid
      process.kill(owner, 'SIGKILL')
      await until(() => stateOf(owner) === 'Z')
      const next = await startCli(['--persist', dir, '--quiet']) // rejects if it exits instead of listening
      expect(next.output()).toContain(`persisting to ${dir}`)
      await next.stop('SIGKILL')
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('starts when an unrelated live process has the pid its killed owner had', async () => {
    const dir = temporaryDirectory('persist-lock-')
    const owner = await startCli(['--persist', dir, '--quiet'])
    await owner.stop('SIGKILL')
    const unrelated = spawn('sleep', ['600'], { stdio: 'ignore' })
    try {
      await until(() => stateOf(unrelated.pid!) === 'S')
      lockOf(dir).rewrite(unrelated.pid!) // the pid came round again, to another program
      const next = await startCli(['--persist', dir, '--quiet']) // rejects if it exits instead of listening
      expect(next.output()).toContain(`persisting to ${dir}`)
      await next.stop('SIGKILL')
    } finally {
      unrelated.kill('SIGKILL')
    }
  })

  it(`never lets two servers started at once on a stale lock both serve it, ${ROUNDS} rounds`, {
    timeout: 600_000,
  }, async () => {
    const dir = temporaryDirectory('persist-lock-')
    let holders = [await start(dir)]
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(holders.map((holder) => holder.kill())) // the lock is stale now
      const starts = await Promise.all([start(dir), start(dir)])
      holders = starts.filter((each) => each.listened)
      expect(holders.length, `round ${round}: ${starts.map((each) => each.output).join(' | ')}`).toBe(1)
      const refused = starts.find((each) => !each.listened)!
      expect(refused.code, refused.output).toBe(2)
      expect(refused.output).toMatch(/is in use by another simulator \(pid \d+\)/)
    }
    await Promise.all(holders.map((holder) => holder.kill()))
  })

  it(`never lets two processes released at the same instant on a stale lock both hold it, ${RACER_ROUNDS} rounds`, {
    timeout: 600_000,
  }, async () => {
    const dir = temporaryDirectory('persist-lock-')
    let holders: Racer[] = []
    const all: Racer[] = []
    try {
      for (let round = 0; round < RACER_ROUNDS; round++) {
        await Promise.all(holders.map((holder) => holder.kill())) // the lock is stale now (none in the first round)
        const racers = [startRacer(dir), startRacer(dir)]
        all.push(...racers)
        await Promise.all(racers.map((each) => each.ready))
        for (const each of racers) each.go()
        const outcomes = await Promise.all(racers.map((each) => each.outcome))
        holders = racers.filter((_, i) => outcomes[i] === 'held')
        for (const loser of racers.filter((each) => !holders.includes(each))) await loser.kill()
        expect(holders.length, `round ${round}: ${outcomes.join(' | ')}`).toBe(1)
        expect(outcomes.find((outcome) => outcome !== 'held')).toMatch(
          /^refused .* is in use by another simulator \(pid \d+\)/,
        )
      }
    } finally {
      await Promise.all(all.map((each) => each.kill()))
    }
  })
})

interface Racer {
  /** Waiting for its byte. */
  readonly ready: Promise<void>
  /** Sends the byte: it takes the lock at once. */
  go(): void
  /** `held`, or `refused <why>`. */
  readonly outcome: Promise<string>
  kill(): Promise<unknown>
}

function startRacer(dir: string): Racer {
  const child = spawn(process.execPath, [racer, dir], { cwd: projectRoot, stdio: ['pipe', 'pipe', 'inherit'] })
  let output = ''
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const waiting: { index: number; resolve: (line: string) => void }[] = []
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    const lines = output.split('\n')
    for (const each of waiting.splice(0)) {
      if (lines.length > each.index + 1) each.resolve(lines[each.index]!)
      else waiting.push(each)
    }
  })
  const line = (index: number) =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ index, resolve })
      void exited.then(() => reject(new Error(`the racer exited: ${output}`)))
    })
  return {
    ready: line(0).then(() => {}),
    go: () => child.stdin.write('g'),
    outcome: line(1),
    kill: () => {
      child.kill('SIGKILL')
      return exited
    },
  }
}
