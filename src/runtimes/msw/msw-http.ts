/**
 * msw's `http` for handlers.ts, handed over by the entry that runs: under msw 2 `msw`'s main entry loads
 * GraphQL with it, which the Node entries avoid where they can (decision 0026).
 */
import type { http } from 'msw'

export type MswHttp = typeof http

let provided: MswHttp | undefined

/** Hands over msw's `http` (the first one handed over stays: every copy makes the same handlers). */
export function provideMswHttp(value: MswHttp): void {
  provided ??= value
}

export function mswHttp(): MswHttp {
  if (provided === undefined)
    throw new Error(
      'debt-token-simulator: no msw `http` was handed over; import the simulator from one of its entries (debt-token-simulator, /node, /browser, /storybook)',
    )
  return provided
}
