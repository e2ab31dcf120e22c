/**
 * What the benchmarks that start the command in a child process share: their `--name value`
 * options, the Bearer token they send, the URL the server prints once it listens, and a child's
 * resident memory (Linux, /proc).
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'

export const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

/** The value after `--name` on the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2)
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]!
}

/** A process's resident memory in MB. */
export function rssMB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match === null ? 0 : Math.round(Number(match[1]) / 1024)
}

/** The URL a started server prints ("listening on http://…"); rejects if it exits first. */
export function started(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.on('exit', () => reject(new Error(`the server exited: ${output}`)))
  })
}
