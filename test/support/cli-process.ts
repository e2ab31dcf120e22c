/**
 * Starts the package's command (`dist/cli.js`, the bin; `npm start` runs it too, built by the
 * global setup) as a process on a free port, for the tests that need the real command: the CLI
 * tests and the behaviour suite's process target.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

export const projectRoot = join(import.meta.dirname, '../..')

export interface StartedServer {
  url: string
  /** What the process printed so far (stdout and stderr). */
  output(): string
  /** Signals the process (SIGTERM by default) and resolves its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** The command's path in the project. */
export const cliPath = join(projectRoot, 'dist', 'cli', 'cli.js')

/**
 * `node dist/cli.js serve --port 0 …args`, with `env` added to `inherit` (the test process's
 * environment unless given); resolves once it is listening.
 */
export async function startCli(
  args: string[],
  { env = {}, inherit = process.env }: { env?: Record<string, string>; inherit?: NodeJS.ProcessEnv } = {},
): Promise<StartedServer> {
  const child = spawn(process.execPath, [cliPath, 'serve', '--port', '0', ...args], {
    cwd: projectRoot,
    env: { ...inherit, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 30 s: ${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exit.then(() => reject(new Error(`exited before listening: ${output}`)))
  })
  return {
    url,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal)
      return exit
    },
  }
}
