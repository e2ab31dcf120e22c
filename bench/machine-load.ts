/**
 * CPU accounting on Linux for the benches: a process's CPU time, the whole machine's busy time, and
 * from them the CPU other processes use, so that a bench on a shared machine can wait for a quiet
 * moment and say how disturbed each figure was. Without /proc every reading is 0 (no waiting).
 */
import { readFileSync } from 'node:fs'

const TICK_MS = 10 // USER_HZ is 100 on Linux
/** utime + stime of `pid`; with `children`, plus what its finished (reaped) children used. */
export function processCpuMs(pid: number | 'self', children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const own = Number(fields[11]) + Number(fields[12])
    return (children ? own + Number(fields[13]) + Number(fields[14]) : own) * TICK_MS
  } catch {
    return 0
  }
}
export function machineBusyMs(): number {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    const [user, nice, system, , , irq, softirq, steal] = values.map(Number) as number[]
    return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS
  } catch {
    return 0
  }
}
/** How busy core `cpu` was (0..1) between two readings of `coreTicks(cpu)`. */
export function coreTicks(cpu: number): { busy: number; all: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`cpu${cpu} `))!
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number)
    const all = values.reduce((sum, value) => sum + value, 0)
    return { busy: all - values[3]! - values[4]!, all } // less idle and iowait
  } catch {
    return { busy: 0, all: 0 }
  }
}

/** This process and the children it ran (each is reaped, so counted, once it exits). */
export const ownCpuMs = () => processCpuMs('self', true)

/** CPU others use (in cores) over `ms`, besides this process and `pids`. */
export async function foreignLoad(ms: number, pids: number[] = []): Promise<number> {
  const before = { busy: machineBusyMs(), own: ownCpuMs(), children: pids.map((pid) => processCpuMs(pid)) }
  await new Promise((resolve) => setTimeout(resolve, ms))
  const childMs = pids.reduce((sum, pid, i) => sum + processCpuMs(pid) - before.children[i]!, 0)
  return Math.max(0, machineBusyMs() - before.busy - (ownCpuMs() - before.own) - childMs) / ms
}

/** Waits until others use less than 0.1 core for a second, at most `seconds`; resolves the last load seen. */
export async function waitUntilQuiet(pids: number[], seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000
  let load = await foreignLoad(1000, pids)
  while (load > 0.1 && Date.now() < deadline) load = await foreignLoad(1000, pids)
  return load
}

/**
 * Measures what others use while `work` runs (in cores, this process and its reaped children
 * excluded). For work whose children are reaped by its end (each sample's child process).
 */
export async function withForeignLoad<T>(work: () => Promise<T>): Promise<{ result: T; foreignCores: number }> {
  const before = { busy: machineBusyMs(), own: ownCpuMs(), at: performance.now() }
  const result = await work()
  const elapsed = performance.now() - before.at
  const foreign = Math.max(0, machineBusyMs() - before.busy - (ownCpuMs() - before.own)) / Math.max(1, elapsed)
  return { result, foreignCores: Math.round(foreign * 100) / 100 }
}
