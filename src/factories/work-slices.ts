/**
 * Long work done in slices, so that one large request (a factory call of 1,000 debt tokens) does
 * not hold every other client: after each slice the work waits one turn of the event loop, where
 * the server reads and answers what else arrived. A slice is a time budget, not a record count,
 * so small calls never wait at all.
 *
 * The turn is Node's setImmediate (it runs after the poll phase, so the sockets that are ready are
 * read first), taken when this module loads, so test suites that fake timers later do not stop
 * it; a browser has none and gets a MessageChannel message (nested timeouts are clamped to 4 ms);
 * a sandbox with neither (Jest's jsdom environment) gets a timeout, also taken at load.
 */

/** The longest a slice of work runs before it lets the event loop turn. */
const SLICE_MS = 20

const immediate: ((callback: () => void) => unknown) | undefined = globalThis.setImmediate
const timeout: (callback: () => void, ms: number) => unknown = globalThis.setTimeout

function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (immediate !== undefined) {
      immediate(resolve)
      return
    }
    if (typeof MessageChannel !== 'function') {
      timeout(resolve, 0)
      return
    }
    const { port1, port2 } = new MessageChannel()
    port1.onmessage = () => {
      port1.close()
      resolve()
    }
    port2.postMessage(null)
  })
}

export class WorkSlices {
  #start = performance.now()

  /** Resolves at once within the slice; after it, on the event loop's next turn. */
  async pause(): Promise<void> {
    if (performance.now() - this.#start < SLICE_MS) return
    await nextTurn()
    this.#start = performance.now()
  }
}
