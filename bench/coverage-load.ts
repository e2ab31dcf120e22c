/**
 * `npm run bench`'s coverage pair (issue 33: recording API coverage costs at most 2% of standalone
 * throughput): two standalone servers started side by side from the same code, one recording
 * coverage as every standalone server does and one with its recorder stopped
 * (bench/coverage-server.ts), loaded in turns (on then off, off then on in the next round) so that
 * a busy spell of a shared machine falls on both alike. Each figure is the median over the rounds.
 * The run's own measuring (autocannon, CPU accounting) is handed in by bench/run.ts.
 */
import type { ChildProcess } from 'node:child_process'

interface Probe {
  readonly name: string
}
interface Measured {
  reqPerSec: number
  serverCpuUsPerRequest: number
  foreignCores: number
}
export interface CoveragePairOptions<P extends Probe> {
  readonly probes: readonly P[]
  readonly rounds: number
  start(coverage: boolean): Promise<{ child: ChildProcess; url: string }>
  stop(child: ChildProcess): Promise<void>
  warm(url: string, probe: P): Promise<unknown>
  /** One load run, pipelined as the load rows are, without waiting for a quiet machine (the turns do that job). */
  measure(url: string, pid: number, probe: P): Promise<Measured>
  log(line: string): void
}
export interface CoverageCost {
  onReqPerSec: number
  offReqPerSec: number
  /** Throughput lost to recording, percent of the server without it (negative: the noise of the machine). */
  throughputCostPercent: number
  onCpuUs: number
  offCpuUs: number
  /** Server CPU per request added by recording, percent of the server without it. */
  cpuCostPercent: number
  rounds: number
  /** The largest CPU others used during a run, in cores. */
  foreignCores: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const percent = (on: number, off: number) => Math.round(((on - off) / off) * 1000) / 10

/** Checks that the servers differ as meant: the recording one reports what it answered, the other records nothing. */
async function checkRecording(url: string, coverage: boolean): Promise<void> {
  const response = await fetch(`${url}/__sim/coverage`)
  const body = (await response.json()) as { operations?: { calls: number }[] }
  const calls = body.operations?.reduce((sum, operation) => sum + operation.calls, 0) ?? 0
  if (coverage ? response.status !== 200 || calls === 0 : response.status !== 409)
    throw new Error(
      `coverage ${coverage ? 'on' : 'off'}: GET /__sim/coverage answered ${response.status}, ${calls} calls`,
    )
}

export async function measureCoverageCost<P extends Probe>(
  options: CoveragePairOptions<P>,
): Promise<Record<string, CoverageCost>> {
  const servers = { on: await options.start(true), off: await options.start(false) }
  try {
    for (const probe of options.probes)
      for (const server of Object.values(servers)) await options.warm(server.url, probe)
    const samples = new Map<string, Record<'on' | 'off', Measured[]>>()
    for (const probe of options.probes) samples.set(probe.name, { on: [], off: [] })
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)
      for (const probe of options.probes) {
        for (const side of order) {
          const { child, url } = servers[side]
          const run = await options.measure(url, child.pid!, probe)
          samples.get(probe.name)![side].push(run)
          options.log(
            `coverage ${side.padEnd(3)} ${probe.name.padEnd(18)} round ${round + 1}: ${String(run.reqPerSec).padStart(6)} req/s  server ${run.serverCpuUsPerRequest} µs/req  foreign ${run.foreignCores} cores`,
          )
        }
      }
    }
    await checkRecording(servers.on.url, true)
    await checkRecording(servers.off.url, false)
    const costs: Record<string, CoverageCost> = {}
    for (const [name, { on, off }] of samples) {
      const onReqPerSec = Math.round(median(on.map((run) => run.reqPerSec)))
      const offReqPerSec = Math.round(median(off.map((run) => run.reqPerSec)))
      const onCpuUs = median(on.map((run) => run.serverCpuUsPerRequest))
      const offCpuUs = median(off.map((run) => run.serverCpuUsPerRequest))
      costs[name] = {
        onReqPerSec,
        offReqPerSec,
        throughputCostPercent: -percent(onReqPerSec, offReqPerSec),
        onCpuUs,
        offCpuUs,
        cpuCostPercent: percent(onCpuUs, offCpuUs),
        rounds: options.rounds,
        foreignCores: Math.max(...[...on, ...off].map((run) => run.foreignCores)),
      }
    }
    return costs
  } finally {
    await Promise.all(Object.values(servers).map((server) => options.stop(server.child)))
  }
}
