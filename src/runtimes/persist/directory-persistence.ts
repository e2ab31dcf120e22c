/**
 * A persistence directory as the simulator's store (`serve --persist <dir>`, `persist: { dir }`):
 * at start it takes the directory's lock, reads the snapshot and the log (refusing one written for
 * another world unless told to start over) and hands their entries to the simulator; only once
 * they applied does it touch the directory (cut a torn last line, begin a fresh one, remove what
 * a cut-short compaction left), so a start that fails changes nothing on disk.
 */
import {
  closeSync,
  constants,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  truncateSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import type { Change, ChangeSink, Persistence } from '../../persistence/change.ts'
import { describeIdentity, sameIdentity } from '../../persistence/world-identity.ts'
import { headerLine, logFile, readDirectory, SNAPSHOT_FILE } from './directory-files.ts'
import { acquireLock } from './directory-lock.ts'
import { LOG_FLAGS, LogWriter } from './log-writer.ts'
import { PersistDirectoryError } from './persist-error.ts'

export interface DirectoryPersistenceOptions {
  /** The directory (created if missing). */
  readonly dir: string
  /** Start over from the seeded world, whatever the directory holds (`--persist-reset`). */
  readonly reset?: boolean | undefined
  /** Where warnings go (a torn last line dropped, a compaction that failed); default console.warn. */
  readonly warn?: ((line: string) => void) | undefined
  /** The log size below which it is never compacted (tests set it low). */
  readonly compactFloorBytes?: number | undefined
}

/** Writes `text` as `path` whole: aside, synced, renamed over. */
function replaceFileSync(path: string, text: string): void {
  const aside = `${path}.tmp`
  const fd = openSync(aside, 'w')
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(aside, path)
  try {
    const dirFd = openSync(join(path, '..'), 'r')
    fsyncSync(dirFd)
    closeSync(dirFd)
  } catch {
    // a platform that cannot sync a directory (Windows): the rename stands as the system keeps it
  }
}

export function directoryPersistence(options: DirectoryPersistenceOptions): Persistence {
  const { dir } = options
  const warn = options.warn ?? ((line: string) => console.warn(`debt-token-simulator: ${line}`))
  return ({ identity, currentState }) => {
    mkdirSync(dir, { recursive: true })
    const release = acquireLock(dir)
    try {
      const contents = readDirectory(dir)
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
            replaceFileSync(join(dir, SNAPSHOT_FILE), text)
            snapshotBytes = Buffer.byteLength(text)
            logBytes = 0
          } else if (contents.torn !== undefined) truncateSync(join(dir, logFile(generation)), logBytes)
          const logPath = join(dir, logFile(generation))
          const fd = openSync(logPath, fresh ? LOG_FLAGS | constants.O_TRUNC : LOG_FLAGS)
          for (const name of contents.leftovers) if (name !== logFile(generation)) unlinkQuietly(join(dir, name))
          if (fresh && contents.header !== undefined) unlinkQuietly(join(dir, logFile(contents.header.generation)))
          writer = new LogWriter({
            dir,
            fd,
            generation,
            identity,
            logBytes,
            snapshotBytes,
            currentState,
            warn,
            compactFloorBytes: options.compactFloorBytes,
          })
        },
      }
    } catch (error) {
      release()
      throw error
    }
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}
