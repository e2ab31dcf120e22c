/**
 * The files of a persistence directory: `snapshot.jsonl`, only ever replaced whole, and the log, whose
 * torn last line is dropped with a warning; any other bad line stops the start, named. So does anything
 * but a regular file: a link or FIFO would send the log elsewhere or hang the start.
 */
import type { Dirent } from 'node:fs'
import { join } from 'node:path'
import type { StoredEntry, WorldIdentity } from '../change.ts'
import { fileSystemError, PersistDirectoryError } from './persist-error.ts'
import { type PersistFs, READ_FLAGS } from './persist-fs.ts'

export const SNAPSHOT_FILE = 'snapshot.jsonl'
const FORMAT = 'debt-token-simulator/persist@1'
export const logFile = (generation: number): string => `log-${generation}.jsonl`
const LOG_PATTERN = /^log-(\d+)\.jsonl$/

interface SnapshotHeader {
  readonly format: typeof FORMAT
  readonly identity: WorldIdentity
  /** Which log continues this snapshot. */
  readonly generation: number
}

export interface DirectoryContents {
  /** Undefined: nothing was stored here yet. */
  readonly header: SnapshotHeader | undefined
  readonly entries: StoredEntry[]
  readonly snapshotBytes: number
  /** The log's length up to its last whole line (what a torn last line is cut back to). */
  readonly logBytes: number
  /** Set when the log's last line is torn: cut the log back to `logBytes` once the start succeeded. */
  readonly torn: string | undefined
  /** Logs of other generations and a snapshot written aside: left by a compaction a kill cut short. */
  readonly leftovers: string[]
}

function damaged(origin: string, detail: string): PersistDirectoryError {
  return new PersistDirectoryError(
    `${origin}: ${detail}; the directory is left as it is (repair or remove that line, or start over with --persist-reset)`,
  )
}

function parseLine(text: string, origin: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw damaged(origin, `not a JSON line (${(error as Error).message})`)
  }
}

function parseHeader(line: string, origin: string): SnapshotHeader {
  const header = parseLine(line, origin) as Partial<SnapshotHeader> | null
  const identity = header?.identity
  if (
    header?.format !== FORMAT ||
    typeof identity?.seed !== 'number' ||
    typeof identity.fixtures !== 'string' ||
    !Number.isSafeInteger(header.generation)
  )
    throw damaged(origin, `not a snapshot header of ${FORMAT}`)
  return header as SnapshotHeader
}

export function headerLine(identity: WorldIdentity, generation: number): string {
  return `${JSON.stringify({ format: FORMAT, identity: { seed: identity.seed, fixtures: identity.fixtures }, generation })}\n`
}

function kindOf(entry: Dirent): string {
  if (entry.isSymbolicLink()) return 'a symbolic link'
  if (entry.isFIFO()) return 'a FIFO'
  if (entry.isSocket()) return 'a socket'
  if (entry.isDirectory()) return 'a directory'
  return 'a device'
}

/** The names in `dir`, every one a regular file; throws a PersistDirectoryError naming the first that is not. */
function regularFiles(fs: PersistFs, dir: string): string[] {
  let entries: Dirent[]
  try {
    entries = fs.entries(dir)
  } catch (error) {
    throw fileSystemError(`cannot list ${dir}`, error)
  }
  for (const entry of entries)
    if (!entry.isFile())
      throw new PersistDirectoryError(
        `${join(dir, entry.name)} is ${kindOf(entry)}: a persistence directory holds only the regular files the simulator writes (remove it, or use another directory)`,
      )
  return entries.map((entry) => entry.name)
}

/**
 * Reads the file `path` whole, or undefined when there is none; checked on the open file to be a
 * regular file with no other name (a hard link would have the log written elsewhere too).
 */
function readRegularFile(fs: PersistFs, path: string): Buffer | undefined {
  let fd: number
  try {
    fd = fs.open(path, READ_FLAGS)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw fileSystemError(`cannot open ${path}`, error)
  }
  try {
    const stats = fs.fstat(fd)
    if (!stats.isFile())
      throw new PersistDirectoryError(`${path} is not a regular file: remove it, or use another directory`)
    if (stats.nlink > 1)
      throw new PersistDirectoryError(
        `${path} has another name (a hard link): the simulator would write to it there too; copy it to a file of its own, or use another directory`,
      )
    return fs.read(fd)
  } catch (error) {
    if (error instanceof PersistDirectoryError) throw error
    throw fileSystemError(`cannot read ${path}`, error)
  } finally {
    fs.close(fd)
  }
}

/** Reads `dir` (which exists) without changing it. Throws a PersistDirectoryError naming a damaged or foreign file (and line). */
export function readDirectory(fs: PersistFs, dir: string): DirectoryContents {
  const snapshotPath = join(dir, SNAPSHOT_FILE)
  const names = regularFiles(fs, dir)
  const snapshot = readRegularFile(fs, snapshotPath)
  if (snapshot === undefined) {
    const leftovers = names.filter((name) => LOG_PATTERN.test(name) || name === `${SNAPSHOT_FILE}.tmp`)
    return { header: undefined, entries: [], snapshotBytes: 0, logBytes: 0, torn: undefined, leftovers }
  }
  const snapshotLines = snapshot.toString('utf8').split('\n')
  if (snapshotLines.at(-1) !== '') throw damaged(`${snapshotPath}:${snapshotLines.length}`, 'a line without its end')
  const header = parseHeader(snapshotLines[0]!, `${snapshotPath}:1`)
  const entries: StoredEntry[] = []
  for (let i = 1; i < snapshotLines.length - 1; i++) {
    const origin = `${snapshotPath}:${i + 1}`
    entries.push({ changes: parseLine(snapshotLines[i]!, origin), origin })
  }
  const current = logFile(header.generation)
  const leftovers = names.filter(
    (name) => (LOG_PATTERN.test(name) && name !== current) || name === `${SNAPSHOT_FILE}.tmp`,
  )
  const log = readLog(join(dir, current), readRegularFile(fs, join(dir, current)), entries)
  return { header, entries, snapshotBytes: snapshot.length, ...log, leftovers }
}

/** Appends the log's entries to `entries`; a missing log is an empty one (a kill right after a compaction's rename). */
function readLog(
  path: string,
  buffer: Buffer | undefined,
  entries: StoredEntry[],
): { logBytes: number; torn: string | undefined } {
  if (buffer === undefined) return { logBytes: 0, torn: undefined }
  let whole = buffer.lastIndexOf(10) + 1 // bytes up to the last line end
  let torn: string | undefined =
    whole < buffer.length ? `${path}:${countLines(buffer, whole) + 1} has no line end (a write cut short)` : undefined
  const lines = buffer.subarray(0, whole).toString('utf8').split('\n')
  lines.pop() // after the last line end
  for (let i = 0; i < lines.length; i++) {
    const origin = `${path}:${i + 1}`
    let changes: unknown
    try {
      changes = JSON.parse(lines[i]!)
    } catch (error) {
      if (i < lines.length - 1 || torn !== undefined)
        throw damaged(origin, `not a JSON line (${(error as Error).message})`)
      // The last line, whole but unreadable: cut short too.
      whole -= Buffer.byteLength(lines[i]!) + 1
      torn = `${origin} is not a whole JSON line (a write cut short)`
      break
    }
    entries.push({ changes, origin })
  }
  return { logBytes: whole, torn }
}

function countLines(buffer: Buffer, end: number): number {
  let count = 0
  for (let i = buffer.indexOf(10); i !== -1 && i < end; i = buffer.indexOf(10, i + 1)) count++
  return count
}
