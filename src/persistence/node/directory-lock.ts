/**
 * One simulator per persistence directory: the lock is the highest-numbered `lock-<n>` file, naming
 * its owner. A start takes the next number by linking a file written aside (link fails if the name
 * exists), only once the highest one's owner is gone or let it go; nothing it did not create is removed
 * before it holds the lock, so two starts meeting a stale lock cannot both take it (decision 0008).
 */
import { join } from 'node:path'
import { fileSystemError, PersistDirectoryError } from './persist-error.ts'
import { NEW_FILE_FLAGS, type PersistFs, READ_FLAGS, writeAll } from './persist-fs.ts'
import type { ProcessIdentity, ProcessTable } from './process-identity.ts'

const LOCK_PATTERN = /^lock-(\d+)$/
/** Where the previous format kept its lock (the owner's pid alone). */
const LEGACY_LOCK = 'lock'
/** How often an owner refreshes its lock's modification time, for starts that cannot see its process (another container or host). */
const HEARTBEAT_MS = 10_000
/** A lock from elsewhere not refreshed for this long has lost its owner. */
const STALE_ELSEWHERE_MS = 3 * HEARTBEAT_MS
/** How often a start looks again after another start changed the locks under it: a bound only. */
const ATTEMPTS = 64

/** A lock's content: its owner, or none once the owner let it go (kept, so that numbers keep rising). */
type Token = { readonly owner: ProcessIdentity } | { readonly released: true }

/** The locks this process holds, by pid (a test's, maybe) and directory, and what releases each, on exit too. */
const heldHere = new Map<string, () => void>()
const heldKey = (processes: ProcessTable, dir: string): string => `${processes.self.pid} ${dir}`
let releaseOnExit = false

export interface LockOptions {
  readonly fs: PersistFs
  readonly processes: ProcessTable
}

function lockPath(dir: string, generation: number): string {
  return join(dir, `lock-${generation}`)
}

function lockNumbers(fs: PersistFs, dir: string): number[] {
  const numbers: number[] = []
  for (const entry of fs.entries(dir)) {
    const match = LOCK_PATTERN.exec(entry.name)
    if (match !== null) numbers.push(Number(match[1]))
  }
  return numbers
}

const highestOf = (numbers: readonly number[]): number => Math.max(0, ...numbers)

/** A lock file's token, and when its owner last refreshed it; undefined when it is gone (removed by the start that took the next one). */
function readToken(fs: PersistFs, path: string): { token: Token; refreshedMs: number } | undefined {
  let text: string
  let refreshedMs: number
  try {
    const fd = fs.open(path, READ_FLAGS)
    try {
      refreshedMs = fs.fstat(fd).mtimeMs
      text = fs.read(fd).toString('utf8')
    } finally {
      fs.close(fd)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  try {
    const token = JSON.parse(text) as Token
    if ('released' in token || (Number.isSafeInteger(token.owner.pid) && typeof token.owner.place === 'string'))
      return { token, refreshedMs }
  } catch {
    // not a token: written by something else
  }
  throw new PersistDirectoryError(`${path} is not a lock this simulator wrote: remove it, or use another directory`)
}

function writeFileWhole(fs: PersistFs, path: string, text: string): void {
  const fd = fs.open(path, NEW_FILE_FLAGS)
  try {
    writeAll(fs, fd, text)
  } finally {
    fs.close(fd)
  }
}

function unlinkQuietly(fs: PersistFs, path: string): void {
  try {
    fs.unlink(path)
  } catch {
    // already gone
  }
}

/** Where a lock names no start time (a previous version's, or Windows'), its pid may now run another program: how to get past it then. */
function unsure(start: string, pid: number, path: string): string {
  return start === '' ? ` (if pid ${pid} is not a simulator, its owner is gone: remove ${path})` : ''
}

function describeOwner(owner: ProcessIdentity): string {
  return `pid ${owner.pid}`
}

/** Refuses when `token`'s owner still holds the lock. */
function refuseIfHeld(
  dir: string,
  path: string,
  { token, refreshedMs }: { token: Token; refreshedMs: number },
  processes: ProcessTable,
): void {
  if ('released' in token) return
  const { owner } = token
  const self = processes.self
  if (owner.pid === self.pid && owner.start === self.start && owner.place === self.place) {
    // This process wrote it: held by a simulator here, or left by one dropped without close().
    if (heldHere.has(heldKey(processes, dir)))
      throw new PersistDirectoryError(
        `${dir} is in use by another simulator of this process (pid ${self.pid}): close() it first, or use another directory`,
      )
    return
  }
  switch (processes.stateOf(owner)) {
    case 'gone':
      return
    case 'running':
      throw new PersistDirectoryError(
        `${dir} is in use by another simulator (${describeOwner(owner)}): stop it, or use another directory${unsure(owner.start, owner.pid, path)}`,
      )
    case 'elsewhere': {
      // Its process cannot be seen from here (another container or host): its heartbeat tells.
      const silentMs = Date.now() - refreshedMs
      if (silentMs > STALE_ELSEWHERE_MS) return
      throw new PersistDirectoryError(
        `${dir} is in use by a simulator elsewhere (${describeOwner(owner)} on ${owner.place}), which this one cannot see; its lock was refreshed ${Math.max(0, Math.round(silentMs / 1000))} s ago: stop it, or if it is gone, start again once its lock is ${STALE_ELSEWHERE_MS / 1000} s old (or remove ${path})`,
      )
    }
  }
}

/** The previous format's `lock` (a pid): refused while that pid runs, removed once it is gone. */
function retireLegacyLock(fs: PersistFs, dir: string, processes: ProcessTable): void {
  const path = join(dir, LEGACY_LOCK)
  let text: string
  try {
    const fd = fs.open(path, READ_FLAGS)
    try {
      text = fs.read(fd).toString('utf8')
    } finally {
      fs.close(fd)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  const pid = Number(text.trim())
  if (Number.isSafeInteger(pid) && pid > 0 && pid !== processes.self.pid) {
    const state = processes.stateOf({ pid, start: '', place: processes.self.place })
    if (state !== 'gone')
      throw new PersistDirectoryError(
        `${dir} is in use by another simulator (pid ${pid}): stop it, or use another directory${unsure('', pid, path)}`,
      )
  }
  unlinkQuietly(fs, path)
}

/** Takes `dir`'s lock; returns what releases it. Throws a PersistDirectoryError naming the holder. */
export function acquireLock(dir: string, { fs, processes }: LockOptions): () => void {
  const key = heldKey(processes, dir)
  if (heldHere.has(key))
    throw new PersistDirectoryError(
      `${dir} is in use by another simulator of this process (pid ${processes.self.pid}): close() it first, or use another directory`,
    )
  const self = processes.self
  const aside = join(dir, `lock.${self.pid}.tmp`)
  let held: string | undefined
  try {
    retireLegacyLock(fs, dir, processes)
    writeFileWhole(fs, aside, `${JSON.stringify({ owner: self })}\n`)
    for (let attempt = 0; attempt < ATTEMPTS && held === undefined; attempt++) {
      const highest = highestOf(lockNumbers(fs, dir))
      if (highest > 0) {
        const token = readToken(fs, lockPath(dir, highest))
        if (token === undefined) continue // the start that took the next one removed it: look again
        refuseIfHeld(dir, lockPath(dir, highest), token, processes)
      }
      const mine = lockPath(dir, highest + 1)
      try {
        fs.link(aside, mine)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue // another start took this number first
        throw error
      }
      // A start that read an older highest number may have re-created a number below a newer lock:
      // the highest one holds, so this one only if nothing is above it.
      const now = lockNumbers(fs, dir)
      if (highestOf(now) > highest + 1) {
        unlinkQuietly(fs, mine)
        continue
      }
      held = mine
      for (const older of now) if (older <= highest) unlinkQuietly(fs, lockPath(dir, older))
    }
  } catch (error) {
    throw error instanceof PersistDirectoryError ? error : fileSystemError(`cannot take the lock of ${dir}`, error)
  } finally {
    unlinkQuietly(fs, aside)
  }
  if (held === undefined)
    throw new PersistDirectoryError(
      `${dir}: other simulators kept taking its lock; start again, or use another directory`,
    )
  const path = held
  const heartbeat = setInterval(() => {
    try {
      fs.touch(path)
    } catch {
      // a start elsewhere may take it over once it is old: nothing to do here but keep trying
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()
  const release = () => {
    clearInterval(heartbeat)
    if (!heldHere.delete(key)) return
    try {
      // Marked let go rather than removed: the next start takes the next number, so a start that
      // judged an older lock stale meanwhile cannot take a number that is in use again.
      const releasedAside = `${path}.released`
      writeFileWhole(fs, releasedAside, `${JSON.stringify({ released: true })}\n`)
      fs.rename(releasedAside, path)
    } catch {
      // the next start finds this process gone all the same
    }
  }
  heldHere.set(key, release)
  if (!releaseOnExit) {
    releaseOnExit = true
    process.on('exit', () => {
      for (const each of [...heldHere.values()]) each()
    })
  }
  return release
}
