/**
 * `npm start` passes signals on (issue 31, finding 12): its script execs the command, so the
 * server is the process npm signals, and npm waits for it. Signalled as users' tools do: SIGTERM
 * or SIGINT to npm's pid alone (a process manager, `kill`), and to npm's whole process group (a
 * terminal's Ctrl-C; a manager that signals every process of the service), where the server gets
 * the signal twice, from the group and from npm. Each time with a request under way: it is
 * answered, npm exits 0 once the server has, the port refuses connections, and the --persist
 * directory is free for the next server.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { projectRoot, startCli } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const AUTH = { authorization: 'Bearer npm-start' }

/** `npm start -- --port 0 …args` in its own process group, as a terminal or a service would start it. */
function npmStart(args: string[]) {
  const npm = spawn('npm', ['start', '--', '--port', '0', ...args], {
    cwd: projectRoot,
    detached: true,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    }
    npm.stdout.on('data', read)
    npm.stderr.on('data', read)
    void exited.then(() => reject(new Error(`npm exited before the server listened: ${output}`)))
  })
  return { npm, url, exited, output: () => output }
}

/** Ends whatever is left of the group (a server npm left running), so a failing test leaves nothing behind. */
function killGroup(npm: ChildProcess): void {
  try {
    process.kill(-npm.pid!, 'SIGKILL')
  } catch {
    // the group is gone
  }
}

describe('npm start, signalled', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const target of ['npm', 'group'] as const) {
      it(`${signal} to ${target === 'npm' ? "npm's pid" : "npm's process group"}: the answer under way, then npm exits 0 and the port and directory are free`, async () => {
        const persist = temporaryDirectory('npm-start-persist-')
        const scenarios = temporaryDirectory('npm-start-scenarios-')
        // Long enough that both deliveries of a group's signal arrive while the answer waits.
        writeFileSync(
          join(scenarios, 'slow.json'),
          JSON.stringify({ description: 'answers after 1.5 s', rules: [{ operation: '*', delayMs: 1500 }] }),
        )
        const started = npmStart(['--quiet', '--persist', persist, '--scenarios', scenarios, '--scenario', 'slow'])
        // Even when the test fails or times out: a server npm left running must not outlive it.
        onTestFinished(() => killGroup(started.npm))
        const url = await started.url
        const pending = fetch(`${url}/securityToken`, { headers: AUTH }).then(
          (response) => response.status,
          (error: unknown) => String(error),
        )
        // The rule counts a call before it waits: once it did, the request is under way.
        const underWay = async () => (await (await fetch(`${url}/__sim/scenario`)).text()).includes('"calls":1')
        while (!(await underWay())) await new Promise((resolve) => setTimeout(resolve, 10))

        process.kill(target === 'npm' ? started.npm.pid! : -started.npm.pid!, signal)
        expect(await pending).toBe(200)
        expect(await started.exited, started.output()).toEqual({ code: 0, signal: null })
        expect(started.output()).toContain(`${signal}, shutting down`)
        expect(started.output()).not.toContain(`${signal} again, exiting`)
        await expect(fetch(`${url}/securityToken`, { headers: AUTH })).rejects.toThrow()
        const next = await startCli(['--quiet', '--persist', persist])
        expect(await next.stop()).toBe(0)
      }, 60_000)
    }
  }
})
