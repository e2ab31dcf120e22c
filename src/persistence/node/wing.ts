/** The persistence wing in Node: the default world's writes kept in a directory across starts. */
import type { Wing } from '../../control/wing.ts'
import { StoredChangeError } from '../apply-changes.ts'
import { keepWorldIn } from '../persisted-world.ts'
import { type DirectoryPersistenceOptions, directoryPersistence } from './directory-persistence.ts'
import { PersistDirectoryError } from './persist-error.ts'

export interface PersistenceWingOptions {
  /**
   * Keeps the default world's writes in `dir` across starts (`--persist`); `close()` lets go of it.
   * `warn` receives what the store says of the directory (default: where the runtime says what goes wrong).
   */
  readonly persist?: Pick<DirectoryPersistenceOptions, 'dir' | 'reset' | 'warn' | 'compactFloorBytes'> | undefined
}

/** SIM_PERSIST_COMPACT_FLOOR as a byte count, when it is one. */
function compactFloor(value: string | undefined): number | undefined {
  const bytes = Number(value)
  return value !== undefined && Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined
}

export const persistenceWing: Wing<PersistenceWingOptions> = {
  name: 'persistence',
  flags: [
    {
      name: 'persist',
      value: '<dir>',
      env: 'SIM_PERSIST',
      help: "keep the world's writes (records, payment ids, the clock if moved, resets) in <dir> across restarts, each on disk before its answer; sessions are not kept. One server per directory",
    },
    {
      name: 'persist-reset',
      help: 'start <dir> over from the seeded world (also when it was written with another seed or fixtures, which is refused otherwise)',
    },
  ],
  fromFlags({ values, on, env }) {
    const reset = on.has('persist-reset')
    if (values.persist === undefined)
      return reset ? '--persist-reset starts the --persist directory over: give --persist <dir>' : {}
    // SIM_PERSIST_COMPACT_FLOOR: for tests that need compactions while they kill the server, not an option users need.
    return { persist: { dir: values.persist, reset, compactFloorBytes: compactFloor(env.SIM_PERSIST_COMPACT_FLOOR) } }
  },
  describe: ({ persist }) => persist && `persisting to ${persist.dir}`,
  // The directory is in use, written for another world, or damaged: said, and left as it is.
  refusal: (error) =>
    error instanceof PersistDirectoryError || error instanceof StoredChangeError
      ? `--persist: ${error.message}`
      : undefined,
  // The directory is opened as the core is made, not here.
  prepare: ({ persist }, host) =>
    persist === undefined
      ? undefined
      : { persistence: keepWorldIn(directoryPersistence({ ...persist, warn: persist.warn ?? host.warn })) },
  attach(simulator, { persist }, host) {
    // Where a test runner or the command's log shows them.
    if (persist !== undefined) for (const warning of simulator.host.persistenceWarnings) host.warn(warning)
    return {}
  },
}
