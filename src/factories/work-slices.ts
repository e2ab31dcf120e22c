/**
 * Long work done in slices, so one large request does not hold every other client: after each slice
 * (a time budget, so small calls never wait) the work waits one turn of the event loop.
 *
 * The turn is Node's setImmediate (after the poll phase, so ready sockets are read first), taken at
 * load so test suites that fake timers later do not stop it; a browser gets a MessageChannel message
 * (nested timeouts are clamped); a sandbox with neither (Jest's jsdom) gets a timeout, also taken at load.
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
