/**
 * `serve --persist` on a disk that really fills up (a small tmpfs, mounted where the test may:
 * root on Linux, as CI runs): issue 31's finding 3 as a user met it. With the disk full, a write
 * answers 503 "applied in memory" and a reset after it is refused with nothing applied; once room
 * is back, the next write first stores the whole state, and after `kill -9` the restart holds
 * exactly what was acknowledged, and the next payment gets an id of its own (no 500).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/cli-process.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer persist-full-disk', 'content-type': 'application/json' }

/** Whether this process may mount a tmpfs (root on Linux); tried once, on a directory of its own. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  const probe = mkdtempSync(join(tmpdir(), 'persist-mount-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' })
    execFileSync('umount', [probe])
    return true
  } catch {
    return false
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}

/** Fills the file system holding `dir` with `filler` until it refuses (ENOSPC). */
function fill(filler: string): void {
  const chunk = Buffer.alloc(4096, 120)
  writeFileSync(filler, '')
  for (;;) {
    try {
      writeFileSync(filler, chunk, { flag: 'a' })
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC')
      return
    }
  }
}

async function send(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: AUTH,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as { id?: number; message?: string } }
}

const createPayment = (url: string, amount: number) =>
  send(url, 'POST', samples.createManagerPayment.path, { ...(samples.createManagerPayment.body as object), amount })

async function paymentsOf(url: string): Promise<string> {
  const state = (await (await fetch(`${url}/__sim/state?table=managerPayments&limit=300`)).json()) as {
    tables: { managerPayments: unknown[] }
  }
  return JSON.stringify(state.tables.managerPayments)
}

describe.runIf(canMount())('serve --persist on a disk that fills up', () => {
  it('refuses what it cannot store, catches up once there is room, and restarts into what it acknowledged', {
    timeout: 300_000,
  }, async () => {
    const mount = temporaryDirectory('persist-full-disk-')
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mount])
    try {
      const dir = join(mount, 'world')
      mkdirSync(dir)
      const filler = join(mount, 'filler')
      const server = await startCli(['--persist', dir, '--quiet'])
      let killed = false
      try {
        const first = await createPayment(server.url, 101)
        expect(first.status).toBe(200)

        fill(filler)
        // The log's last page may still have room for a few lines: write until one needs a page more.
        let unstored = await createPayment(server.url, 102)
        for (let tries = 0; unstored.status === 200 && tries < 40; tries++)
          unstored = await createPayment(server.url, 102)
        expect(unstored.status, unstored.body.message).toBe(503)
        expect(unstored.body.message).toMatch(/^the write is applied in memory but could not be stored: .*ENOSPC/)
        const refused = await send(server.url, 'POST', '/__sim/reset')
        expect(refused.status, refused.body.message).toBe(503)
        expect(refused.body.message).toMatch(/^the change is not applied \(memory is as it was\): .*ENOSPC/)
        const held = await paymentsOf(server.url)
        expect(held).toContain('"amount":102') // the writes are still in memory: the reset changed nothing

        rmSync(filler) // room again
        const after = await createPayment(server.url, 103)
        expect(after.status, after.body.message).toBe(200)
        expect(after.body.id).not.toBe(first.body.id)
        const acknowledged = await paymentsOf(server.url)
        expect(server.output()).toMatch(/stored the whole state in .* again: writes are taken again/)

        await server.stop('SIGKILL')
        killed = true
        const restarted = await startCli(['--persist', dir, '--quiet'])
        try {
          expect(await paymentsOf(restarted.url)).toBe(acknowledged)
          const next = await createPayment(restarted.url, 104)
          expect(next.status, next.body.message).toBe(200)
          expect([first.body.id, after.body.id]).not.toContain(next.body.id)
        } finally {
          await restarted.stop('SIGKILL')
        }
      } finally {
        if (!killed) await server.stop('SIGKILL')
      }
    } finally {
      execFileSync('umount', [mount])
    }
  })
})
