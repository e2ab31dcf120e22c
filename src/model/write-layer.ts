/**
 * @msw/data's `Collection`, the store every written record goes through (decision 0002), imported on
 * a process's first write rather than with the entry: reads never touch it, and importing it loads
 * much (in Node, the whole of undici). See decision 0024.
 */
import type { Collection } from '@msw/data'
import { sharedLoad } from './shared-load.ts'

type CollectionClass = typeof Collection

let loaded: CollectionClass | undefined

const importCollectionClass = sharedLoad(async () => {
  loaded = (await import('@msw/data')).Collection
  return loaded
})

/** The Collection class once a write has imported @msw/data; undefined before (what tests check). */
export function loadedCollectionClass(): CollectionClass | undefined {
  return loaded
}

/** Resolves to the Collection class, importing @msw/data the first time; the next write retries a failed import. */
export function loadCollectionClass(): Promise<CollectionClass> {
  return loaded !== undefined ? Promise.resolve(loaded) : importCollectionClass()
}
