/**
 * What each SIGINT or SIGTERM means to `serve`: the first starts the graceful shutdown, a later one
 * means "now". But one Ctrl-C can arrive twice (it signals the whole process group, npm included, which
 * passes it on), so the same signal again within the window is taken as one delivered twice (decision 0013).
 */

/** How long after the first signal the same one is taken as a second delivery of it. */
export const SAME_SIGNAL_WINDOW_MS = 1000

export type SignalMeaning = 'shut down' | 'delivered twice' | 'now'

/** Reads the signals the process gets, in order; `now` is the clock in milliseconds. */
export function signalReader(now: () => number = () => performance.now()): (signal: NodeJS.Signals) => SignalMeaning {
  let first: { signal: NodeJS.Signals; at: number } | undefined
  return (signal) => {
    if (first === undefined) {
      first = { signal, at: now() }
      return 'shut down'
    }
    return signal === first.signal && now() - first.at < SAME_SIGNAL_WINDOW_MS ? 'delivered twice' : 'now'
  }
}
