/** A value the panels share, with a hook that re-renders a component when it changes. */
import { useLayoutEffect, useState } from 'preact/hooks'

export interface Store<T> {
  get(): T
  set(next: T): void
  subscribe(listener: () => void): () => void
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      value = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/**
 * The store's value, re-rendering on change. It subscribes in a layout effect, run in the task that
 * rendered: a plain effect, run after the next frame, would miss a change made in between.
 */
export function useStore<T>(store: { get(): T; subscribe(listener: () => void): () => void }): T {
  const [, setTick] = useState(0)
  useLayoutEffect(() => store.subscribe(() => setTick((tick) => tick + 1)), [store])
  return store.get()
}

/** The session the panels act on (`X-Sim-Session`), or null for the default world. */
export const actingSession = createStore<string | null>(null)

export interface Notice {
  readonly kind: 'info' | 'error'
  readonly text: string
}

/** The last result of an action, announced to screen readers. */
export const notice = createStore<Notice | null>(null)

export function announce(text: string): void {
  notice.set({ kind: 'info', text })
}

export function reportError(error: unknown): void {
  notice.set({ kind: 'error', text: error instanceof Error ? error.message : String(error) })
}
