/**
 * A value the panels share (the acting session, the scenario draft, messages), with a hook that
 * re-renders a component when it changes. Small on purpose: Preact's hooks and a set of listeners.
 */
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
 * The store's value; the component re-renders when it changes. It subscribes in a layout effect,
 * which runs in the task that rendered: a change in a later task (the live feed's "open", say)
 * finds the listener there, where a plain effect, run after the next frame, would miss it.
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
