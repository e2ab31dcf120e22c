/**
 * Start to first response of the installed package's bin, against a bare node:http server's bin
 * started the same way: `node_modules/.bin/<bin> --port <free> --host 127.0.0.1 --quiet` run directly
 * (not through npm or npx, which add their own few hundred ms), polled every 10 ms until its first
 * 200 on `GET /securityToken`. Interleaved, bare first; each start after waiting for a quiet machine.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { waitUntilQuiet } from '../machine-load.ts'
import { freePort, killGroup, median } from './child.ts'
import type { Project } from './project.ts'

const HOST = '127.0.0.1'
const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

/** Milliseconds from spawning `command` (in `cwd`) to its first 200 on GET /securityToken. */
async function startupMs(command: string, cwd: string, quietWait: number): Promise<number> {
  await waitUntilQuiet([], quietWait)
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command, ['--port', String(port), '--host', HOST, '--quiet'], {
    cwd,
    detached: true,
    stdio: 'ignore',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = started + 60_000
  let ms: number | undefined
  try {
    while (ms === undefined && performance.now() < deadline && child.exitCode === null) {
      try {
        const response = await fetch(`http://${HOST}:${port}/securityToken`, { headers: { authorization: AUTH } })
        await response.arrayBuffer()
        if (response.status === 200) ms = performance.now() - started
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
  } finally {
    killGroup(child, 'SIGTERM')
    const guard = setTimeout(() => killGroup(child), 3000)
    await exited
    clearTimeout(guard)
  }
  if (ms === undefined) throw new Error(`${command} did not answer within 60 s`)
  return Math.round(ms)
}

export interface StartupFigures {
  bin: number[]
  bare: number[]
  binMedianMs: number
  bareMedianMs: number
  ratio: number
}

export async function measureInstalledBin(
  project: Project,
  samples: number,
  quietWait: number,
): Promise<StartupFigures> {
  const bin: number[] = []
  const bare: number[] = []
  for (let i = 0; i < samples; i++) {
    bare.push(await startupMs(join(project.bin, 'bare-http.cjs'), project.dir, quietWait))
    bin.push(await startupMs(join(project.bin, 'debt-token-simulator'), project.dir, quietWait))
  }
  const binMedianMs = median(bin)
  const bareMedianMs = median(bare)
  return { bin, bare, binMedianMs, bareMedianMs, ratio: Math.round((binMedianMs / bareMedianMs) * 100) / 100 }
}
