/**
 * The files the wings write whole or not at all (a recording, a coverage report, a scenario from a
 * HAR): beside the target first, created exclusively under an unpredictable name (`wx` refuses any
 * existing name, a planted link included), then renamed over it, which replaces a link there rather
 * than writing through it. node:fs is reached through process.getBuiltinModule, not imported, so
 * the Storybook entry, which a page's bundler follows, can carry the coverage writer.
 */
import { randomHex } from '../model/random-hex.ts'

const fs = () => process.getBuiltinModule('node:fs')
const path = () => process.getBuiltinModule('node:path')

/** A temporary path beside `target`, for the caller to create exclusively: a name no one can guess or plant. */
export function temporaryPathBeside(target: string): string {
  const { basename, dirname, join } = path()
  return join(dirname(target), `.${basename(target)}.${randomHex(12)}.tmp`)
}

/** A fresh file beside `file`, created exclusively; returns its path once `text` is in it. */
function writeBeside(file: string, text: string): string {
  const { closeSync, openSync, rmSync, writeSync } = fs()
  const temporary = temporaryPathBeside(file)
  const descriptor = openSync(temporary, 'wx', 0o644)
  try {
    writeSync(descriptor, text)
  } catch (error) {
    closeSync(descriptor)
    rmSync(temporary, { force: true })
    throw error
  }
  closeSync(descriptor)
  return temporary
}

/** Why a file operation failed, for a message: `ENOSPC: no space left on device`, without Node's path and call. */
export function failureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  const message = error instanceof Error ? error.message : String(error)
  if (code === undefined) return message
  const words = message.startsWith(`${code}: `) ? message.slice(code.length + 2).split(',')[0] : undefined
  return words === undefined || words === '' ? code : `${code}: ${words}`
}

/**
 * Why `directory` could not be created. Node's recursive mkdir says ENOENT where it may not write:
 * a plain mkdir of the first missing part says the real errno (EROFS, EACCES).
 */
function creationFailure(directory: string, error: unknown): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return error
  const { existsSync, mkdirSync } = fs()
  const { dirname } = path()
  let missing = directory
  while (dirname(missing) !== missing && !existsSync(dirname(missing))) missing = dirname(missing)
  try {
    mkdirSync(missing)
  } catch (real) {
    return real
  }
  return error
}

/**
 * Why `file` cannot be written at close, or undefined when it can. Creates the missing directories,
 * and proves the directory writable by creating (and removing) a file there as a write will.
 */
export function fileTargetProblem(file: string): string | undefined {
  const { lstatSync, mkdirSync, rmSync, statSync } = fs()
  const { dirname, join, resolve } = path()
  const target = resolve(file)
  try {
    const stats = lstatSync(target)
    if (stats.isDirectory()) return `${file} is a directory; name a file in it, e.g. ${join(file, 'session.json')}`
    if (!stats.isFile() && !stats.isSymbolicLink())
      return `${file} is not a regular file (a FIFO, socket or device); name a new or regular file`
  } catch (error) {
    // ENOTDIR: a parent is not a directory, which the directory check below names.
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return `${file} cannot be examined (${failureReason(error)})`
  }
  const directory = dirname(target)
  try {
    mkdirSync(directory, { recursive: true })
    if (!statSync(directory).isDirectory()) return `${directory} is not a directory`
  } catch (error) {
    return `the directory ${directory} cannot be created (${failureReason(creationFailure(directory, error))})`
  }
  try {
    rmSync(writeBeside(target, ''))
  } catch (error) {
    return `the directory ${directory} cannot be written (${failureReason(error)})`
  }
  return undefined
}

/**
 * Writes `text` to `file` whole or not at all (its directory made if missing); throws, leaving no
 * temporary file, when it cannot.
 */
export function writeFileAtomically(file: string, text: string): void {
  const { lstatSync, mkdirSync, renameSync, rmSync } = fs()
  const { dirname, resolve } = path()
  const target = resolve(file)
  // Renamed over, a device or FIFO would be replaced by a regular file (run as root, /dev/full would).
  const existing = lstatSync(target, { throwIfNoEntry: false })
  if (existing !== undefined && !existing.isFile() && !existing.isSymbolicLink())
    throw new Error(`${file} is not a regular file (a directory, FIFO, socket or device)`)
  mkdirSync(dirname(target), { recursive: true })
  const temporary = writeBeside(target, text)
  try {
    renameSync(temporary, target)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** Thrown as a server starts, for a file it is to write at close that cannot be written; `option` names its option. */
export class FileTargetError extends Error {
  constructor(
    readonly option: string,
    readonly problem: string,
  ) {
    super(`${option}: ${problem}`)
  }
}

/** A file to write at close that cannot be written, as the command says it (`--record: …`); said before anything is served. */
export function fileRefusal(error: unknown, option: string, flag: string): string | undefined {
  return error instanceof FileTargetError && error.option === option ? `${flag}: ${error.problem}` : undefined
}

/** Throws a FileTargetError when `file` (given as `option`) cannot be written. */
export function assertFileTarget(option: string, file: string | undefined): void {
  const problem = file === undefined ? undefined : fileTargetProblem(file)
  if (problem !== undefined) throw new FileTargetError(option, problem)
}
