/**
 * A busy core, for tests that must pass on a loaded machine: a child Node process spinning in a
 * loop bounded by `maxMs` (it ends by itself, so a test that dies cannot leave it running), ended
 * early by `stop()`, which says how much CPU it took: the proof that the load was there.
 */
import { spawn } from 'node:child_process'

interface BusyCoreReport {
  /** CPU time the spinning process used, in ms (what it last reported; it reports every 200 ms). */
  readonly cpuMs: number
  /** Time from its start to `stop()`, in ms. */
  readonly wallMs: number
}

export interface BusyCore {
  stop(): Promise<BusyCoreReport>
}

// Spins until its deadline; writes its own CPU time (µs) every 200 ms, synchronously, as it never yields.
const SPIN = `
const { writeSync } = require('node:fs')
const end = Date.now() + Number(process.argv[1])
let next = 0
while (Date.now() < end) {
  if (Date.now() >= next) {
    const { user, system } = process.cpuUsage()
    writeSync(1, (user + system) + '\\n')
    next = Date.now() + 200
  }
}`

export function startBusyCore(maxMs: number): BusyCore {
  const started = performance.now()
  const child = spawn(process.execPath, ['-e', SPIN, String(maxMs)], { stdio: ['ignore', 'pipe', 'ignore'] })
  let lastReportUs = 0
  let buffered = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    const last = lines.at(-1)
    if (last !== undefined) lastReportUs = Number(last)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    async stop() {
      const wallMs = Math.round(performance.now() - started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
      return { cpuMs: Math.round(lastReportUs / 1000), wallMs }
    },
  }
}
