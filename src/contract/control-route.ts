/**
 * The shape of a control route: a route under `/__sim` that acts on the simulator itself (its
 * clock, data, scenarios, sessions and journal) rather than on the simulated service. It is
 * declared on the same shape as an operation, in the `control` group, so the one router matches
 * it, the one validation step parses its input and the OpenAPI document lists it under its tag.
 */
import * as z from 'zod/mini'
import type { RouteDefinition } from './operation.ts'

/** Where the control routes live; no operation of the simulated API starts with it. */
export const CONTROL_PREFIX = '/__sim'

/** The group, and OpenAPI tag, of the control routes. */
export const CONTROL_GROUP = 'control'

/** What a control route may answer with: JSON, or a stream of events, or the dashboard's page and assets. */
type ControlMediaType = 'application/json' | 'text/event-stream' | 'text/html' | 'text/javascript' | 'text/css'

export interface ControlRouteDefinition extends RouteDefinition {
  readonly group: typeof CONTROL_GROUP
  /** Whether `X-Sim-Session` picks the session the route acts on (the OpenAPI document lists the header). */
  readonly session?: boolean
  /**
   * The success answer's media type (default JSON). For JSON the handler returns the body, typed
   * by `response`, and is answered with 200. For any other type the handler answers in full
   * (status, headers, body) and `response` describes what it writes: a page, one event's data.
   */
  readonly produces?: ControlMediaType
  /**
   * The JSON answer is a file to keep (a scenario file): it is written as `--record` writes one,
   * indented and ended by a newline, so `curl … > file.json` gives a file to read and diff.
   */
  readonly answersFile?: true
  /**
   * The JSON answer is a file to download (a HAR file): answered with `Content-Disposition:
   * attachment` and this file name, so a browser saves it rather than shows it.
   */
  readonly attachment?: string
}

export function defineControlRoute<const T extends ControlRouteDefinition>(route: T): T {
  return route
}

/** Whether a path (without its query) is under the control prefix: the control routes answer it. */
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
