/** Writing a directory's state whole as the next generation's snapshot: its rename over the old one is the switch. */
import { join } from 'node:path'
import { logFile, SNAPSHOT_FILE } from './directory-files.ts'
import { LOG_FLAGS, NEW_FILE_FLAGS, type PersistFs, syncDirectory, writeAll } from './persist-fs.ts'

/** A snapshot that could not be written, and whether the switch happened all the same. */
export class SnapshotFailed extends Error {
  constructor(
    override readonly cause: unknown,
    /** The new log's descriptor when the rename happened (the new snapshot is the one a start reads), else undefined. */
    readonly switchedTo: number | undefined,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

/** Writes `text` as snapshot `generation` with an empty log; answers the log's descriptor. Throws SnapshotFailed. */
export async function writeSnapshot(fs: PersistFs, dir: string, text: string, generation: number): Promise<number> {
  let fd: number | undefined
  let renamed = false
  try {
    const aside = join(dir, `${SNAPSHOT_FILE}.tmp`)
    const tmp = fs.open(aside, NEW_FILE_FLAGS)
    try {
      writeAll(fs, tmp, text)
      await fs.sync(tmp)
    } finally {
      fs.close(tmp)
    }
    fd = fs.open(join(dir, logFile(generation)), LOG_FLAGS)
    fs.truncate(fd, 0)
    fs.rename(aside, join(dir, SNAPSHOT_FILE))
    renamed = true
    await syncDirectory(fs, dir)
    return fd
  } catch (error) {
    if (!renamed && fd !== undefined) fs.close(fd)
    throw new SnapshotFailed(error, renamed ? fd : undefined)
  }
}
