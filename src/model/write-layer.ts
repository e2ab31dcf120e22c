/**
 * @msw/data's `Collection`, the store every written record goes through (decision 0002), imported
 * on a process's first write rather than with the entry. Reads never touch it (the layered tables
 * answer them), and importing it evaluates rettime's `class extends MessageEvent`, which in Node
 * loads the whole of undici: a standalone server answers its first read without either, and a
 * browser page leaves @msw/data, mutative and es-toolkit out of what loads before its first answer.
 * The first write waits for one chunk of the package (decision 0024).
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

/**
 * Resolves to the Collection class, importing @msw/data the first time. An import that fails (a
 * page whose chunk could not be fetched) fails the writes waiting for it, and the next write tries
 * again.
 */
export function loadCollectionClass(): Promise<CollectionClass> {
  return loaded !== undefined ? Promise.resolve(loaded) : importCollectionClass()
}
