/**
 * The command's graceful shutdown (issue "Hardening"): on SIGTERM or SIGINT it lets an answer under
 * way finish, then exits 0; so it does for a signal sent the moment it says it listens, as a tool
 * waiting for that line may (issue 31). Runs the built command (dist/cli), so it lives in the
 * `process` project.
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cliPath } from '../support/cli-process.ts'

describe('graceful shutdown of the command', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} finishes a delayed request already under way, then exits 0`, async () => {
      const child = spawn(
        process.execPath,
        [cliPath, 'serve', '--port', '0', '--quiet', '--scenario', 'slow-backend'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let output = ''
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          const match = /listening on (http:\/\/\S+)/.exec(output)
          if (match) resolve(match[1]!)
        })
        setTimeout(() => reject(new Error(`no start: ${output}`)), 15_000).unref()
      })
      // slow-backend delays every answer by 300-1500 ms: the signal arrives while it waits.
      const pending = fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer t' } }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
      child.kill(signal)
      const answered = await pending
      expect(answered.status).toBe(200)
      expect(JSON.parse(answered.body).length).toBeGreaterThan(0)
      expect(await exited).toBe(0)
      await expect(fetch(`${url}/securityToken`)).rejects.toThrow()
    })
  }

  it('shuts down cleanly on a signal sent as soon as it says it listens', async () => {
    for (let round = 0; round < 5; round++) {
      const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', '--quiet'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stdout.on('data', (chunk: Buffer) => {
        const before = output
        output += chunk.toString()
        if (!before.includes('listening on') && output.includes('listening on')) child.kill('SIGTERM')
      })
      const exit = await new Promise<unknown>((resolve) =>
        child.on('exit', (code, signal) => resolve({ code, signal })),
      )
      expect(exit, output).toEqual({ code: 0, signal: null })
      expect(output).toContain('SIGTERM, shutting down')
    }
  })
})
