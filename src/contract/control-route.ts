/** A route under `/__sim` acting on the simulator, shaped as an operation for one router, validator and document. */
import * as z from 'zod/mini'
import type { RouteDefinition } from './operation.ts'

/** Where the control routes live; no operation of the simulated API starts with it. */
export const CONTROL_PREFIX = '/__sim'

/** The group, and OpenAPI tag, of the control routes. */
export const CONTROL_GROUP = 'control'

type ControlMediaType = 'application/json' | 'text/event-stream' | 'text/html' | 'text/javascript' | 'text/css'

export interface ControlRouteDefinition extends RouteDefinition {
  readonly group: typeof CONTROL_GROUP
  /** Whether `X-Sim-Session` picks the session the route acts on (the OpenAPI document lists the header). */
  readonly session?: boolean
  /**
   * The success answer's media type (default JSON). For JSON the handler returns the body and is
   * answered with 200; otherwise it answers in full and `response` only describes what it writes.
   */
  readonly produces?: ControlMediaType
  /** The JSON answer is a file to keep: written indented and newline-ended, as `--record` writes one. */
  readonly answersFile?: true
  /** The JSON answer is a file to download: `Content-Disposition: attachment` with this file name. */
  readonly attachment?: string
}

export function defineControlRoute<const T extends ControlRouteDefinition>(route: T): T {
  return route
}

export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)
}

/**
 * A query parameter that holds a whole number from `min` to `max`, written in digits (`?limit=50`),
 * parsed to the number. The OpenAPI document shows it as the integer it stands for, with `example`.
 */
export function wholeNumberQuery(min: number, max: number, example: number) {
  return z
    .pipe(
      z.string().check(
        z.refine((text) => /^\d{1,16}$/.test(text) && Number(text) >= min && Number(text) <= max, {
          error: `must be a whole number from ${min} to ${max}`,
        }),
      ),
      z.transform(Number),
    )
    .clone()
    .register(z.globalRegistry, { type: 'integer', minimum: min, maximum: max, examples: [example] })
}
