/**
 * A session recording that writes itself to a scenario file (`--record <file>`, Node only); `flush()`
 * writes the scenario so far and recording goes on. Written to a new file beside the target, created
 * exclusively (`wx` refuses any existing name, a planted link included) under an unpredictable name,
 * then renamed over the target, which replaces a link there rather than writing through it.
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { scenarioFileText } from '../scenarios/scenario-file-text.ts'
import { createSessionRecorder, type RecordedExchange, type SessionRecorderOptions } from './record.ts'
import { withSchemaReference } from './schema-reference.ts'
import { temporaryPathBeside } from './temporary-path.ts'

export interface FileRecording {
  readonly file: string
  record(exchange: RecordedExchange): void
  flush(): Promise<{ file: string; steps: number }>
  /** The same as flush, for a process that is about to exit. */
  flushSync(): { file: string; steps: number }
}

/** A fresh file beside `file`, created exclusively; returns its path once `text` is in it. */
function writeBeside(file: string, text: string): string {
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
 * Why `file` cannot take a recording, or undefined when it can. Creates the missing directories, and
 * proves the directory writable by creating (and removing) a file there as a flush will.
 */
export function recordingTargetProblem(file: string): string | undefined {
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

/** Writes `text` to `file` whole or not at all: beside it first, then renamed over it (atomic on one file system). */
export function writeFileAtomically(file: string, text: string): void {
  const target = resolve(file)
  mkdirSync(dirname(target), { recursive: true })
  const temporary = writeBeside(target, text)
  try {
    renameSync(temporary, target)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

export function createFileRecording(file: string, options: SessionRecorderOptions = {}): FileRecording {
  const recorder = createSessionRecorder(options)
  const flushSync = () => {
    // `$schema` from the file's own directory, so the recording completes in an editor there.
    const scenario = withSchemaReference(recorder.toScenario(), dirname(resolve(file)))
    writeFileAtomically(file, scenarioFileText(scenario))
    return { file, steps: recorder.size }
  }
  return {
    file,
    record: (exchange) => recorder.add(exchange),
    flush: async () => flushSync(),
    flushSync,
  }
}
