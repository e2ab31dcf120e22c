/**
 * Reads a scenario, fixture or coverage report file (Node only), refusing what would hang or stall
 * the server: a path that is not a regular file (a FIFO blocks a plain read) and a file over
 * MAX_DATA_FILE_BYTES. It is opened non-blocking and checked through its descriptor, so what is
 * checked is what is read.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs'

/** The largest scenario or fixture file read: far above any real one. */
export const MAX_DATA_FILE_BYTES = 5 * 1024 * 1024

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** The file's text; throws an Error whose message says why it was refused or could not be read. */
export function readDataFile(path: string, what = 'a scenario or fixture file'): string {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer (not defined on Windows).
  const descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  try {
    const stats = fstatSync(descriptor)
    if (!stats.isFile())
      throw new Error('not a regular file (a FIFO, socket, device or directory); only regular files are read')
    if (stats.size > MAX_DATA_FILE_BYTES)
      throw new Error(`${megabytes(stats.size)}, over the ${megabytes(MAX_DATA_FILE_BYTES)} ${what} may hold`)
    return readFileSync(descriptor, 'utf8')
  } finally {
    closeSync(descriptor)
  }
}
