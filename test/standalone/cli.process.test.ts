/**
 * The command line: parsing, the subcommands, and the built command itself (dist/cli.js, what the
 * installed bin and `npm start` run) starting, answering as the sources do, and shutting down cleanly.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { CLI_HELP, dispatch, VERSION } from '../../src/runtimes/cli/cli.ts'
import { startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { cliPath, projectRoot, startCli } from '../support/cli-process.ts'
import { samples } from '../support/samples.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const root = projectRoot

describe('CLI arguments', () => {
  it('defaults to 127.0.0.1:4010 and reads flags and environment variables', () => {
    expect(parseArgs([], {})).toMatchObject({
      kind: 'run',
      options: { port: 4010, host: '127.0.0.1' },
    })
    expect(parseArgs([], { PORT: '5000' })).toMatchObject({ options: { port: 5000 } })
    expect(parseArgs(['--port', '6000', '--host=0.0.0.0', '--seed', '7'], { PORT: '5000' })).toMatchObject({
      options: { port: 6000, host: '0.0.0.0', seed: 7 },
    })
    expect(parseArgs(['-p', '6001'])).toMatchObject({ options: { port: 6001 } })
    expect(parseArgs(['--size', '200'])).toMatchObject({ options: { size: 200 } })
    expect(parseArgs(['--watch', '--scenarios', 'mine'])).toMatchObject({ options: { watch: true } })
    expect(parseArgs(['--watch', '--fixtures', 'world'])).toMatchObject({ options: { watch: true } })
    expect(parseArgs(['--watch'], { SIM_SCENARIOS: 'mine' })).toMatchObject({ options: { watch: true } })
    expect(parseArgs([])).toMatchObject({ options: { watch: false } })
  })
  it('refuses what it does not understand, and prints help', () => {
    expect(parseArgs(['--prot', '1'])).toEqual({ kind: 'error', message: 'unknown option --prot' })
    expect(parseArgs(['--port', 'x'])).toMatchObject({ kind: 'error' })
    expect(parseArgs(['--port'])).toMatchObject({ kind: 'error', message: '--port needs a value' })
    expect(parseArgs(['-p'])).toMatchObject({ kind: 'error', message: '--port needs a value' })
    // One engine since decision 0016: the flag that chose between two is refused like any unknown one.
    expect(parseArgs(['--engine', 'msw'])).toEqual({ kind: 'error', message: 'unknown option --engine' })
    expect(parseArgs(['--engine=direct'])).toEqual({ kind: 'error', message: 'unknown option --engine=direct' })
    expect(parseArgs(['--now', 'someday'])).toMatchObject({ kind: 'error' })
    // node:util's parseArgs reads a value that starts with a dash as the next option unless joined.
    expect(parseArgs(['--seed', '-5'])).toEqual({
      kind: 'error',
      message: '--seed needs a value (write --seed=<value> for one that starts with -)',
    })
    expect(parseArgs(['--seed=-5'])).toMatchObject({ kind: 'run', options: { seed: -5 } })
    expect(parseArgs(['--quiet=yes'])).toEqual({ kind: 'error', message: '--quiet takes no value' })
    expect(parseArgs(['4010'])).toEqual({ kind: 'error', message: 'unexpected argument 4010' })
    expect(parseArgs(['--watch'])).toEqual({
      kind: 'error',
      message: '--watch reloads the --scenarios and --fixtures directories: give at least one',
    })
    const help = parseArgs(['--help'])
    expect(help.kind).toBe('help')
    if (help.kind === 'help')
      for (const flag of ['-p, --port', '--host', '--seed', '--now', '--fixtures', '--size'])
        expect(help.text).toContain(flag)
    if (help.kind === 'help') expect(help.text).not.toContain('--engine')
  })
})

/** Runs `dispatch` with its output captured. */
async function run(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | undefined; out: string; err: string }> {
  let out = ''
  let err = ''
  const code = await dispatch(argv, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) }, env)
  return { code, out, err }
}

describe('subcommands', () => {
  it('--version prints the package version; --help and help <command> print each help', async () => {
    const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
    expect(VERSION).toBe(version)
    expect(await run(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' })
    expect(await run(['-v'])).toMatchObject({ code: 0, out: `${version}\n` })
    expect(await run(['--help'])).toEqual({ code: 0, out: `${CLI_HELP}\n`, err: '' })
    expect(await run(['help'])).toMatchObject({ code: 0, out: `${CLI_HELP}\n` })
    for (const command of ['serve', 'replay', 'scenarios', 'openapi', 'coverage']) {
      expect(CLI_HELP).toContain(`  ${command} `)
      const own = await run([command, '--help'])
      expect(own.code).toBe(0)
      expect(own.out).toContain(`Usage: debt-token-simulator ${command === 'serve' ? '[serve]' : command}`)
      expect((await run(['help', command])).out).toBe(own.out)
    }
  })
  it('refuses an unknown command or option with exit code 2 and the help', async () => {
    expect(await run(['serv'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown command serv') })
    expect(await run(['help', 'serv'])).toMatchObject({ code: 2 })
    // Names every object has (the commands are looked up by name in an object).
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(await run([name])).toMatchObject({ code: 2, err: expect.stringContaining(`unknown command ${name}`) })
      expect(await run(['help', name])).toMatchObject({ code: 2 })
    }
    expect(await run(['--prot', '1'])).toMatchObject({ code: 2, err: expect.stringContaining('unknown option --prot') })
    expect(await run(['openapi', '--outt', 'x'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown option --outt'),
    })
    expect(await run(['scenarios', 'list'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown subcommand list'),
    })
  })
  it("scenarios lists every shipped scenario with its description, and a directory's with --scenarios", async () => {
    const listed = await run(['scenarios'])
    expect(listed.code).toBe(0)
    const shipped = readFileSync(join(root, 'src/scenarios/shipped-scenarios.ts'), 'utf8')
      .match(/^ {2}'([\w.-]+)':/gm)!
      .map((line) => line.slice(3, -2))
    expect(shipped.length).toBeGreaterThan(5)
    const flaky = JSON.parse(readFileSync(join(root, 'scenarios/flaky-backend.json'), 'utf8')) as {
      description: string
    }
    expect(listed.out).toContain(flaky.description)
    expect(
      listed.out
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[0]),
    ).toEqual(shipped)
    const directory = temporaryDirectory('cli-scenarios-')
    writeFileSync(
      join(directory, 'mine.json'),
      JSON.stringify({
        description: 'My own scenario',
        rules: [{ operation: 'getUser', respond: { status: 404, message: 'gone' } }],
      }),
    )
    const json = await run(['scenarios', '--json', '--scenarios', directory])
    expect(JSON.parse(json.out)).toContainEqual({
      name: 'mine',
      source: directory,
      description: 'My own scenario',
      rules: 1,
      steps: 0,
    })
    expect(JSON.parse((await run(['scenarios', '--json'], { SIM_SCENARIOS: directory })).out)).toHaveLength(
      shipped.length + 1,
    )
  })
  it('scenarios validate passes good files and exits 1 on a mistake, naming the file and field', async () => {
    const good = await run(['scenarios', 'validate', join(root, 'scenarios')])
    expect(good.code).toBe(0)
    expect(good.out).toMatch(/ok {3}.*flaky-backend\.json/)
    expect(good.out).not.toContain('scenario.schema.json')
    const directory = temporaryDirectory('cli-validate-')
    const bad = join(directory, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({ description: 'typo', rules: [{ operation: 'getUsr', respond: { status: 400 } }] }),
    )
    const failed = await run(['scenarios', 'validate', join(root, 'scenarios/flaky-backend.json'), bad])
    expect(failed.code).toBe(1)
    expect(failed.err).toContain(`${bad}: rules[0].operation`)
    expect(failed.out).toContain('2 scenario files checked: 1 valid, 1 with mistakes')
    expect((await run(['scenarios', 'validate', join(directory, 'missing.json')])).code).toBe(1)
    expect((await run(['scenarios', 'validate'])).code).toBe(2)
  })
  it('openapi prints the document, or writes it with --out', async () => {
    const printed = await run(['openapi'])
    expect(printed.code).toBe(0)
    const document = JSON.parse(printed.out) as {
      openapi: string
      paths: Record<string, unknown>
      servers: { url: string }[]
    }
    expect(document.openapi).toMatch(/^3\.1/)
    expect(Object.keys(document.paths).length).toBeGreaterThan(10)
    expect(readFileSync(join(root, 'docs/openapi.json'), 'utf8')).toBe(`${printed.out}`)
    const file = join(temporaryDirectory('cli-openapi-'), 'nested', 'api.json')
    const written = await run(['openapi', '--out', file, '--server', 'http://localhost:9999'])
    expect(written).toMatchObject({ code: 0, out: `wrote ${file}\n` })
    expect(JSON.parse(readFileSync(file, 'utf8')).servers[0].url).toBe('http://localhost:9999')
  })
})

/** The files a bundle file imports statically (`import … from "./…"`, `export … from "./…"`), transitively. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  for (const match of readFileSync(file, 'utf8').matchAll(
    /(?:^|[;\s}])(?:import|export)\s*[^('"]*?from\s*["'](\.[^"']+)["']/g,
  )) {
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

describe('the built command (dist/cli.js)', () => {
  it('is a Node script that prints its version and help with no loader', () => {
    expect(readFileSync(cliPath, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(execFileSync(process.execPath, [cliPath, '--version'], { encoding: 'utf8' }).trim()).toBe(VERSION)
    expect(execFileSync(process.execPath, [cliPath, 'replay', '--help'], { encoding: 'utf8' })).toContain('--session')
    const unknown = spawnSync(process.execPath, [cliPath, 'nonsense'], { encoding: 'utf8' })
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('unknown command nonsense')
  })

  it("starts the server without loading the other subcommands' code, the control API or the OpenAPI builder, which load when used", async () => {
    // A module hook (NODE_OPTIONS) that names each part whose text a loaded module holds: a
    // subcommand's usage, a control route's summary, and the OpenAPI builder's document version
    // (serve needs it only for --coverage-out, whose report it writes at exit).
    const dir = temporaryDirectory('cli-loads-')
    const hook = join(dir, 'hook.mjs')
    writeFileSync(
      hook,
      `import { registerHooks } from 'node:module'
      const markers = {
        serve: 'Usage: debt-token-simulator [serve]',
        replay: 'Usage: debt-token-simulator replay <',
        scenarios: 'Usage: debt-token-simulator scenarios [',
        openapi: 'Usage: debt-token-simulator openapi [',
        coverage: 'Usage: debt-token-simulator coverage report',
        control: 'List the control routes',
        builder: /openapi:["'\`]3\\.1\\.0["'\`]/,
      }
      registerHooks({ load(url, context, next) {
        const loaded = next(url, context)
        const text = String(loaded.source ?? '')
        const holds = (marker) => (typeof marker === 'string' ? text.includes(marker) : marker.test(text))
        for (const [name, marker] of Object.entries(markers)) if (holds(marker)) process.stderr.write('loaded-part: ' + name + '\\n')
        return loaded
      } })`,
    )
    const env = { NODE_OPTIONS: `--import ${pathToFileURL(hook).href}` }
    const loadedBy = (output: string) =>
      [...new Set([...output.matchAll(/loaded-part: (\w+)/g)].map((match) => match[1]))].sort()
    const server = await startCli(['--quiet'], { env })
    try {
      expect((await fetch(`${server.url}/securityToken`, { headers: { authorization: 'Bearer t' } })).status).toBe(200)
      expect(loadedBy(server.output())).toEqual(['serve'])
      // The control API (its contract and the wings' handlers) loads on the first control request.
      expect((await fetch(`${server.url}/__sim/health`)).status).toBe(200)
      expect(loadedBy(server.output())).toEqual(['control', 'serve'])
    } finally {
      expect(await server.stop()).toBe(0)
    }
    const covering = await startCli(['--quiet', '--coverage-out', join(dir, 'coverage.json')], { env })
    try {
      expect((await fetch(`${covering.url}/securityToken`, { headers: { authorization: 'Bearer t' } })).status).toBe(
        200,
      )
      // The report's builder documents the control routes too: it loads their contract with it.
      expect(loadedBy(covering.output())).toEqual(['builder', 'control', 'serve'])
    } finally {
      expect(await covering.stop()).toBe(0)
    }
    for (const command of ['replay', 'scenarios', 'openapi', 'coverage']) {
      const help = spawnSync(process.execPath, [cliPath, command, '--help'], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      })
      expect(help.status).toBe(0)
      expect(loadedBy(help.stderr)).toContain(command)
    }
  })

  it('answers byte for byte as the sources do', async () => {
    const built = await startCli(['--quiet'])
    const fromSources = await startStandaloneServer({ port: 0 })
    try {
      expect(built.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+$/m)
      const answers = await answersOfEveryOperation(built.url)
      expect(answers.filter((answer) => /^20\d /.test(answer)).length).toBeGreaterThan(Object.keys(samples).length / 2)
      expect(await answersOfEveryOperation(fromSources.url)).toEqual(answers)
    } finally {
      expect(await built.stop()).toBe(0)
      await fromSources.close()
    }
  })

  /** A command that should refuse to start but serves instead never exits: it is ended, and the test fails. */
  const SERVES_INSTEAD_MS = 15_000

  it('exits 1 naming the directory and the expected files when --fixtures is missing', () => {
    const missing = join(temporaryDirectory('cli-fixtures-'), 'no-such-dir')
    const result = spawnSync(process.execPath, [cliPath, '--port', '0', '--fixtures', missing], {
      encoding: 'utf8',
      timeout: SERVES_INSTEAD_MS,
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(missing)
    expect(result.stderr).toContain('debt-tokens.json')
  })

  it('exits 1 when --now leaves a generated world (--size) no room in the calendar', () => {
    const args = ['--port', '0', '--size', '50', '--now', '9999-11-01T00:00:00Z']
    const result = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: SERVES_INSTEAD_MS })
    expect(result.status).toBe(1)
    expect(result.stderr).toMatch(
      /^debt-token-simulator: a generated world of 50 debt tokens cannot be written at 9999-11-01T00:00:00\.000Z: .* give a now from 0072-02-24T00:00:00\.000Z to 9995-01-01T23:59:59\.999Z\n$/,
    )
  })

  it("keeps the world generator (faker's pt_BR and en locales) in a chunk the start does not load", () => {
    // The entry turns on the compile cache, then imports the command itself: loaded at start too.
    const command = /await import\(["'`]\.\/(cli-[\w-]*\.js)["'`]\)/.exec(readFileSync(cliPath, 'utf8'))?.[1]
    expect(command).toBeDefined()
    const commandFile = join(dirname(cliPath), command!)
    const atStart = [cliPath, commandFile, ...staticImports(cliPath), ...staticImports(commandFile)]
    const importsFaker = (file: string) => /from\s*["'`]@faker-js\/faker/.test(readFileSync(file, 'utf8'))
    expect(atStart.filter(importsFaker)).toEqual([])
    const generator = atStart
      .map((file) => /import\(["'`]\.\/(generate-world[\w-]*\.js)["'`]\)/.exec(readFileSync(file, 'utf8'))?.[1])
      .find((name) => name !== undefined)
    expect(generator).toBeDefined()
    const generatorFile = join(dirname(cliPath), generator!)
    expect(atStart).not.toContain(generatorFile)
    // faker's locale is imported beside the generator, on demand, never at start.
    const importsFakerOnDemand = (file: string) =>
      /import\(["'`]@faker-js\/faker\/locale\/pt_BR["'`]\)/.test(readFileSync(file, 'utf8'))
    expect(atStart.some(importsFakerOnDemand)).toBe(true)
  })

  it('loads the world generator when a request first needs it: a scenario world by header or control API, --size', async () => {
    const auth = { authorization: 'Bearer t' }
    const normal = await startCli(['--quiet'])
    try {
      // The very first request names a scenario whose world is generated (rich-world: 200 debt tokens).
      const rich = await fetch(`${normal.url}/securityToken`, { headers: { ...auth, 'x-sim-scenario': 'rich-world' } })
      expect(rich.status).toBe(200)
      expect(rich.headers.get('x-sim-scenario')).toBe('rich-world')
      const richTokens = (await rich.json()) as { contractAddress: string }[]
      const plain = (await (await fetch(`${normal.url}/securityToken`, { headers: auth })).json()) as unknown[]
      expect(richTokens).not.toEqual(plain)
      const held = await fetch(`${normal.url}/manager/debt-tokens/${richTokens[0]!.contractAddress}`, {
        headers: { ...auth, 'x-sim-scenario': 'rich-world' },
      })
      expect(((await held.json()) as unknown[]).length).toBeGreaterThanOrEqual(20)
      const put = await fetch(`${normal.url}/__sim/scenario`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'rich-world' }),
      })
      expect(put.status).toBe(200)
      expect(await (await fetch(`${normal.url}/securityToken`, { headers: auth })).json()).toEqual(richTokens)
    } finally {
      expect(await normal.stop()).toBe(0)
    }
    // A factory draws people with the generator's code: the first request may be one.
    const fresh = await startCli(['--quiet'])
    try {
      const created = await fetch(`${fresh.url}/__sim/factories/investorPayments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: 2 }),
      })
      expect(created.status).toBe(200)
      const { records } = (await created.json()) as { records: { investorAddress: string; tokenAddress: string }[] }
      const listed = await fetch(`${fresh.url}/investor/${records[0]!.investorAddress}/${records[0]!.tokenAddress}`, {
        headers: auth,
      })
      expect(await listed.json()).toEqual(records)
    } finally {
      expect(await fresh.stop()).toBe(0)
    }
    const sized = await startCli(['--quiet', '--size', '300'])
    try {
      const state = (await (await fetch(`${sized.url}/__sim/state?limit=0`)).json()) as {
        counts: { debtTokens: number }
      }
      expect(state.counts.debtTokens).toBe(300)
    } finally {
      expect(await sized.stop()).toBe(0)
    }
  })

  it('serve --watch reloads an edited scenario file, and keeps the last good one after a mistake', async () => {
    const directory = temporaryDirectory('cli-watch-')
    const file = join(directory, 'users-gone.json')
    const users = (status: number, message: string) =>
      JSON.stringify({ description: 'users fail', rules: [{ operation: 'getUser', respond: { status, message } }] })
    writeFileSync(file, users(404, 'gone'))
    const served = await startCli(['--quiet', '--watch', '--scenarios', directory, '--scenario', 'users-gone'])
    const user = async () =>
      (
        await fetch(`${served.url}/users/8352e67d-f793-4f8b-9395-3666184dc725`, {
          headers: { authorization: 'Bearer t' },
        })
      ).status
    const printed = async (text: string) => {
      for (let waited = 0; !served.output().includes(text); waited += 50) {
        if (waited > 15_000) throw new Error(`no "${text}" in: ${served.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    try {
      expect(served.output()).toMatch(/listening on \S+ \(scenario users-gone, watching \S+\)/)
      expect(await user()).toBe(404)
      writeFileSync(file, users(429, 'slow down'))
      await printed('scenario users-gone stays active, with fresh counters')
      expect(served.output()).toContain(`scenarios reloaded from ${directory}: changed users-gone`)
      expect(await user()).toBe(429)
      writeFileSync(file, users(200, 'fine'))
      await printed(`${file}: rules[0].respond.status: must be an HTTP error status`)
      expect(served.output()).toContain('(the last good version stays in use)')
      expect(await user()).toBe(429)
    } finally {
      expect(await served.stop()).toBe(0)
    }
  })

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves on the given port, logs each request and exits 0 on ${signal}`, async () => {
      const { url, output, stop } = await startCli([])
      const response = await fetch(`${url}/securityToken`, { headers: { authorization: 'Bearer t' } })
      expect(response.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(output()).toMatch(/ GET \/securityToken 200 [\d.]+ms listSecurityTokens/)
      expect(await stop(signal)).toBe(0)
      await expect(fetch(`${url}/securityToken`)).rejects.toThrow()
    })
  }
})
