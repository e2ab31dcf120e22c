/**
 * The command line: parsing, and `npm start` itself (scripts/start.sh) starting, from its V8
 * startup snapshot or from the modules, answering and shutting down cleanly.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, readFileSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { projectRoot, startNpmStart } from '../support/npm-start.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const root = projectRoot
const FROM_SNAPSHOT = ', from a V8 startup snapshot)'

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

/** Every operation's sample request, in order, then the state: each answer as `status body`. */
async function answersOfEveryOperation(url: string): Promise<string[]> {
  const answers: string[] = []
  for (const sample of [...Object.values(samples), { method: 'GET', path: '/__sim/state' }]) {
    const response = await fetch(`${url}${sample.path}`, {
      method: sample.method,
      headers: { authorization: 'Bearer t', ...('body' in sample && { 'content-type': 'application/json' }) },
      ...('body' in sample && { body: JSON.stringify(sample.body) }),
    })
    answers.push(`${response.status} ${await response.text()}`)
  }
  return answers
}

describe('npm start', () => {
  it('starts from the V8 startup snapshot, and answers byte for byte as the modules do', async () => {
    const fromSnapshot = await startNpmStart(['--quiet'])
    const fromModules = await startNpmStart(['--quiet'], { env: { DEBT_TOKEN_SIMULATOR_NO_SNAPSHOT: '1' } })
    try {
      expect(fromSnapshot.output()).toContain(FROM_SNAPSHOT)
      expect(fromModules.output()).toMatch(/listening on \S+ \(engine direct\)/)
      const answers = await answersOfEveryOperation(fromSnapshot.url)
      expect(answers.filter((answer) => /^20\d /.test(answer)).length).toBeGreaterThan(Object.keys(samples).length / 2)
      expect(await answersOfEveryOperation(fromModules.url)).toEqual(answers)
    } finally {
      expect(await fromSnapshot.stop()).toBe(0)
      expect(await fromModules.stop()).toBe(0)
    }
  })

  it('leaves the snapshot to the modules when it is stale or from another Node, and rebuilds a stale one', { timeout: 120_000 }, async () => {
    // A copy of the project, so that this test may build and touch it.
    const project = temporaryDirectory('dts-start-')
    for (const path of ['src', 'fixtures', 'scenarios', 'scripts', 'package.json']) cpSync(join(root, path), join(project, path), { recursive: true })
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir')
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: project, stdio: 'ignore' })
    const startedFrom = async (): Promise<string> => {
      const server = await startNpmStart(['--quiet'], { project })
      const response = await fetch(`${server.url}/securityToken`, { headers: { authorization: 'Bearer t' } })
      expect(response.status).toBe(200)
      expect(await server.stop()).toBe(0)
      return server.output().includes(FROM_SNAPSHOT) ? 'snapshot' : 'modules'
    }
    expect(await startedFrom()).toBe('snapshot')

    const builtBy = join(project, 'dist', 'snapshot', 'built-by')
    expect(readFileSync(builtBy, 'utf8').trim()).toBe(process.execPath)
    writeFileSync(builtBy, '/another/node\n')
    expect(await startedFrom()).toBe('modules') // and no rebuild: the sources did not change
    expect(readFileSync(builtBy, 'utf8')).toBe('/another/node\n')
    writeFileSync(builtBy, `${process.execPath}\n`)
    expect(await startedFrom()).toBe('snapshot')

    // As if a source had been edited after the build: dist/ an hour older than every source.
    const blob = join(project, 'dist', 'snapshot', 'cli.blob')
    const hourAgo = new Date(Date.now() - 3_600_000)
    for (const file of [blob, join(project, 'dist', 'cli.mjs')]) utimesSync(file, hourAgo, hourAgo)
    expect(await startedFrom()).toBe('modules') // start.mjs rebuilt dist/, snapshot included…
    expect(statSync(blob).mtimeMs).toBeGreaterThan(hourAgo.getTime() + 60_000)
    expect(await startedFrom()).toBe('snapshot') // …which the next start uses
  })

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
    const normal = await startNpmStart(['--quiet'])
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
    const sized = await startNpmStart(['--quiet', '--size', '300'])
    try {
      const state = (await (await fetch(`${sized.url}/__sim/state?limit=0`)).json()) as { counts: { debtTokens: number } }
      expect(state.counts.debtTokens).toBe(300)
    } finally {
      expect(await sized.stop()).toBe(0)
    }
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves on the given port, logs each request and exits 0 on ${signal}`, async () => {
      const { url, output, stop } = await startNpmStart([])
      const response = await fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer t' } })
      expect(response.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(output()).toMatch(/ GET \/securityToken 200 [\d.]+ms listSecurityTokens/)
      expect(await stop(signal)).toBe(0)
      await expect(fetch(`${url}/securityToken`)).rejects.toThrow()
    })
  }
})
