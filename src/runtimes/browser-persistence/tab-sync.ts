/**
 * Tabs of one origin telling each other about their writes as they happen: a BroadcastChannel per
 * world, so two tabs only share changes when they run the same world (a tab started with another
 * seed or other fixtures listens on another channel and never receives them). A message is the
 * changes of one write, a reset included, as the simulator's persistence core records them.
 */

export interface TabSync {
  /** Tells the other tabs (never this one: a BroadcastChannel does not echo to its sender). */
  post(changes: readonly unknown[]): void
  close(): void
}

/**
 * Joins the channel named `world`, calling `receive` with each write another tab makes;
 * undefined when the page has no BroadcastChannel (then there is no tab to share with).
 */
export function joinTabs(world: string, receive: (changes: readonly unknown[]) => void): TabSync | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const channel = new BroadcastChannel(`debt-token-simulator ${world}`)
  channel.onmessage = (event: MessageEvent<readonly unknown[]>) => receive(event.data)
  return {
    post(changes) {
      try {
        channel.postMessage(changes)
      } catch (error) {
        // A closed channel, or changes that cannot be cloned: the other tabs miss one write, this one goes on.
        console.warn('[debt-token-simulator] could not share a write with the other tabs:', error)
      }
    },
    close: () => channel.close(),
  }
}
