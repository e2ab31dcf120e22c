/** Why a persistence directory cannot be used: in use, written for another world, a damaged or foreign file (named, with its line), or a file system that refused. */
export class PersistDirectoryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PersistDirectoryError'
  }
}

/** `what` failed on the file system: said with the system's code and words (`EACCES: permission denied, open '…'`). */
export function fileSystemError(what: string, error: unknown): PersistDirectoryError {
  return new PersistDirectoryError(`${what} (${error instanceof Error ? error.message : String(error)})`)
}
