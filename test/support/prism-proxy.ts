/**
 * Prism's validation proxy (@stoplight/prism-cli, a devDependency) in front of a running server:
 * `prism proxy docs/openapi.json <upstream> --errors` on a free loopback port. It checks each
 * request against the document (an invalid one it answers itself, 422 or 401, without forwarding)
 * and each answer of the server: a violation becomes a 422 `application/problem+json` with
 * `--errors`, and any report, warnings included (an undeclared status is one), rides on the
 * `sl-violations` header and in its log.
 */
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { projectRoot } from './cli-process.ts'

export interface PrismProxy {
  readonly url: string
  /** What Prism printed so far. */
  output(): string
  stop(): Promise<void>
}

/** Prism's command, as its package names it (run with this process's Node). */
function prismBin(): string {
  const manifest = fileURLToPath(import.meta.resolve('@stoplight/prism-cli/package.json'))
  return join(dirname(manifest), 'dist', 'index.js')
}

/** Starts Prism's proxy of `upstream`, validating against `document`; resolves once it listens. */
export async function startPrismProxy(
  upstream: string,
  document = join(projectRoot, 'docs', 'openapi.json'),
): Promise<PrismProxy> {
  const child = spawn(
    process.execPath,
    [prismBin(), 'proxy', document, upstream, '--errors', '--host', '127.0.0.1', '--port', '0'],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  )
  let output = ''
  const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Prism is listening on (http:\/\/[\d.]+:\d+)/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exit.then(() => reject(new Error(`prism exited before listening: ${output}`)))
  })
  return {
    url,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM')
      return exit
    },
  }
}
