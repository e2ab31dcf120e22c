/** A round of a persistence directory's writer (writes synced together, stored or failed as one) and its error. */

export interface Round {
  text: string
  /** Its sync is done; it is stored once every round before it is too. */
  synced: boolean
  readonly done: Promise<void>
  resolve(): void
  reject(error: unknown): void
}

export function newRound(): Round {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const done = new Promise<void>((yes, no) => {
    resolve = yes
    reject = no
  })
  // A round nobody awaits (a change outside any write) must not fail the process when it fails.
  done.catch(() => {})
  return { text: '', synced: false, done, resolve, reject }
}

/** Why the directory's state is behind memory: what failed, said so that an answer can carry it. */
export class StoreFailedError extends Error {
  constructor(dir: string, cause: unknown) {
    super(
      `storing to ${dir} failed (${cause instanceof Error ? cause.message : String(cause)}); writes are refused until the whole state is stored again, which each write tries first`,
    )
    this.name = 'StoreFailedError'
  }
}
