/**
 * The sink of a persistence directory: each write's changes become one JSON line of the log, made
 * durable with fdatasync before the write is answered; writes of one event-loop turn share a sync
 * (group commit), and rounds are stored in the order written. After a failed write or sync, memory is
 * ahead of the disk: no delta is appended and `ready()` refuses writes until a new snapshot holds the
 * whole state. A log that outgrows its snapshot is compacted the same way (decision 0008).
 */
import { join } from 'node:path'
import type { Change, ChangeSink, WorldIdentity } from '../change.ts'
import { headerLine, logFile } from './directory-files.ts'
import { type PersistFs, writeAll } from './persist-fs.ts'
import { SnapshotFailed, writeSnapshot } from './snapshot-file.ts'
import { newRound, type Round, StoreFailedError } from './store-round.ts'

/** A log grows to this many times its snapshot before it is compacted. */
const COMPACT_FACTOR = 2
/** …and to at least this: a small world is not rewritten every few writes. */
const COMPACT_FLOOR_BYTES = 1 << 20
/** Syncs under way at once: each holds a thread of libuv's small pool, so the rest is left to others. */
const MAX_SYNCS = 2

export interface LogWriterOptions {
  readonly fs: PersistFs
  readonly dir: string
  readonly fd: number
  readonly generation: number
  readonly identity: WorldIdentity
  readonly logBytes: number
  readonly snapshotBytes: number
  /** The whole state as changes, taken in one synchronous pass (what a snapshot writes). */
  readonly currentState: () => Change[]
  readonly warn: (line: string) => void
  readonly compactFloorBytes?: number | undefined
}

export class LogWriter implements ChangeSink {
  readonly #fs: PersistFs
  #fd: number
  #generation: number
  #identity: WorldIdentity
  #logBytes: number
  #snapshotBytes: number
  /** The round gathering appends; null when nothing waits to be written. */
  #next: Round | null = null
  /** Rounds written and not yet stored, oldest first. */
  #written: Round[] = []
  /** fdatasyncs under way (a snapshot waits for them: they hold the old log's descriptor). */
  #syncs = 0
  /** The round written last, or the snapshot written last: once it is stored, everything before it is. */
  #last: Round | null = null
  #scheduled = false
  /** A snapshot under way (compaction or recovery); appends wait for it in `#next`. */
  #switching: Round | null = null
  /** Set when storing failed: memory holds changes the directory does not, until a snapshot succeeds. */
  #failed: StoreFailedError | undefined
  /** Writes waiting for a snapshot to catch the directory up (`ready()`). */
  #recovery: Round | null = null
  #rebased = false
  #closed = false
  /** After a compaction failed (a full disk), the log size to reach before the next try. */
  #retryCompactionAt = 0
  readonly #options: LogWriterOptions

  constructor(options: LogWriterOptions) {
    this.#options = options
    this.#fs = options.fs
    this.#fd = options.fd
    this.#generation = options.generation
    this.#identity = options.identity
    this.#logBytes = options.logBytes
    this.#snapshotBytes = options.snapshotBytes
  }

  append(changes: readonly Change[]): void {
    if (this.#closed) return
    // Behind memory, and no snapshot taken yet: the next one holds this change, a delta would not.
    if (this.#failed !== undefined && this.#switching === null) return
    this.#next ??= newRound()
    this.#next.text += `${JSON.stringify(changes)}\n`
    this.#schedule()
  }

  stored(): Promise<void> {
    if (this.#failed !== undefined && this.#switching === null && this.#next === null)
      return Promise.reject(this.#failed)
    return (this.#next ?? this.#last)?.done ?? Promise.resolve()
  }

  /**
   * Undefined while the directory keeps up with memory (a write may go ahead at once); after a
   * failure, a promise that settles once a snapshot was tried: resolved when it caught the
   * directory up, rejected (the write must not be applied) when it failed too.
   */
  ready(): Promise<void> | undefined {
    if (this.#failed === undefined || this.#closed) return undefined
    let recovery = this.#recovery
    if (recovery === null) {
      recovery = newRound()
      this.#recovery = recovery
      this.#flush() // may settle it at once: a snapshot whose first call fails
    }
    return recovery.done
  }

  rebase(identity: WorldIdentity): void {
    this.#identity = identity
    this.#rebased = true // a compaction follows, which writes the new identity
    this.append([])
  }

  async close(): Promise<void> {
    if (this.#closed) return
    // A last try to store what memory holds beyond the directory (the disk may have room again).
    const last = this.ready()
    this.#closed = true
    if (last !== undefined)
      await last.catch((error: unknown) =>
        this.#options.warn(`stopping with changes that are not stored: ${(error as Error).message}`),
      )
    for (;;) {
      const pending = [this.#next, ...this.#written, this.#switching].filter((round) => round !== null)
      if (pending.length === 0 && this.#syncs === 0) break
      await Promise.all(pending.map((round) => round.done.catch(() => {})))
      if (pending.length === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    try {
      this.#fs.close(this.#fd)
    } catch {
      // closing cannot lose what is synced
    }
  }

  #schedule(): void {
    if (this.#scheduled) return
    this.#scheduled = true
    // After this turn of the event loop: the writes of every request read in it share the round.
    setImmediate(() => {
      this.#scheduled = false
      this.#flush()
    })
  }

  #wantsCompaction(): boolean {
    const floor = this.#options.compactFloorBytes ?? COMPACT_FLOOR_BYTES
    if (this.#logBytes < this.#retryCompactionAt) return false
    return this.#rebased || this.#logBytes > Math.max(floor, COMPACT_FACTOR * this.#snapshotBytes)
  }

  /**
   * Writes the gathered round into the page cache (microseconds, no trip to the thread pool) and
   * starts its fdatasync. Up to MAX_SYNCS syncs overlap: a round need not wait for the previous
   * sync to end before its own starts, so on a disk whose sync takes milliseconds an answer waits
   * about one sync, not one and a half. A snapshot waits for the syncs under way, and rounds
   * wait for it.
   */
  #flush(): void {
    if (this.#switching !== null) return
    const recovering = this.#failed !== undefined && this.#recovery !== null
    if (recovering || (this.#failed === undefined && this.#wantsCompaction())) {
      if (this.#syncs === 0) void this.#snapshot(recovering)
      return
    }
    const round = this.#next
    if (this.#failed !== undefined || round === null || this.#syncs >= MAX_SYNCS) return // a sync's end flushes again
    this.#next = null
    const buffer = Buffer.from(round.text)
    try {
      writeAll(this.#fs, this.#fd, buffer)
    } catch (error) {
      // Cut back what the failed write left, so that the log stays whole lines.
      try {
        this.#fs.truncate(this.#fd, this.#logBytes)
      } catch {
        // the next start drops a torn last line anyway
      }
      this.#fail(error, [round])
      return
    }
    this.#logBytes += buffer.length
    this.#written.push(round)
    this.#last = round
    this.#syncs++
    this.#fs.datasync(this.#fd).then(
      () => this.#synced(round),
      (error: unknown) => this.#synced(round, error),
    )
  }

  #synced(round: Round, error?: unknown): void {
    this.#syncs--
    if (this.#written.includes(round)) {
      if (error !== undefined) this.#fail(error, [])
      else {
        round.synced = true
        // Stored in order: a round whose sync ended first waits for those written before it.
        while (this.#written[0]?.synced === true) this.#written.shift()!.resolve()
      }
    }
    this.#flush()
  }

  /** Storing failed: every round not yet stored fails with it, and the directory is behind memory until a snapshot. */
  #fail(error: unknown, rounds: Round[]): void {
    const first = this.#failed === undefined
    this.#failed = new StoreFailedError(this.#options.dir, error) // the latest cause, for the next refusal
    if (first) this.#options.warn(this.#failed.message)
    for (const round of [...rounds, ...this.#written.splice(0), ...(this.#next === null ? [] : [this.#next])])
      round.reject(this.#failed)
    this.#next = null
  }

  /**
   * Writes the state now as snapshot generation+1 with an empty log, and switches to them. A
   * compaction that fails keeps the current ones (nothing is lost: the log goes on); a recovery
   * that fails leaves the directory behind, and the write that asked for it is refused.
   */
  async #snapshot(recovering: boolean): Promise<void> {
    const fs = this.#fs
    const { dir } = this.#options
    const generation = this.#generation + 1
    const round = newRound()
    this.#switching = round
    this.#last = round
    const recovery = recovering ? this.#recovery : null
    this.#recovery = null
    try {
      // One synchronous pass: no write can land halfway through the state written.
      const text =
        headerLine(this.#identity, generation) +
        this.#options
          .currentState()
          .map((change) => `${JSON.stringify(change)}\n`)
          .join('')
      this.#switchTo(await writeSnapshot(fs, dir, text, generation), generation, Buffer.byteLength(text))
    } catch (error) {
      const switched = error instanceof SnapshotFailed ? error.switchedTo : undefined
      if (switched !== undefined) this.#switchTo(switched, generation, 0) // the new snapshot is the one a start reads
      this.#switching = null
      const cause = error instanceof SnapshotFailed ? error.cause : error
      if (recovering || switched !== undefined) {
        // The directory's state is not what memory holds, or not known to be durable.
        this.#fail(cause, [round])
        for (const waiting of this.#takeRecoveries(recovery)) waiting.reject(this.#failed)
      } else {
        round.resolve() // the log goes on, holding everything
        this.#options.warn(`compacting ${dir} failed (${(cause as Error).message}); the log goes on`)
        this.#retryCompactionAt = this.#logBytes + (this.#options.compactFloorBytes ?? COMPACT_FLOOR_BYTES)
      }
      this.#flush()
      return
    }
    this.#switching = null
    if (recovering) this.#options.warn(`stored the whole state in ${dir} again: writes are taken again`)
    this.#failed = undefined
    this.#rebased = false
    round.resolve()
    for (const waiting of this.#takeRecoveries(recovery)) waiting.resolve()
    this.#flush()
  }

  /** The writes waiting for this snapshot, and those that asked for one while it was written (a control route beside a write): it answers them all. */
  #takeRecoveries(recovery: Round | null): Round[] {
    const asked = this.#recovery
    this.#recovery = null
    return [recovery, asked].filter((each) => each !== null)
  }

  /** From now on the log is `fd` of `generation`; the old one goes. */
  #switchTo(fd: number, generation: number, snapshotBytes: number): void {
    const oldFd = this.#fd
    const oldLog = join(this.#options.dir, logFile(this.#generation))
    this.#fd = fd
    this.#generation = generation
    this.#logBytes = 0
    this.#snapshotBytes = snapshotBytes
    try {
      this.#fs.close(oldFd)
      this.#fs.unlink(oldLog)
    } catch {
      // a start removes a log of another generation anyway
    }
  }
}
