/** The persistence wing in Node: the default world's writes kept in a directory across starts. */
import type { Wing } from '../../control/wing.ts'
import { keepWorldIn } from '../persisted-world.ts'
import { type DirectoryPersistenceOptions, directoryPersistence } from './directory-persistence.ts'

export interface PersistenceWingOptions {
  /** Keeps the default world's writes in `dir`; `warn` (default: the host's) hears what the store says of it. */
  readonly persist?: Pick<DirectoryPersistenceOptions, 'dir' | 'reset' | 'warn' | 'compactFloorBytes'> | undefined
}

export const persistenceWing: Wing<PersistenceWingOptions> = {
  name: 'persistence',
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
