/**
 * Tabs of one origin telling each other that the shared log grew, so that each reads what the
 * others wrote as it happens, not only at its next request: a BroadcastChannel per log. A message
 * is only the key of the newest entry; the entries themselves are read from the log, in its
 * order, so a lost or late message costs freshness, never a write (decision 0009).
 */

export interface TabSync {
  /** Tells the other tabs (never this one: a BroadcastChannel does not echo to its sender). */
  post(key: number): void
  close(): void
}

/**
 * Joins the channel named `log`, calling `grew` whenever another tab stored an entry there;
 * undefined when the page has no BroadcastChannel (then each request still reads the log first).
 */
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
