/**
 * A load on demand that every waiting caller shares while in flight, and that is forgotten when it
 * fails, so the next call loads again instead of failing forever.
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
