/**
 * The built Node entry (dist/, made by the global setup) loads the world generator and the
 * factories on the first generated value, not at import (runtimes/msw/node-generator.required.ts):
 * a test file that never generates never evaluates them, and a sized world is still made
 * synchronously. Where the require would load another copy of the package (as from inside a vm
 * sandbox), or cannot run, the synchronous call says to await `loadWorldGenerator()`, which then
 * readies it. Each case runs in a fresh Node process, with a module hook that records what loads.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { projectRoot } from '../support/cli-process.ts'

const dist = join(projectRoot, 'dist')

/** Runs `body` after importing dist/node.js as `entry`, with `loaded()` listing the generator's modules evaluated so far. */
function run(body: string, { requireFrom }: { requireFrom?: string } = {}): Record<string, unknown> {
  const script = `
    import { registerHooks } from 'node:module'
    const urls = []
    const elsewhere = ${JSON.stringify(requireFrom === undefined ? null : pathToFileURL(requireFrom).href)}
    registerHooks({
      resolve(specifier, context, next) {
        const resolved = next(specifier, context)
        // The generator's entry taken from another copy of dist/: what a require from a vm sandbox meets.
        if (elsewhere !== null && resolved.url.endsWith('/dist/generator.js')) return { ...resolved, url: elsewhere + '/generator.js' }
        return resolved
      },
      load(url, context, next) {
        urls.push(url)
        return next(url, context)
      },
    })
    const loaded = () => urls.filter((url) => /generate-world|create-records|\\/generator\\.js$/.test(url)).map((url) => url.split('/').pop().replace(/-[\\w-]{8}\\.js$/, ''))
    const entry = await import(${JSON.stringify(pathToFileURL(join(dist, 'node.js')).href)})
    const out = {}
    ${body}
    console.log(JSON.stringify(out))
  `
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))
}

const copies: string[] = []
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true })
})

it('loads the generator on the first sized world, not at import, and makes that world synchronously', () => {
  const out = run(`
    out.atImport = loaded()
    const simulator = entry.createSimulator()
    await simulator.reset()
    out.afterDefaultWorld = loaded()
    out.counts = entry.createSimulator({ size: 3, seed: 11 }).state().counts
    out.afterSized = loaded()
  `)
  expect(out.atImport).toEqual([])
  expect(out.afterDefaultWorld).toEqual([])
  expect(out.counts).toMatchObject({ debtTokens: 3, securityTokens: 3 })
  expect(out.afterSized).toEqual(expect.arrayContaining(['generator.js', 'generate-world', 'create-records']))
})

it('makes records with the factories synchronously loaded on their first call', () => {
  const out = run(`
    const simulator = entry.createSimulator()
    const user = await simulator.create.users({ role: ['investor'] })
    out.role = user.role
    out.loaded = loaded()
  `)
  expect(out.role).toEqual(['investor'])
  expect(out.loaded).toEqual(expect.arrayContaining(['generator.js', 'create-records']))
})

it('where the require loads another copy of the package, says to await loadWorldGenerator(), which readies it', () => {
  const copy = mkdtempSync(join(tmpdir(), 'dts-dist-copy-'))
  copies.push(copy)
  cpSync(dist, copy, { recursive: true })
  const out = run(
    `
    try {
      entry.createSimulator({ size: 3 })
      out.error = null
    } catch (error) {
      out.error = error.message
    }
    await entry.loadWorldGenerator()
    out.counts = entry.createSimulator({ size: 3, seed: 11 }).state().counts
  `,
    { requireFrom: copy },
  )
  expect(out.error).toMatch(/not loaded yet.*await loadWorldGenerator\(\)/)
  expect(out.counts).toMatchObject({ debtTokens: 3, securityTokens: 3 })
})
