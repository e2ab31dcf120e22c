/**
 * A persistence directory's file system that fails on cue, and processes that die on cue: what the
 * fault-injection tests put behind `directoryPersistence({ fs, processes })`.
 *
 * `FaultyFs` passes every call to the real file system, except that an armed fault answers the
 * n-th call of its kind with ENOSPC or EIO (an append that fails having written half of what it
 * was given, as a full disk does; a sync or a rename that fails having done nothing), and `kill()`
 * stops it: from then on every call fails without touching the disk, so the directory stays as a
 * `kill -9` at that instant leaves it (every acknowledged write waited for its fdatasync, so what
 * a kill can lose is only what was never acknowledged).
 */
import { constants } from 'node:fs'
import { nodeFs, type PersistFs } from '../../src/persistence/node/persist-fs.ts'
import type { ProcessIdentity, ProcessTable } from '../../src/persistence/node/process-identity.ts'

/** What a fault strikes: a log append, another write (a snapshot, a lock), an fsync/fdatasync, a rename. */
export type FaultSite = 'append' | 'write' | 'sync' | 'rename'
export type FaultCode = 'ENOSPC' | 'EIO'

export interface Fault {
  readonly site: FaultSite
  readonly code: FaultCode
  /** Strikes the n-th call at its site from when it is armed (1: the next). */
  readonly nth: number
}

function errnoError(code: FaultCode, call: string): NodeJS.ErrnoException {
  const text = code === 'ENOSPC' ? 'no space left on device' : 'i/o error'
  return Object.assign(new Error(`${code}: ${text}, ${call}`), { code, syscall: call })
}

/** What a call of a killed file system throws: not an errno, nothing was done. */
class KilledError extends Error {
  constructor() {
    super('the process was killed')
  }
}

export class FaultyFs implements PersistFs {
  readonly #base: PersistFs
  readonly #appending = new Set<number>()
  #armed: { fault: Fault; left: number }[] = []
  #killAt = Number.POSITIVE_INFINITY
  #calls = 0
  #killed = false
  /** The faults that struck, in order (for a failing run's report). */
  readonly struck: string[] = []

  constructor(base: PersistFs = nodeFs) {
    this.#base = base
  }

  get killed(): boolean {
    return this.#killed
  }

  arm(fault: Fault): void {
    this.#armed.push({ fault, left: fault.nth })
  }

  /** Kills the process at its `calls`-th file system call from now (1: the next). */
  killAfter(calls: number): void {
    this.#killAt = this.#calls + calls
  }

  kill(): void {
    this.#killed = true
  }

  /** Counts a call; throws if the process is dead, or if a fault armed for `site` strikes now. */
  #enter(site: FaultSite | undefined, call: string): FaultCode | undefined {
    if (!this.#killed && ++this.#calls >= this.#killAt) this.#killed = true
    if (this.#killed) throw new KilledError()
    if (site === undefined) return undefined
    const index = this.#armed.findIndex((armed) => armed.fault.site === site && --armed.left === 0)
    if (index === -1) return undefined
    const { fault } = this.#armed.splice(index, 1)[0]!
    this.struck.push(`${fault.code} at ${site} (${call})`)
    return fault.code
  }

  #strike(site: FaultSite | undefined, call: string): void {
    const code = this.#enter(site, call)
    if (code !== undefined) throw errnoError(code, call)
  }

  mkdir(path: string): void {
    this.#strike(undefined, 'mkdir')
    this.#base.mkdir(path)
  }
  entries(dir: string) {
    this.#strike(undefined, 'scandir')
    return this.#base.entries(dir)
  }
  open(path: string, flags: number): number {
    this.#strike(undefined, 'open')
    const fd = this.#base.open(path, flags)
    if ((flags & constants.O_APPEND) !== 0) this.#appending.add(fd)
    else this.#appending.delete(fd)
    return fd
  }
  fstat(fd: number) {
    this.#strike(undefined, 'fstat')
    return this.#base.fstat(fd)
  }
  read(fd: number): Buffer {
    this.#strike(undefined, 'read')
    return this.#base.read(fd)
  }
  write(fd: number, buffer: Uint8Array, offset: number): number {
    const code = this.#enter(this.#appending.has(fd) ? 'append' : 'write', 'write')
    if (code === undefined) return this.#base.write(fd, buffer, offset)
    // A full disk takes part of a write and refuses the rest; an I/O error takes nothing.
    const part = code === 'ENOSPC' ? Math.floor((buffer.length - offset) / 2) : 0
    if (part > 0) this.#base.write(fd, buffer.subarray(0, offset + part), offset)
    throw errnoError(code, 'write')
  }
  truncate(fd: number, length: number): void {
    this.#strike(undefined, 'ftruncate')
    this.#base.truncate(fd, length)
  }
  close(fd: number): void {
    this.#appending.delete(fd)
    // Closing is what the system does for a killed process too.
    this.#base.close(fd)
  }
  syncNow(fd: number): void {
    this.#strike('sync', 'fsync')
    this.#base.syncNow(fd)
  }
  link(existing: string, path: string): void {
    this.#strike(undefined, 'link')
    this.#base.link(existing, path)
  }
  rename(from: string, to: string): void {
    this.#strike('rename', 'rename')
    this.#base.rename(from, to)
  }
  unlink(path: string): void {
    this.#strike(undefined, 'unlink')
    this.#base.unlink(path)
  }
  touch(path: string): void {
    this.#strike(undefined, 'utimes')
    this.#base.touch(path)
  }
  datasync(fd: number): Promise<void> {
    return this.#async('fdatasync', () => this.#base.datasync(fd))
  }
  sync(fd: number): Promise<void> {
    return this.#async('fsync', () => this.#base.sync(fd))
  }

  /** Holds the next sync until the returned `release()`; `reached` resolves once a sync waits there. */
  holdNextSync(): { reached: Promise<void>; release(): void } {
    let reach!: () => void
    const reached = new Promise<void>((resolve) => {
      reach = resolve
    })
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    this.#hold = { reach, released }
    return { reached, release }
  }

  #hold: { reach(): void; released: Promise<void> } | undefined

  async #async(call: string, run: () => Promise<void>): Promise<void> {
    this.#strike('sync', call)
    const hold = this.#hold
    this.#hold = undefined
    if (hold !== undefined) {
      hold.reach()
      await hold.released
    }
    await run()
    // A sync cannot change what a file holds, so one that ends after a kill changes nothing either.
    if (this.#killed) throw new KilledError()
  }
}

/** Processes of a test: each start is a process of its own, and a kill ends it (its lock then stale). */
export class FakeProcesses {
  readonly #running = new Set<number>()
  #nextPid = 4_000_000

  /** A new process, running until `end()`; answers the table it sees the others through. */
  start(): { table: ProcessTable; end(): void } {
    const pid = this.#nextPid++
    this.#running.add(pid)
    const self: ProcessIdentity = { pid, start: `fake-${pid}`, place: 'test' }
    const running = this.#running
    return {
      table: {
        self,
        stateOf: (owner) =>
          owner.place !== self.place
            ? 'elsewhere'
            : running.has(owner.pid) && owner.start === `fake-${owner.pid}`
              ? 'running'
              : 'gone',
      },
      end: () => void running.delete(pid),
    }
  }
}
