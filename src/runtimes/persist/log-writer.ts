/**
 * The sink of a persistence directory: each write's changes become one JSON line of the log,
 * appended through one file descriptor and made durable with fdatasync before the write is
 * answered. Writes arriving while a sync runs share the next one (group commit), so under
 * concurrent clients a sync costs a batch, not a request. When the log outgrows the snapshot
 * (K× its size, and at least a floor), the current state is written as a new snapshot aside,
 * synced, renamed over the old, and a new log begun: start time stays bounded by the world's size.
 */
import { close, constants, fdatasync, fsync, ftruncate, open, rename, unlink, writeFile, writeSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Change, ChangeSink, WorldIdentity } from '../../persistence/change.ts'
import { headerLine, logFile, SNAPSHOT_FILE } from './directory-files.ts'

const openAsync = promisify(open)
const datasync = promisify(fdatasync)
const fsyncAsync = promisify(fsync)
const closeAsync = promisify(close)
const renameAsync = promisify(rename)
const unlinkAsync = promisify(unlink)
const writeFileAsync = promisify(writeFile)
const truncateAsync = promisify(ftruncate)

/** A log grows to this many times its snapshot before it is compacted into a new one. */
const COMPACT_FACTOR = 2
/** …and to at least this: a small world is not rewritten every few writes. */
const COMPACT_FLOOR_BYTES = 1 << 20

/** A new empty log, appended to (O_APPEND: after a failed write is cut back, the next lands at the end). */
export const LOG_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND

interface Round {
  text: string
  readonly done: Promise<void>
  resolve(): void
  reject(error: unknown): void
}

function newRound(): Round {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const done = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  // A round nobody awaits (a change outside any write) must not fail the process when it fails.
  done.catch(() => {})
  return { text: '', done, resolve, reject }
}

export interface LogWriterOptions {
  readonly dir: string
  readonly fd: number
  readonly generation: number
  readonly identity: WorldIdentity
  readonly logBytes: number
  readonly snapshotBytes: number
  /** The whole state as changes, taken in one synchronous pass (what a compaction writes). */
  readonly currentState: () => Change[]
  readonly warn: (line: string) => void
  readonly compactFloorBytes?: number | undefined
}

export class LogWriter implements ChangeSink {
  #fd: number
  #generation: number
  #identity: WorldIdentity
  #logBytes: number
  #snapshotBytes: number
  /** The round gathering appends; null when nothing waits to be written. */
  #next: Round | null = null
  #inFlight: Round | null = null
  #running: Promise<void> | null = null
  #rebased = false
  #closed = false
  readonly #options: LogWriterOptions

  constructor(options: LogWriterOptions) {
    this.#options = options
    this.#fd = options.fd
    this.#generation = options.generation
    this.#identity = options.identity
    this.#logBytes = options.logBytes
    this.#snapshotBytes = options.snapshotBytes
  }

  append(changes: readonly Change[]): void {
    if (this.#closed) return
    this.#next ??= newRound()
    this.#next.text += `${JSON.stringify(changes)}\n`
    // After this turn of the event loop: the writes of every request read in it share the round.
    this.#running ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.#run())
  }

  stored(): Promise<void> {
    return (this.#next ?? this.#inFlight)?.done ?? Promise.resolve()
  }

  rebase(identity: WorldIdentity): void {
    this.#identity = identity
    this.#rebased = true // the next round ends with a compaction, which writes the new identity
    this.append([])
  }

  async close(): Promise<void> {
    this.#closed = true
    await this.#running
    await closeAsync(this.#fd)
  }

  async #run(): Promise<void> {
    for (let round = this.#next; round !== null; round = this.#next) {
      this.#next = null
      this.#inFlight = round
      await this.#writeRound(round)
      this.#inFlight = null
      const floor = this.#options.compactFloorBytes ?? COMPACT_FLOOR_BYTES
      if (this.#rebased || this.#logBytes > Math.max(floor, COMPACT_FACTOR * this.#snapshotBytes)) await this.#compact()
    }
    this.#running = null
  }

  async #writeRound(round: Round): Promise<void> {
    const buffer = Buffer.from(round.text)
    try {
      // Into the page cache at once (microseconds, no trip to the thread pool); the sync is what waits.
      for (let written = 0; written < buffer.length; ) written += writeSync(this.#fd, buffer, written)
      await datasync(this.#fd)
      this.#logBytes += buffer.length
      round.resolve()
    } catch (error) {
      // Cut back what the failed write left, so that the log stays whole lines.
      await truncateAsync(this.#fd, this.#logBytes).catch(() => {})
      round.reject(error)
    }
  }

  /** Writes the state now as snapshot generation+1 with an empty log; any failure keeps the current ones. */
  async #compact(): Promise<void> {
    const { dir } = this.#options
    const generation = this.#generation + 1
    // One synchronous pass: no write can land halfway through the state written.
    const text =
      headerLine(this.#identity, generation) +
      this.#options
        .currentState()
        .map((change) => `${JSON.stringify(change)}\n`)
        .join('')
    const aside = join(dir, `${SNAPSHOT_FILE}.tmp`)
    const nextLog = join(dir, logFile(generation))
    let fd: number | undefined
    try {
      const tmp = await openAsync(aside, 'w')
      try {
        await writeFileAsync(tmp, text)
        await fsyncAsync(tmp)
      } finally {
        await closeAsync(tmp)
      }
      fd = await openAsync(nextLog, LOG_FLAGS | constants.O_TRUNC)
      // The rename is the switch: before it, a start reads the old snapshot and log; after, the new.
      await renameAsync(aside, join(dir, SNAPSHOT_FILE))
      await syncDirectory(dir)
    } catch (error) {
      if (fd !== undefined) await closeAsync(fd).catch(() => {})
      this.#options.warn(`compacting ${dir} failed (${(error as Error).message}); the log goes on`)
      return
    }
    const oldFd = this.#fd
    const oldLog = join(dir, logFile(this.#generation))
    this.#fd = fd
    this.#generation = generation
    this.#logBytes = 0
    this.#snapshotBytes = Buffer.byteLength(text)
    this.#rebased = false
    await closeAsync(oldFd).catch(() => {})
    await unlinkAsync(oldLog).catch(() => {})
  }
}

/** Makes a rename in `dir` durable (where the platform lets a directory be opened: not on Windows). */
async function syncDirectory(dir: string): Promise<void> {
  let fd: number
  try {
    fd = await openAsync(dir, 'r')
  } catch {
    return
  }
  try {
    await fsyncAsync(fd).catch(() => {})
  } finally {
    await closeAsync(fd)
  }
}
