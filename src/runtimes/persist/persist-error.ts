/** Why a persistence directory cannot be used: in use, written for another world, or a damaged file (named with its line). */
export class PersistDirectoryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PersistDirectoryError'
  }
}
