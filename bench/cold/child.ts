/**
 * Child processes of the cold bench: each sample runs in a fresh process (that is what "cold"
 * means), started here, timed from the parent's side, bounded, and killed with its whole process
 * group on timeout or when the bench exits.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

const running = new Set<ChildProcess>()
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}
process.on('exit', () => {
  for (const child of running) killGroup(child)
})

export interface ChildRun {
  stdout: string
  stderr: string
  /** From spawning to the first stdout line that starts with `mark`, when one was asked for and seen. */
  markMs?: number
  /** From spawning to the exit. */
  totalMs: number
}

export interface ChildOptions {
  cwd: string
  env?: NodeJS.ProcessEnv
  /** Times the first stdout line starting with this. */
  mark?: string
  timeoutMs?: number
}

/** Runs `command` to its end; rejects when it fails or outlives `timeoutMs` (default 5 min). */
export function runChild(command: string, argv: string[], options: ChildOptions): Promise<ChildRun> {
  const started = performance.now()
  const child = spawn(command, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  let markMs: number | undefined
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    if (
      markMs === undefined &&
      options.mark !== undefined &&
      stdout.split('\n').some((l) => l.startsWith(options.mark!))
    )
      markMs = performance.now() - started
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000)
  })
  const timeoutMs = options.timeoutMs ?? 300_000
  const guard = setTimeout(() => killGroup(child), timeoutMs)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(guard)
      running.delete(child)
      const totalMs = performance.now() - started
      if (code === 0) resolve({ stdout, stderr, totalMs, ...(markMs !== undefined && { markMs }) })
      else
        reject(
          new Error(
            `${command} ${argv.join(' ')} ended with ${code ?? signal} after ${Math.round(totalMs)} ms:\n${stderr.slice(-4000)}\n${stdout.slice(-4000)}`,
          ),
        )
    })
  })
}

/** The JSON object a child prints on its last stdout line. */
export const lastJsonLine = (stdout: string): any => JSON.parse(stdout.trim().split('\n').pop()!)

/** A port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
export const round1 = (ms: number) => Math.round(ms * 10) / 10
