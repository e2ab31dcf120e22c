/**
 * Tabs telling each other that the shared log grew. A message is only the newest key, so a lost one
 * costs freshness, never a write (decision 0009).
 */

export interface TabSync {
  /** Tells the other tabs (never this one: a BroadcastChannel does not echo to its sender). */
  post(key: number): void
  close(): void
}

/** Joins the channel named `log`; undefined without BroadcastChannel (each request still reads the log first). */
export function joinTabs(log: string, grew: (key: number) => void): TabSync | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const channel = new BroadcastChannel(`debt-token-simulator ${log}`)
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === 'number') grew(event.data)
  }
  return {
    post(key) {
      try {
        channel.postMessage(key)
      } catch {
        // A closed channel: the other tabs read the entry at their next request instead.
      }
    },
    close: () => channel.close(),
  }
}
