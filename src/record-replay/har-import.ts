/**
 * `scenarios from-har` on disk (Node only): reads a HAR file, converts it, and writes the scenario
 * and, with a world directory, its fixture files. All is checked in memory first, then each is written
 * beside its target and renamed into place, so a refused file leaves no scenario and no world behind.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { failureReason, fileTargetProblem, temporaryPathBeside, writeFileAtomically } from '../files/atomic-file.ts'
import { withSchemaReference } from '../files/schema-reference.ts'
import { scenarioFileText } from '../scenarios/scenario-file-text.ts'
import { parseScenario } from '../scenarios/scenario-schema.ts'
import { checkHar, checkHarSize, HAR_SIZE_LIMIT_BYTES, type Har, HarError, harJson } from './har-file.ts'
import { type HarConversion, harToScenario } from './har-to-scenario.ts'
import { type HarWorld, harWorld } from './har-world.ts'

export interface HarImportOptions {
  readonly har: string
  /** The scenario file; undefined: `<har name>.scenario.json` beside the HAR; '-': none (the caller prints `text`). */
  readonly out?: string | undefined
  readonly world?: string | undefined
}

export interface HarImport extends HarConversion {
  /** The scenario file written (undefined for '-'). */
  readonly out: string | undefined
  /** The scenario file's text. */
  readonly text: string
  readonly world?: HarWorld & { readonly dir: string }
}

/** Where the scenario goes by default: `session.har` → `session.scenario.json` beside it. */
function defaultScenarioFile(har: string): string {
  return join(dirname(har), `${basename(har).replace(/\.har$/i, '')}.scenario.json`)
}

/** The HAR file parsed, not checked yet; its text lives only in this call, so it is not held beside the tree. */
function readHarJson(file: string): unknown {
  let size: number
  try {
    const stats = statSync(file)
    if (!stats.isFile()) throw new HarError(file, '', 'not a file')
    size = stats.size
  } catch (error) {
    if (error instanceof HarError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new HarError(file, '', code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`)
  }
  checkHarSize(size, file)
  return harJson(readFileSync(file, 'utf8'), file)
}

/** The HAR file read and checked: the checked copy alone outlives this call, not the parsed JSON it was made from. */
function readHar(file: string): Har {
  return checkHar(readHarJson(file), file)
}

/** The file converted in this call, so that only what the conversion keeps outlives it, not the parsed file. */
function convertHarFile(file: string): HarConversion {
  return harToScenario(readHar(file), basename(file), attachedReader(file))
}

/** A body Playwright attached beside the HAR (`content._file`), only from the HAR's own directory. */
function attachedReader(har: string) {
  const directory = realpathSync(resolve(dirname(har)))
  return (name: string): string | undefined => {
    const named = resolve(directory, name)
    if (!existsSync(named)) return undefined
    // Where it really is: a link in the directory that leads out of it is not the directory's.
    const path = realpathSync(named)
    const inside = relative(directory, path)
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined
    const stats = statSync(path)
    if (!stats.isFile() || stats.size > HAR_SIZE_LIMIT_BYTES) return undefined
    return readFileSync(path, 'utf8')
  }
}

/** Refuses a world directory that holds anything: the HAR's world replaces no one's fixtures. */
function checkWorldTarget(dir: string): void {
  if (!existsSync(dir)) return
  if (!lstatSync(dir).isDirectory())
    throw new HarError(dir, '', 'exists and is not a directory; name a new directory for --world')
  if (readdirSync(dir).length > 0)
    throw new HarError(dir, '', 'is not empty; name a new or empty directory for --world')
}

/** Writes the world into a fresh directory beside `dir`, returned for the caller to rename into place. */
function writeWorldBeside(dir: string, world: HarWorld): string {
  const target = resolve(dir)
  let writing = target
  let temporary: string | undefined
  try {
    mkdirSync(dirname(target), { recursive: true })
    temporary = temporaryPathBeside(target)
    mkdirSync(temporary)
    for (const [file, records] of Object.entries(world.files)) {
      writing = join(dir, file)
      writeFileSync(join(temporary, file), `${JSON.stringify(records, null, 2)}\n`, { flag: 'wx' })
    }
  } catch (error) {
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true })
    throw new HarError('', '', `${writing} cannot be written (${failureReason(error)})`)
  }
  return temporary
}

/** Whether `a` and `b` name one file: one path, or one file through links. */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true
  const first = statSync(a, { throwIfNoEntry: false })
  const second = statSync(b, { throwIfNoEntry: false })
  return first !== undefined && second !== undefined && first.dev === second.dev && first.ino === second.ino
}

/** Writes the scenario file; a failure (a full disk, a read-only mount) names it and the errno. */
function writeScenario(out: string, text: string): void {
  try {
    writeFileAtomically(out, text)
  } catch (error) {
    throw new HarError('', '', `${out} cannot be written (${failureReason(error)})`)
  }
}

export function importHarFile(options: HarImportOptions): HarImport {
  const conversion = convertHarFile(options.har)
  const out = options.out === '-' ? undefined : (options.out ?? defaultScenarioFile(options.har))
  const scenario = withSchemaReference(conversion.scenario, out === undefined ? process.cwd() : dirname(resolve(out)))
  parseScenario(scenario, out ?? 'the scenario') // what replay will load; a mistake here is the converter's
  const scenarioText = scenarioFileText(scenario)
  if (options.world !== undefined) checkWorldTarget(options.world)
  const world = options.world === undefined ? undefined : harWorld(conversion.exchanges)
  if (out !== undefined) {
    if (sameFile(out, options.har))
      throw new HarError('', '', `--out ${out} is the HAR being read: name another file for the scenario`)
    const problem = fileTargetProblem(out)
    // A problem of the file names it; one of its directory is said as the file's.
    if (problem !== undefined)
      throw new HarError('', '', problem.startsWith(`${out} `) ? problem : `${out} cannot be written: ${problem}`)
  }
  const worldBeside = world === undefined ? undefined : writeWorldBeside(options.world!, world)
  // The world first, then the scenario: a scenario that cannot be written takes the world it was
  // written with away again, so a failure leaves neither (and an empty world directory as it was).
  const worldTarget = options.world === undefined ? undefined : resolve(options.world)
  const worldExisted = worldTarget !== undefined && existsSync(worldTarget)
  let worldPlaced = false
  try {
    if (worldBeside !== undefined && worldTarget !== undefined) {
      if (worldExisted) rmdirSync(worldTarget) // empty, checked above
      renameSync(worldBeside, worldTarget)
      worldPlaced = true
    }
    if (out !== undefined) writeScenario(out, scenarioText)
  } catch (error) {
    if (worldBeside !== undefined) rmSync(worldPlaced ? worldTarget! : worldBeside, { recursive: true, force: true })
    if (worldExisted && !existsSync(worldTarget!)) mkdirSync(worldTarget!)
    throw error
  }
  return {
    ...conversion,
    out,
    text: scenarioText,
    ...(world !== undefined && { world: { ...world, dir: options.world! } }),
  }
}
