/**
 * What each SIGINT or SIGTERM means to the serving command. The first starts the graceful
 * shutdown; a later one means "now". One press can arrive twice, though: Ctrl-C signals the whole
 * foreground process group, npm included, and npm passes what it gets on to its script (as does a
 * process manager that signals every process of the service, systemd's default). So the same
 * signal again within a second of the first is taken as that one delivered twice
 * (docs/decisions/0013-npm-start-execs-the-server.md).
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
