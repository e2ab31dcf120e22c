/**
 * `serve --watch`: reloads the scenario directory (`--scenarios`) and the fixture directory
 * (`--fixtures`) of a running simulator when their files change, so a QA engineer edits a scenario
 * or a fixture and the next request sees it.
 *
 * - Each directory is watched with `node:fs` `watch` on the directory itself, not on its files:
 *   editors save by writing a new file and renaming it over the old one, which a watch on the old
 *   file would miss. Both directories are flat (`*.json`), so no recursive watch is needed.
 * - Events come in bursts (one save is several writes and renames): a reload runs once the
 *   directory has been quiet for `debounceMs`.
 * - A file with a mistake is not loaded: the error names the file, the path of the bad field and
 *   the problem, and the last good version stays in use (a scenario file's own, or the whole
 *   fixture directory's). A file whose text did not change is not reloaded.
 * - Scenarios: the changed set replaces the simulator's (`replaceScenarios`); an active scenario
 *   whose file changed is active again with fresh counters, one whose file is gone is deactivated.
 * - Fixtures: the world is replaced (`replaceWorld`): the seeded data start over and sessions end,
 *   which the log says.
 */
import { type FSWatcher, readFileSync, watch } from 'node:fs'
import { basename, join } from 'node:path'
import { loadFixtureDirectory } from '../../model/load-fixture-directory.ts'
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
}

export interface DirectoryWatch {
  close(): void
}

const DEFAULT_DEBOUNCE_MS = 150

/** Calls `reload` once `directory` has been quiet for `debounceMs` after events on `relevant` files. */
function watchDirectory(
  directory: string,
  relevant: (file: string) => boolean,
  reload: () => void,
  { debounceMs, warn }: { debounceMs: number; warn: (line: string) => void },
): FSWatcher {
  let timer: NodeJS.Timeout | undefined
  const watcher = watch(directory, { persistent: false }, (_event, file) => {
    // Some platforms do not name the file: then any event may matter.
    if (file !== null && !relevant(String(file))) return
    clearTimeout(timer)
    timer = setTimeout(reload, debounceMs)
  })
  watcher.on('error', (error) => warn(`--watch: ${directory} can no longer be watched: ${error.message}`))
  watcher.on('close', () => clearTimeout(timer))
  return watcher
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
    const refreshed = simulator.replaceScenarios(
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
        return readFileSync(join(directory, file), 'utf8')
      } catch {
        return '\u0000missing'
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
    simulator.replaceWorld(world)
    log(
      `fixtures reloaded from ${directory}: the seeded world was reset` +
        (sessions === 0 ? '' : ` and ${sessions} session${sessions === 1 ? '' : 's'} ended`),
    )
  }
}

/** Watches the directories `options` names; `close()` stops watching. */
export function watchDirectories(simulator: SimulatorCore, options: WatchOptions): DirectoryWatch {
  const settings = { debounceMs: options.debounceMs ?? DEFAULT_DEBOUNCE_MS, warn: options.warn }
  const watchers: FSWatcher[] = []
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
