/**
 * `serve --watch` against hostile file systems (issue 20, finding 10): a watched directory removed
 * and made again, or moved away and replaced, is watched again (and the log says what happened); a
 * FIFO named `*.json` is refused instead of hanging the server; a file over the documented size is
 * refused with a message. Real files, the watcher the command starts, a server over HTTP.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_DATA_FILE_BYTES } from '../../src/model/read-data-file.ts'
import { type DirectoryWatch, watchDirectories } from '../../src/runtimes/cli/watch.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { loadScenarioDirectory } from '../../src/scenarios/load-scenarios.ts'
import { createSimulatorCore } from '../../src/simulator-core.ts'
import { temporaryDirectory } from '../temporary-directory.ts'

const open: { server: StandaloneServer; watch: DirectoryWatch }[] = []
afterEach(async () => {
  for (const { server, watch } of open.splice(0)) {
    watch.close()
    await server.close()
  }
})

async function serveWatching(scenarios: string) {
  const simulator = createSimulatorCore({ scenarios: loadScenarioDirectory(scenarios) })
  const server = await startStandaloneServer({ port: 0, simulator })
  const log: string[] = []
  const warnings: string[] = []
  // A short poll so that a replaced directory is noticed quickly; the command checks every second.
  const watch = watchDirectories(simulator, {
    scenarios,
    log: (line) => log.push(line),
    warn: (line) => warnings.push(line),
    debounceMs: 20,
    pollMs: 20,
  })
  open.push({ server, watch })
  return { server, log, warnings }
}

/** Polls, with no fixed sleep, until `condition` holds or 2,000 turns passed; then the caller's expect says what is wrong. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

const scenario = (description: string) => JSON.stringify({ description, rules: [] })

async function catalog(server: StandaloneServer): Promise<string[]> {
  const body = (await (await fetch(`${server.url}/__sim/scenarios`)).json()) as { scenarios: { name: string }[] }
  return body.scenarios.map((entry) => entry.name)
}

describe('a watched directory that is replaced', () => {
  it('is watched again after it is removed and made again', async () => {
    const directory = join(temporaryDirectory('watch-removed-'), 'scenarios')
    mkdirSync(directory)
    writeFileSync(join(directory, 'first.json'), scenario('the first'))
    const { server, log, warnings } = await serveWatching(directory)
    rmSync(directory, { recursive: true })
    await until(() => warnings.some((line) => line.includes('is gone')))
    expect(warnings.join('\n')).toContain(`--watch: ${directory} is gone (removed or moved away); watching stopped`)
    expect(await catalog(server)).toContain('first') // what was loaded stays in use
    mkdirSync(directory)
    writeFileSync(join(directory, 'second.json'), scenario('the second'))
    // A reload the removal scheduled may load the new directory before the poll says it is back.
    const back = `--watch: ${directory} is back: watching it again`
    await until(async () => (await catalog(server)).includes('second') && log.includes(back))
    expect(await catalog(server)).toContain('second')
    expect(await catalog(server)).not.toContain('first')
    expect(log).toContain(back)
    // And edits in the new directory are heard.
    writeFileSync(join(directory, 'third.json'), scenario('the third'))
    await until(async () => (await catalog(server)).includes('third'))
    expect(await catalog(server)).toContain('third')
  })

  it('is watched again after it is moved away and replaced, and the old one is no longer heard', async () => {
    const parent = temporaryDirectory('watch-moved-')
    const directory = join(parent, 'scenarios')
    mkdirSync(directory)
    writeFileSync(join(directory, 'first.json'), scenario('the first'))
    const { server, log } = await serveWatching(directory)
    const replacement = join(parent, 'incoming')
    mkdirSync(replacement)
    writeFileSync(join(replacement, 'second.json'), scenario('the second'))
    renameSync(directory, join(parent, 'old'))
    renameSync(replacement, directory)
    const watchedAgain = /--watch: .*scenarios (was replaced|is back): watching it again/
    await until(async () => (await catalog(server)).includes('second') && watchedAgain.test(log.join('\n')))
    expect(await catalog(server)).toContain('second')
    expect(log.join('\n')).toMatch(watchedAgain)
    writeFileSync(join(parent, 'old', 'ghost.json'), scenario('in the moved-away directory'))
    writeFileSync(join(directory, 'third.json'), scenario('the third'))
    await until(async () => (await catalog(server)).includes('third'))
    expect(await catalog(server)).not.toContain('ghost')
  })
})

describe('files the watcher refuses', () => {
  it('refuses a FIFO named *.json instead of hanging, and the server keeps answering', async () => {
    const directory = temporaryDirectory('watch-fifo-')
    writeFileSync(join(directory, 'first.json'), scenario('the first'))
    const { server, warnings } = await serveWatching(directory)
    execFileSync('mkfifo', [join(directory, 'trap.json')])
    await until(() => warnings.length > 0)
    expect(warnings[0]).toContain(`${join(directory, 'trap.json')}: cannot be read: not a regular file`)
    expect((await fetch(`${server.url}/__sim/health`)).status).toBe(200)
    expect(await catalog(server)).not.toContain('trap')
    // Loading the directory at start refuses it the same way.
    expect(() => loadScenarioDirectory(directory)).toThrow(/trap\.json: cannot be read: not a regular file/)
  })

  it(`refuses a file over ${MAX_DATA_FILE_BYTES / 1024 / 1024} MB with a message naming the limit`, async () => {
    const directory = temporaryDirectory('watch-huge-')
    const { server, warnings } = await serveWatching(directory)
    const padding = 'x'.repeat(MAX_DATA_FILE_BYTES)
    writeFileSync(join(directory, 'huge.json'), JSON.stringify({ description: padding, rules: [] }))
    await until(() => warnings.length > 0)
    expect(warnings[0]).toContain(`${join(directory, 'huge.json')}: cannot be read: 5.0 MB, over the 5.0 MB`)
    expect(await catalog(server)).not.toContain('huge')
  })
})
