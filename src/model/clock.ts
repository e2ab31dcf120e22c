/**
 * The one clock of a simulator instance, so tests and scenarios can fix and advance time. A fixed
 * clock stands still until set or advanced; a system clock follows real time, shifted by `advance`.
 */
import { inCalendar, isDate, parseInstant } from '../contract/instants.ts'

export interface Clock {
  now(): Date
  /** Sets the clock to `instant`, a Date or ISO text (a fixed clock stays there; a system clock ticks on from it). */
  set(instant: Date | string): void
  advance(milliseconds: number): void
  readonly mode: 'fixed' | 'system'
  /** Back to the instant (and mode) the clock was created with. */
  reset(): void
  /** Where the clock stands, as persistence stores it: a fixed instant, or a system clock's shift. */
  state(): ClockState
  /** Puts the clock where `state` says (a state of the other mode is refused with a RangeError). */
  restore(state: ClockState): void
}

/** A clock's position, serializable: what `state()` gives and `restore()` takes. */
export type ClockState =
  | { readonly mode: 'fixed'; readonly at: string }
  | { readonly mode: 'system'; readonly offsetMs: number }

/** The instant fixtures are written against: a fixed clock starts here unless told otherwise. */
export const DEFAULT_NOW = '2026-03-02T12:00:00.000Z'

export interface ClockOptions {
  /** `'system'` for real time, or an ISO instant for a fixed clock. Default: a fixed clock at DEFAULT_NOW. */
  now?: string | Date | 'system' | undefined
  /** Called after every set, advance and reset (persistence stores the clock when it moves). */
  onChange?: ((clock: Clock) => void) | undefined
}

/** A Date or ISO text as an instant in the calendar; a RangeError saying what is wrong otherwise. */
function toInstant(given: Date | string): Date {
  const instant =
    typeof given === 'string' ? parseInstant(given) : isDate(given) ? given : { problem: `it is a ${typeof given}` } // JavaScript callers can pass anything
  if (!isDate(instant)) {
    throw new RangeError(
      `clock.set() takes a Date or an ISO date-time: ${instant.problem}, got ${JSON.stringify(given).slice(0, 60)}`,
    )
  }
  if (!inCalendar(instant.getTime()))
    throw new RangeError(`the clock must stay in the years 0001 to 9999, got ${String(given)}`)
  return instant
}

export function createClock(options: ClockOptions = {}): Clock {
  const initial = options.now ?? DEFAULT_NOW
  let mode: 'fixed' | 'system' = initial === 'system' ? 'system' : 'fixed'
  let fixedAt = 0
  let offset = 0

  function start() {
    mode = initial === 'system' ? 'system' : 'fixed'
    offset = 0
    if (mode === 'fixed') {
      const instant = isDate(initial) ? initial : parseInstant(initial as string)
      if (!isDate(instant) || !inCalendar(instant.getTime())) {
        throw new RangeError(
          `the clock's instant ${isDate(instant) ? 'must lie in the years 0001 to 9999' : instant.problem}, got ${JSON.stringify(String(initial)).slice(0, 60)}`,
        )
      }
      fixedAt = instant.getTime()
    }
  }
  start()

  const clock: Clock = {
    get mode() {
      return mode
    },
    now: () => new Date(mode === 'fixed' ? fixedAt : Date.now() + offset),
    set(given) {
      const instant = toInstant(given)
      if (mode === 'fixed') fixedAt = instant.getTime()
      else offset = instant.getTime() - Date.now()
      options.onChange?.(clock)
    },
    advance(milliseconds) {
      if (!inCalendar((mode === 'fixed' ? fixedAt : Date.now() + offset) + milliseconds)) {
        throw new RangeError('the clock must stay in the years 0001 to 9999')
      }
      if (mode === 'fixed') fixedAt += milliseconds
      else offset += milliseconds
      options.onChange?.(clock)
    },
    reset() {
      start()
      options.onChange?.(clock)
    },
    state: () => (mode === 'fixed' ? { mode, at: new Date(fixedAt).toISOString() } : { mode, offsetMs: offset }),
    restore(state) {
      if (state.mode !== mode)
        throw new RangeError(`a ${state.mode} clock's state cannot be restored on a ${mode} clock`)
      if (state.mode === 'fixed') clock.set(state.at)
      else {
        if (!inCalendar(Date.now() + state.offsetMs))
          throw new RangeError('the clock must stay in the years 0001 to 9999')
        offset = state.offsetMs
        options.onChange?.(clock)
      }
    },
  }
  return clock
}
