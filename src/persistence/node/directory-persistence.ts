/** A persistence directory as the simulator's store; a start that fails changes nothing on disk. */
import { join } from 'node:path'
import type { Change, ChangeSink, Persistence } from '../change.ts'
import { describeIdentity, sameIdentity } from '../world-identity.ts'
import { headerLine, logFile, readDirectory, SNAPSHOT_FILE } from './directory-files.ts'
import { acquireLock } from './directory-lock.ts'
import { LogWriter } from './log-writer.ts'
import { fileSystemError, PersistDirectoryError } from './persist-error.ts'
import { LOG_FLAGS, NEW_FILE_FLAGS, nodeFs, type PersistFs, syncDirectoryNow, writeAll } from './persist-fs.ts'
import { type ProcessTable, systemProcesses } from './process-identity.ts'

export interface DirectoryPersistenceOptions {
  /** The directory (created if missing). */
  readonly dir: string
  /** Start over from the seeded world, whatever the directory holds (`--persist-reset`). */
  readonly reset?: boolean | undefined
  /** Where warnings go (a torn last line dropped, a compaction that failed); default console.warn. */
  readonly warn?: ((line: string) => void) | undefined
  /** The log size below which it is never compacted (tests set it low). */
  readonly compactFloorBytes?: number | undefined
  /** The file system (tests give one that fails or stops); the real one by default. */
  readonly fs?: PersistFs | undefined
  /** This process and how the lock's owner is told running or gone (tests give fake processes). */
  readonly processes?: ProcessTable | undefined
}

/** Writes `text` as `path` whole: aside, synced, renamed over, the rename synced. */
function replaceFileSync(fs: PersistFs, path: string, text: string): void {
  const aside = `${path}.tmp`
  const fd = fs.open(aside, NEW_FILE_FLAGS)
  try {
    writeAll(fs, fd, text)
    fs.syncNow(fd)
  } finally {
    fs.close(fd)
  }
  fs.rename(aside, path)
  syncDirectoryNow(fs, join(path, '..'))
}

export function directoryPersistence(options: DirectoryPersistenceOptions): Persistence {
  const { dir } = options
  const fs = options.fs ?? nodeFs
  const warn = options.warn ?? ((line: string) => console.warn(`debt-token-simulator: ${line}`))
  return ({ identity, currentState }) => {
    try {
      fs.mkdir(dir)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST' || code === 'ENOTDIR')
        throw new PersistDirectoryError(
          `${dir} is not a directory (it, or a folder on its path, is a file): give a directory`,
        )
      throw fileSystemError(`cannot make the directory ${dir}`, error)
    }
    const release = acquireLock(dir, { fs, processes: options.processes ?? systemProcesses })
    try {
      const contents = readDirectory(fs, dir)
      if (!options.reset && contents.header !== undefined && !sameIdentity(contents.header.identity, identity))
        throw new PersistDirectoryError(
          `${dir} was written for a world of ${describeIdentity(contents.header.identity)}, and this one has ${describeIdentity(identity)}: start with --persist-reset (persist: { dir, reset: true }) to drop what it holds and start over, or use another directory`,
        )
      const fresh = options.reset === true || contents.header === undefined
      if (!fresh && contents.torn !== undefined) warn(`${contents.torn}: dropped it, and start with the rest`)
      let writer: LogWriter | undefined
      let closed = false
      const sink: ChangeSink = {
        append: (changes: readonly Change[]) => writer?.append(changes),
        stored: () => writer?.stored() ?? Promise.resolve(),
        ready: () => writer?.ready(),
        rebase: (next) => writer?.rebase(next),
        async close() {
          if (closed) return
          closed = true
          try {
            await writer?.close()
          } finally {
            release()
          }
        },
      }
      return {
        entries: fresh ? [] : contents.entries,
        sink,
        started() {
          try {
            writer = startLog(fs, dir, contents, fresh, identity, currentState, warn, options.compactFloorBytes)
          } catch (error) {
            release()
            throw error instanceof PersistDirectoryError ? error : fileSystemError(`cannot write to ${dir}`, error)
          }
        },
      }
    } catch (error) {
      release()
      throw error
    }
  }
}

/** Makes the directory ready to append to, once the stored entries applied. */
function startLog(
  fs: PersistFs,
  dir: string,
  contents: ReturnType<typeof readDirectory>,
  fresh: boolean,
  identity: Parameters<Persistence>[0]['identity'],
  currentState: () => Change[],
  warn: (line: string) => void,
  compactFloorBytes: number | undefined,
): LogWriter {
  let generation = contents.header?.generation ?? 0
  let snapshotBytes = contents.snapshotBytes
  let logBytes = contents.logBytes
  if (fresh) {
    generation = contents.header === undefined ? 0 : generation + 1
    const text =
      headerLine(identity, generation) +
      currentState()
        .map((change) => `${JSON.stringify(change)}\n`)
        .join('')
    // The old log stays until the new snapshot is in place: a kill before that starts from the old.
    replaceFileSync(fs, join(dir, SNAPSHOT_FILE), text)
    snapshotBytes = Buffer.byteLength(text)
    logBytes = 0
  }
  const logPath = join(dir, logFile(generation))
  const fd = fs.open(logPath, LOG_FLAGS)
  try {
    if (fresh || contents.torn !== undefined) fs.truncate(fd, logBytes)
  } catch (error) {
    fs.close(fd)
    throw error
  }
  for (const name of contents.leftovers) if (name !== logFile(generation)) unlinkQuietly(fs, join(dir, name))
  if (fresh && contents.header !== undefined) unlinkQuietly(fs, join(dir, logFile(contents.header.generation)))
  return new LogWriter({
    fs,
    dir,
    fd,
    generation,
    identity,
    logBytes,
    snapshotBytes,
    currentState,
    warn,
    compactFloorBytes,
  })
}

function unlinkQuietly(fs: PersistFs, path: string): void {
  try {
    fs.unlink(path)
  } catch {
    // already gone
  }
}
