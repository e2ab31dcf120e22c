/**
 * The built entries under Node load their largest chunks as scripts compiled with V8's code cache
 * (src/runtimes/node-chunks/load-chunk.ts): the first process writes the cache, the next ones use
 * it; a cache that is broken, turned off or cannot be written changes nothing a user sees; every
 * entry shares one copy of the chunks; and in a `vm` context (vitest's vmThreads pool) their
 * objects are that context's. Each case runs fresh Node processes on dist/ (made by the global
 * setup), with the cache in a directory of its own.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const entry = (name: string) => JSON.stringify(pathToFileURL(join(projectRoot, 'dist', `${name}.js`)).href)
const scripts = readdirSync(join(projectRoot, 'dist', 'node-chunks')).filter((file) => file.endsWith('.cjs'))

/** A read and a write through the ./node entry, in a fresh process; what they answered. */
function readAndWrite(cache: string): string {
  const script = `
    const { setupSimulatorServer } = await import(${entry('node')})
    const { server } = setupSimulatorServer({ baseUrl: 'http://api.test' })
    server.listen({ onUnhandledRequest: 'error' })
    const headers = { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }
    const tokens = await (await fetch('http://api.test/securityToken', { headers })).json()
    const body = JSON.stringify({ managerAddress: tokens[0].managerAddress, tokenAddress: tokens[0].contractAddress, amount: 1500, status: 'PAID', serie: 'SENIOR', type: 'JUROS' })
    const written = await fetch('http://api.test/manager', { method: 'POST', headers, body })
    console.log(JSON.stringify({ tokens: tokens.length, written: written.status, answer: await written.json() }))
    server.close()
  `
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, DEBT_TOKEN_SIMULATOR_COMPILE_CACHE: cache },
  })
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.v8'))

it('ships each chunk as strict code, as the ES module it was', () => {
  // A script is the body of a function, which is sloppy code unless it says otherwise.
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) {
    expect(readFileSync(join(projectRoot, 'dist', 'node-chunks', script), 'utf8')).toMatch(
      /^\(function \(exports, require, module, __import\) \{"use strict";\n/,
    )
  }
})

it('writes one cache per chunk in the first process, and the next one uses them as they are', () => {
  const cache = temporaryDirectory('dts-chunk-cache-')
  const first = readAndWrite(cache)
  expect(JSON.parse(first)).toMatchObject({ tokens: 3, written: 200, answer: { status: 'success' } })
  const written = cacheFiles(cache)
  expect(written).toHaveLength(scripts.length)
  const times = written.map((file) => statSync(join(cache, file)).mtimeMs)
  // Same answers from the cache; a cache V8 accepted is not written again.
  expect(readAndWrite(cache)).toBe(first)
  expect(cacheFiles(cache)).toEqual(written)
  expect(written.map((file) => statSync(join(cache, file)).mtimeMs)).toEqual(times)
})

it('answers the same with a broken cache, and writes a good one in its place', () => {
  const cache = temporaryDirectory('dts-chunk-cache-')
  const expected = readAndWrite(cache)
  for (const file of cacheFiles(cache)) writeFileSync(join(cache, file), 'not a V8 code cache')
  expect(readAndWrite(cache)).toBe(expected)
  for (const file of cacheFiles(cache)) expect(readFileSync(join(cache, file), 'utf8')).not.toBe('not a V8 code cache')
})

it('answers the same with the cache off or unwritable, and writes nothing', () => {
  const dir = temporaryDirectory('dts-chunk-cache-')
  const expected = readAndWrite(join(dir, 'cache'))
  expect(readAndWrite('off')).toBe(expected)
  // A file where the directory would be: nothing can be written under it.
  writeFileSync(join(dir, 'file'), '')
  expect(readAndWrite(join(dir, 'file', 'cache'))).toBe(expected)
  expect(readdirSync(dir).sort()).toEqual(['cache', 'file'])
})

it('gives every entry the same copy of the chunks', () => {
  const script = `
    const index = await import(${entry('index')})
    const node = await import(${entry('node')})
    const simulator = node.createSimulator()
    try { simulator.useScenario({ rules: 'not a list' }) } catch (error) { console.log(error instanceof index.ScenarioError, error.name) }
  `
  const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, DEBT_TOKEN_SIMULATOR_COMPILE_CACHE: 'off' },
  })
  expect(printed.trim()).toMatch(/^true /)
})

it("makes the chunks' objects in the vm context that imports them (vitest's vmThreads pool)", () => {
  // Installed as a user installs it (a copy under node_modules, which vitest leaves to Node's loader
  // and so to the package's imports field; a file outside node_modules vite would bundle itself).
  const project = temporaryDirectory('dts-chunk-vm-')
  const installed = join(project, 'node_modules', 'debt-token-simulator')
  cpSync(join(projectRoot, 'dist'), join(installed, 'dist'), { recursive: true })
  cpSync(join(projectRoot, 'package.json'), join(installed, 'package.json'))
  for (const name of ['msw', 'vitest'])
    symlinkSync(join(projectRoot, 'node_modules', name), join(project, 'node_modules', name))
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }')
  writeFileSync(
    join(project, 'realm.test.js'),
    `import { expect, it } from 'vitest'
     import { operationTable } from 'debt-token-simulator'
     import { setupSimulatorServer } from 'debt-token-simulator/node'
     it('runs in this context', async () => {
       expect(operationTable instanceof Array).toBe(true)
       const { server } = setupSimulatorServer({ baseUrl: 'http://api.test' })
       server.listen()
       const answer = await fetch('http://api.test/securityToken', { headers: { authorization: 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' } })
       expect(answer.status).toBe(200)
       server.close()
     })`,
  )
  const vitest = join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs')
  const run = (pool: string) =>
    execFileSync(process.execPath, [vitest, 'run', '--root', project, '--pool', pool], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1', NO_COLOR: '1', DEBT_TOKEN_SIMULATOR_COMPILE_CACHE: join(project, pool) },
    })
  // In a vm context the loader compiles without a cache; the default pool (Node's main context)
  // writes one, which shows the chunks of this install do come through the loader.
  expect(run('vmThreads')).toMatch(/1 passed/)
  expect(existsSync(join(project, 'vmThreads'))).toBe(false)
  expect(run('forks')).toMatch(/1 passed/)
  expect(cacheFiles(join(project, 'forks'))).toHaveLength(scripts.length)
})
