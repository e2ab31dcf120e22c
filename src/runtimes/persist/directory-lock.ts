/**
 * One simulator per persistence directory: a `lock` file holding the owner's pid. It is made by
 * linking a file already holding the pid (link fails if the name exists, like O_EXCL, and a reader
 * never sees the lock empty). A lock whose pid is not alive (a server killed with SIGKILL) is
 * stale and taken over; a live one refuses, naming its pid.
 */
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PersistDirectoryError } from './persist-error.ts'

const LOCK_FILE = 'lock'

/**
 * The locks this process holds, and what releases each: its own pid is alive, so only this says
 * whether a lock with it is stale; and a process that ends without close() leaves none behind
 * (one killed does: its pid is then dead).
 */
const heldHere = new Map<string, () => void>()
let releaseOnExit = false

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function ownerOf(lock: string): number | undefined {
  try {
    const pid = Number(readFileSync(lock, 'utf8').trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** Takes `dir`'s lock; returns what releases it. Throws a PersistDirectoryError naming the holder's pid. */
export function acquireLock(dir: string): () => void {
  const lock = join(dir, LOCK_FILE)
  if (heldHere.has(lock))
    throw new PersistDirectoryError(
      `${dir} is in use by another simulator of this process (pid ${process.pid}): close() it first, or use another directory`,
    )
  const mine = join(dir, `${LOCK_FILE}.${process.pid}`)
  writeFileSync(mine, `${process.pid}\n`)
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lock)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
        const owner = ownerOf(lock)
        if (owner !== undefined && owner !== process.pid && alive(owner))
          throw new PersistDirectoryError(
            `${dir} is in use by another simulator (pid ${owner}): stop it, or use another directory`,
          )
        unlinkSync(lock) // stale: its owner is gone
      }
    }
  } finally {
    unlinkSync(mine)
  }
  const release = () => {
    if (!heldHere.delete(lock)) return
    try {
      if (ownerOf(lock) === process.pid) unlinkSync(lock)
    } catch {
      // already gone: nothing to release
    }
  }
  heldHere.set(lock, release)
  if (!releaseOnExit) {
    releaseOnExit = true
    process.on('exit', () => {
      for (const held of [...heldHere.values()]) held()
    })
  }
  return release
}
