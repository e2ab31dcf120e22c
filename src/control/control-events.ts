/**
 * Who hears about control requests that change a simulator: the event stream (`GET /__sim/events`),
 * so a dashboard reflects what a colleague's curl did.
 */
import type { SimulatorCore } from '../simulator-core.ts'

export interface ControlChange {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly session: string | null
}

type Listener = (change: ControlChange) => void

const listenersOf = new WeakMap<SimulatorCore, Set<Listener>>()

/** Calls `listener` after each control request that changed `simulator`; returns the unsubscribe. */
export function onControlChange(simulator: SimulatorCore, listener: Listener): () => void {
  let listeners = listenersOf.get(simulator)
  if (listeners === undefined) listenersOf.set(simulator, (listeners = new Set()))
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function announceControlChange(simulator: SimulatorCore, change: ControlChange): void {
  const listeners = listenersOf.get(simulator)
  if (listeners === undefined) return
  for (const listener of listeners) listener(change)
}
