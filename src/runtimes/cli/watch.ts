/**
 * `serve --watch`: reloads the `--scenarios` and `--fixtures` directories when their files change. Each
 * directory is watched, not its files: editors save by renaming a new file over the old one, which a watch
 * on the old file would miss. A file with a mistake is reported and its last good version stays in use.
 */
import { type FSWatcher, statSync, watch } from 'node:fs'
import { basename, join } from 'node:path'
import { loadFixtureDirectory } from '../../model/load-fixture-directory.ts'
import { readDataFile } from '../../model/read-data-file.ts'
import { fixtureFiles } from '../../model/world.ts'
import {
  isSchemaFile,
  parseScenarioText,
  readScenarioText,
  scenarioFilesIn,
  scenarioNameOf,
} from '../../scenarios/load-scenarios.ts'
import type { Scenario } from '../../scenarios/scenario-schema.ts'
import type { SimulatorCore } from '../../simulator-core.ts'

export interface WatchOptions {
  /** The `--scenarios` directory, already loaded into the simulator. */
  readonly scenarios?: string | undefined
  /** The `--fixtures` directory, already loaded into the simulator. */
  readonly fixtures?: string | undefined
  /** What was reloaded. */
  readonly log: (line: string) => void
  /** A file with a mistake, or a directory that cannot be watched. */
  readonly warn: (line: string) => void
  /** How long a directory must be quiet before it is reloaded (default 150 ms). */
  readonly debounceMs?: number
  /** How often the paths are checked for a directory replaced or gone (default 1 s). */
  readonly pollMs?: number
}

interface Settings {
  readonly debounceMs: number
  readonly pollMs: number
  readonly warn: (line: string) => void
  readonly log: (line: string) => void
}

export interface DirectoryWatch {
  close(): void
}

const DEFAULT_DEBOUNCE_MS = 150
const DEFAULT_POLL_MS = 1000

/** What tells one directory from another at the same path (undefined: nothing there, or not a directory). */
function identityOf(directory: string): string | undefined {
  try {
    const stats = statSync(directory)
    // The birth time too: a directory removed and made again may get the same inode number.
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}:${stats.birthtimeMs}` : undefined
  } catch {
    return undefined
  }
}

/**
 * Calls `reload` once `directory` has been quiet for `debounceMs` after events on `relevant` files.
 * A watch follows a directory, not its path, so the path is also checked every `pollMs` (and on each
 * event): another directory there is watched and reloaded; none, and the log says watching stopped.
 */
function watchDirectory(
  directory: string,
  relevant: (file: string) => boolean,
  reload: () => void,
  { debounceMs, pollMs, warn, log }: Settings,
): DirectoryWatch {
  let timer: NodeJS.Timeout | undefined
  let watcher: FSWatcher | undefined
  let identity = identityOf(directory)
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(reload, debounceMs)
  }
  const open = () => {
    try {
      watcher = watch(directory, { persistent: false }, (event, file) => {
        if (event === 'rename') check()
        // Some platforms do not name the file: then any event may matter.
        if (file !== null && !relevant(String(file))) return
        schedule()
      })
      watcher.on('error', () => check())
    } catch (error) {
      watcher = undefined
      warn(`--watch: ${directory} cannot be watched (${(error as Error).message}); trying again`)
    }
  }
  const check = () => {
    const now = identityOf(directory)
    if (now === identity && (watcher !== undefined || now === undefined)) return
    watcher?.close()
    watcher = undefined
    const before = identity
    identity = now
    if (now === undefined) {
      warn(
        `--watch: ${directory} is gone (removed or moved away); watching stopped until a directory is there again (what was loaded stays in use)`,
      )
      return
    }
    log(`--watch: ${before === undefined ? `${directory} is back` : `${directory} was replaced`}: watching it again`)
    open()
    schedule()
  }
  open()
  const poll = setInterval(check, pollMs)
  poll.unref()
  return {
    close() {
      clearInterval(poll)
      clearTimeout(timer)
      watcher?.close()
    },
  }
}

const list = (names: readonly string[]) => names.join(', ')

/** The scenario files of a directory as last loaded: their text, and what it parsed to. */
function scenarioReloader(directory: string, simulator: SimulatorCore, { log, warn }: WatchOptions): () => void {
  const loaded = new Map<string, { text: string; scenario: Scenario }>()
  for (const file of scenarioFilesIn(directory)) {
    const text = readScenarioText(file)
    loaded.set(file, { text, scenario: parseScenarioText(text, file) })
  }
  return () => {
    let files: string[]
    try {
      files = scenarioFilesIn(directory)
    } catch (error) {
      warn(`--watch: cannot read ${directory} (${(error as Error).message}); the scenarios stay as they were`)
      return
    }
    const added: string[] = []
    const changed: string[] = []
    const removed: string[] = []
    for (const file of files) {
      const previous = loaded.get(file)
      try {
        const text = readScenarioText(file)
        if (previous?.text === text) continue
        loaded.set(file, { text, scenario: parseScenarioText(text, file) })
        ;(previous === undefined ? added : changed).push(scenarioNameOf(file))
      } catch (error) {
        const kept = previous === undefined ? 'not loaded' : 'the last good version stays in use'
        warn(`${(error as Error).message}\n  (${kept})`)
      }
    }
    for (const file of [...loaded.keys()]) {
      if (files.includes(file)) continue
      loaded.delete(file)
      removed.push(scenarioNameOf(file))
    }
    if (added.length + changed.length + removed.length === 0) return
    const refreshed = simulator.host.replaceScenarios(
      Object.fromEntries([...loaded].map(([file, { scenario }]) => [scenarioNameOf(file), scenario])),
    )
    const what = [
      changed.length > 0 && `changed ${list(changed)}`,
      added.length > 0 && `added ${list(added)}`,
      removed.length > 0 && `removed ${list(removed)}`,
    ].filter(Boolean)
    log(`scenarios reloaded from ${directory}: ${what.join('; ')}`)
    for (const { name, outcome, session } of refreshed) {
      const where = session === null ? '' : ` in session ${session}`
      log(
        outcome === 'restarted'
          ? `  scenario ${name} stays active${where}, with fresh counters`
          : `  scenario ${name} is gone: deactivated${where}`,
      )
    }
  }
}

/** The fixture files' texts, to tell a real change from an event that changed nothing. */
function fixtureTexts(directory: string): string {
  return Object.values(fixtureFiles)
    .map((file) => {
      try {
        return readDataFile(join(directory, file))
      } catch (error) {
        return `\u0000${(error as Error).message}`
      }
    })
    .join('\u0000')
}

function fixtureReloader(directory: string, simulator: SimulatorCore, { log, warn }: WatchOptions): () => void {
  let texts = fixtureTexts(directory)
  return () => {
    const now = fixtureTexts(directory)
    if (now === texts) return
    let world: ReturnType<typeof loadFixtureDirectory>
    try {
      world = loadFixtureDirectory(directory)
    } catch (error) {
      warn(`${(error as Error).message}\n  (the last good fixtures stay in use)`)
      return
    }
    texts = now
    const sessions = simulator.sessions.list().length
    simulator.host.replaceWorld(world)
    log(
      `fixtures reloaded from ${directory}: the seeded world was reset` +
        (sessions === 0 ? '' : ` and ${sessions} session${sessions === 1 ? '' : 's'} ended`),
    )
  }
}

/** Watches the directories `options` names; `close()` stops watching. */
export function watchDirectories(simulator: SimulatorCore, options: WatchOptions): DirectoryWatch {
  const settings: Settings = {
    debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS,
    pollMs: options.pollMs ?? DEFAULT_POLL_MS,
    warn: options.warn,
    log: options.log,
  }
  const watchers: DirectoryWatch[] = []
  if (options.scenarios !== undefined) {
    const isScenarioFile = (file: string) => file.endsWith('.json') && !isSchemaFile(file)
    watchers.push(
      watchDirectory(
        options.scenarios,
        isScenarioFile,
        scenarioReloader(options.scenarios, simulator, options),
        settings,
      ),
    )
  }
  if (options.fixtures !== undefined) {
    const names = new Set<string>(Object.values(fixtureFiles))
    watchers.push(
      watchDirectory(
        options.fixtures,
        (file) => names.has(basename(file)),
        fixtureReloader(options.fixtures, simulator, options),
        settings,
      ),
    )
  }
  return {
    close() {
      for (const watcher of watchers) watcher.close()
    },
  }
}
