/**
 * A load on demand (a module imported the first time it is needed) that every caller waiting
 * shares while it is in flight, and that is forgotten when it fails: a chunk that did not arrive
 * fails the callers waiting for it, and the next call loads again instead of failing forever.
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined
  return () => {
    inFlight ??= load().catch((error: unknown) => {
      inFlight = undefined
      throw error
    })
    return inFlight
  }
}
