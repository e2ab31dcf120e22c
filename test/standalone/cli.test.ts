/** The command line: parsing, and `npm start` itself starting, answering and shutting down cleanly. */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'

const root = join(import.meta.dirname, '../..')

describe('CLI arguments', () => {
  it('defaults to 127.0.0.1:4010 and reads flags and environment variables', () => {
    expect(parseArgs([], {})).toMatchObject({ kind: 'run', options: { port: 4010, host: '127.0.0.1', engine: 'direct' } })
    expect(parseArgs([], { PORT: '5000' })).toMatchObject({ options: { port: 5000 } })
    expect(parseArgs(['--port', '6000', '--host=0.0.0.0', '--seed', '7'], { PORT: '5000' })).toMatchObject({ options: { port: 6000, host: '0.0.0.0', seed: 7 } })
    expect(parseArgs(['--size', '200'])).toMatchObject({ options: { size: 200 } })
  })
  it('refuses what it does not understand, and prints help', () => {
    expect(parseArgs(['--prot', '1'])).toEqual({ kind: 'error', message: 'unknown option --prot' })
    expect(parseArgs(['--port', 'x'])).toMatchObject({ kind: 'error' })
    expect(parseArgs(['--port'])).toMatchObject({ kind: 'error', message: '--port needs a value' })
    expect(parseArgs(['--engine', 'turbo'])).toMatchObject({ kind: 'error' })
    expect(parseArgs(['--now', 'someday'])).toMatchObject({ kind: 'error' })
    const help = parseArgs(['--help'])
    expect(help.kind).toBe('help')
    if (help.kind === 'help') for (const flag of ['--port', '--host', '--seed', '--now', '--fixtures', '--size', '--engine']) expect(help.text).toContain(flag)
  })
})

/** Starts what `npm start` runs (the bundle in dist/, built by the global setup) with `args` on a free port; resolves its URL, a stop function and its output so far. */
async function startBundle(args: string[]): Promise<{ url: string; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<number | null> }> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 15 s: ${output}`)), 15_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return {
    url,
    output: () => output,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal)
      return exit
    },
  }
}

/** The files a bundle file imports statically (`import … from "./…"`), transitively. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  for (const match of readFileSync(file, 'utf8').matchAll(/(?:^|[;\s}])import\s*[^('"]*?from\s*["'](\.[^"']+)["']/g)) {
    const imported = join(dirname(file), match[1]!)
    if (!seen.has(imported)) {
      seen.add(imported)
      staticImports(imported, seen)
    }
  }
  return seen
}

describe('npm start', () => {
  it("bundles the world generator (faker's pt_BR and en locales) in a chunk the start does not load", () => {
    const chunks = readdirSync(join(root, 'dist', 'chunks')).filter((name) => name.endsWith('.mjs'))
    const generator = chunks.find((name) => name.startsWith('generate-world-'))
    expect(generator).toBeDefined()
    const loaded = [...staticImports(join(root, 'dist', 'cli.mjs'))].map((file) => basename(file))
    expect(loaded.length).toBeGreaterThan(0)
    expect(loaded).not.toContain(generator)
  })

  it('loads the world generator when a request first needs it: a scenario world by header or control API, --size', async () => {
    const auth = { authorization: 'Bearer t' }
    const normal = await startBundle(['--quiet'])
    try {
      // The very first request names a scenario whose world is generated (rich-world: 200 debt tokens).
      const rich = await fetch(`${normal.url}/securityToken`, { headers: { ...auth, 'x-sim-scenario': 'rich-world' } })
      expect(rich.status).toBe(200)
      expect(rich.headers.get('x-sim-scenario')).toBe('rich-world')
      const richTokens = (await rich.json()) as { contractAddress: string }[]
      const plain = (await (await fetch(`${normal.url}/securityToken`, { headers: auth })).json()) as unknown[]
      expect(richTokens).not.toEqual(plain)
      const held = await fetch(`${normal.url}/manager/debt-tokens/${richTokens[0]!.contractAddress}`, { headers: { ...auth, 'x-sim-scenario': 'rich-world' } })
      expect(((await held.json()) as unknown[]).length).toBeGreaterThanOrEqual(20)
      const put = await fetch(`${normal.url}/__sim/scenario`, { method: 'PUT', body: JSON.stringify({ name: 'rich-world' }) })
      expect(put.status).toBe(200)
      expect(await (await fetch(`${normal.url}/securityToken`, { headers: auth })).json()).toEqual(richTokens)
    } finally {
      expect(await normal.stop()).toBe(0)
    }
    const sized = await startBundle(['--quiet', '--size', '300'])
    try {
      const state = (await (await fetch(`${sized.url}/__sim/state?limit=0`)).json()) as { counts: { debtTokens: number } }
      expect(state.counts.debtTokens).toBe(300)
    } finally {
      expect(await sized.stop()).toBe(0)
    }
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves on the given port, logs each request and exits 0 on ${signal}`, async () => {
      const { url, output, stop } = await startBundle([])
      const response = await fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer t' } })
      expect(response.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(output()).toMatch(/ GET \/securityToken 200 [\d.]+ms listSecurityTokens/)
      expect(await stop(signal)).toBe(0)
      await expect(fetch(`${url}/securityToken`)).rejects.toThrow()
    })
  }
})
