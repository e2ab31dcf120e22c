/**
 * The few file-system calls a persistence directory makes, in one object so that a test can put a
 * failing or stopping one in its place. All synchronous but the syncs, which wait on the disk.
 */
import {
  closeSync,
  constants,
  type Dirent,
  fdatasync,
  fstatSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  type Stats,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs'
import { promisify } from 'node:util'

export interface PersistFs {
  /** Creates `path` and its parents; nothing when it exists as a directory. */
  mkdir(path: string): void
  entries(dir: string): Dirent[]
  open(path: string, flags: number): number
  fstat(fd: number): Stats
  /** The whole file from its start. */
  read(fd: number): Buffer
  /** Writes from `offset` of `buffer`; answers how many bytes it wrote (maybe fewer). */
  write(fd: number, buffer: Uint8Array, offset: number): number
  truncate(fd: number, length: number): void
  close(fd: number): void
  /** fsync, waiting (at start, before anything is answered). */
  syncNow(fd: number): void
  /** Makes `path` a second name of `existing`; fails if `path` exists (EEXIST). */
  link(existing: string, path: string): void
  rename(from: string, to: string): void
  unlink(path: string): void
  /** Sets a file's modification time to now (a lock's heartbeat). */
  touch(path: string): void
  /** fdatasync: what every answered write waits for. */
  datasync(fd: number): Promise<void>
  /** fsync: a snapshot's file and the directory, before and after its rename. */
  sync(fd: number): Promise<void>
}

const fdatasyncAsync = promisify(fdatasync)
const fsyncAsync = promisify(fsync)

export const nodeFs: PersistFs = {
  mkdir: (path) => void mkdirSync(path, { recursive: true }),
  entries: (dir) => readdirSync(dir, { withFileTypes: true }),
  open: (path, flags) => openSync(path, flags, 0o644),
  fstat: (fd) => fstatSync(fd),
  read: (fd) => readFileSync(fd),
  write: (fd, buffer, offset) => writeSync(fd, buffer, offset),
  truncate: (fd, length) => ftruncateSync(fd, length),
  close: (fd) => closeSync(fd),
  syncNow: (fd) => fsyncSync(fd),
  link: (existing, path) => linkSync(existing, path),
  rename: (from, to) => renameSync(from, to),
  unlink: (path) => unlinkSync(path),
  touch: (path) => {
    const now = new Date()
    utimesSync(path, now, now)
  },
  datasync: (fd) => fdatasyncAsync(fd),
  sync: (fd) => fsyncAsync(fd),
}

/** Never follows a link in the last component, where the platform can say so (not Windows). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0

/** Opening to read: a FIFO opens at once (to be refused rather than hang the start), and a link is not followed. */
export const READ_FLAGS = constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0)

/** A log, appended to (O_APPEND: after a failed write is cut back, the next lands at the end). */
export const LOG_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | NO_FOLLOW

/** A file written whole (a snapshot aside, a lock's token). */
export const NEW_FILE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW

export function writeAll(fs: PersistFs, fd: number, text: string | Uint8Array): void {
  const buffer = typeof text === 'string' ? Buffer.from(text) : text
  for (let written = 0; written < buffer.length; ) written += fs.write(fd, buffer, written)
}

/** What a platform or file system answers when it cannot sync a directory at all: nothing to make durable there. */
const CANNOT_SYNC_DIRECTORY = new Set(['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM', 'EACCES', 'EBADF'])

function unsupported(error: unknown): boolean {
  return CANNOT_SYNC_DIRECTORY.has((error as NodeJS.ErrnoException).code ?? '')
}

/** Makes a rename in `dir` durable where a directory can be synced (not on Windows); a failing sync (EIO) throws. */
export async function syncDirectory(fs: PersistFs, dir: string): Promise<void> {
  let fd: number
  try {
    fd = fs.open(dir, constants.O_RDONLY)
  } catch (error) {
    if (unsupported(error)) return
    throw error
  }
  try {
    await fs.sync(fd).catch((error: unknown) => {
      if (!unsupported(error)) throw error
    })
  } finally {
    fs.close(fd)
  }
}

/** The same, waiting (at start). */
export function syncDirectoryNow(fs: PersistFs, dir: string): void {
  let fd: number
  try {
    fd = fs.open(dir, constants.O_RDONLY)
  } catch (error) {
    if (unsupported(error)) return
    throw error
  }
  try {
    fs.syncNow(fd)
  } catch (error) {
    if (!unsupported(error)) throw error
  } finally {
    fs.close(fd)
  }
}
