/**
 * msw's `http`, with which handlers.ts makes the simulator's handler, handed over by the entry that
 * runs: the browser and Storybook entries import it from `msw` (a bundler keeps only `http`); the
 * Node entries take it from msw's own `http` module where they can (node-msw-http.ts), because
 * `msw`'s main entry loads GraphQL with it under msw 2, which every fresh test file would pay for.
 */
import type { http } from 'msw'

export type MswHttp = typeof http

let provided: MswHttp | undefined

/** Hands over msw's `http` (the first one handed over stays: every copy makes the same handlers). */
export function provideMswHttp(value: MswHttp): void {
  provided ??= value
}

/** msw's `http`, as an entry handed it over. */
export function mswHttp(): MswHttp {
  if (provided === undefined)
    throw new Error(
      'debt-token-simulator: no msw `http` was handed over; import the simulator from one of its entries (debt-token-simulator, /node, /browser, /storybook)',
    )
  return provided
}
