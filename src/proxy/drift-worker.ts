/**
 * The thread the proxy's drift check runs on, off the event loop that answers the other clients
 * (decision 0028): one a process, started on the first check, not keeping the process alive.
 */
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../contract/json-text.ts'

/** One departure of an answer from its schema, as ajv reports it, its path written as drift lines write it. */
export interface Departure {
  readonly path: string
  readonly keyword: string
  readonly params: Readonly<Record<string, unknown>>
  /** The value at `path` (bounded in the line that quotes it). */
  readonly value: unknown
  /** The `format` beside a `pattern` that was broken. */
  readonly format: string | undefined
}

export type Checked = { readonly departures: readonly Departure[] } | { readonly notJson: string }

/** The heap the drift thread may use: the largest answer the proxy reads parses to a few times its size. */
const DRIFT_HEAP_MB = 512

/** The most departures a check sends back: enough for the lines a drift report keeps. */
const MAX_DEPARTURES = 200

/**
 * The worker's code, run as a script (`eval`) so it needs no file of its own in each build: all it
 * uses is a global, in `workerData` or inside it. json-text.ts's depth scan is passed in as source.
 */
function driftWorker(deeper: (text: string, max: number) => boolean): void {
  // No `require` here: a bundler would swap it for a helper of its own, which the worker does not have.
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads')
  const { ajvPath, maxDepth, maxDepartures } = workerData as {
    ajvPath: string
    maxDepth: number
    maxDepartures: number
  }
  type AjvError = { instancePath: string; keyword: string; params: Record<string, unknown>; schema: unknown }
  type Validate = ((value: unknown) => boolean) & {
    errors?: (AjvError & { data: unknown; parentSchema?: { format?: string } })[] | null
  }
  const Ajv2020 = process.getBuiltinModule('node:module').createRequire(ajvPath)(ajvPath).default
  const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, validateFormats: false })
  const validators = new Map<string, Validate>()
  const memberPath = (path: string, name: string) =>
    /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`
  /** Each container's member names by position, to order departures as the answer does. */
  const positions = new Map<object, Map<string, number>>()
  const positionIn = (container: object, name: string) => {
    let known = positions.get(container)
    if (known === undefined)
      positions.set(container, (known = new Map(Object.keys(container).map((key, i) => [key, i]))))
    return known.get(name) ?? -1
  }
  /** A JSON Pointer as drift lines write it (`body[0].address`), and the position of each step. */
  const locate = (root: unknown, pointer: string): { path: string; at: unknown; rank: number[] } => {
    let path = 'body'
    let at = root as Record<string, unknown> | undefined
    const rank: number[] = []
    for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
      const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~')
      rank.push(Array.isArray(at) ? Number(segment) : positionIn(at ?? {}, segment))
      path = Array.isArray(at) ? `${path}[${segment}]` : memberPath(path, segment)
      at = at?.[segment] as Record<string, unknown> | undefined
    }
    return { path, at, rank }
  }
  /** Orders departures as the answer reads: a container's missing members first, then its members in turn. */
  const before = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!
    return a.length - b.length
  }
  /** A value as small as the line that quotes it needs: containers by their kind, strings cut. */
  const shallow = (value: unknown) =>
    Array.isArray(value)
      ? []
      : value !== null && typeof value === 'object'
        ? {}
        : typeof value === 'string' && value.length > 41
          ? value.slice(0, 41)
          : value
  parentPort!.on('message', ({ id, key, schema, text }: { id: number; key: string; schema: object; text: string }) => {
    try {
      let validate = validators.get(key)
      if (validate === undefined) validators.set(key, (validate = ajv.compile(schema) as Validate))
      const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
      if (deeper(json, maxDepth))
        return parentPort!.postMessage({ id, notJson: `JSON nested deeper than ${maxDepth} levels` })
      let value: unknown
      try {
        value = JSON.parse(json)
      } catch {
        return parentPort!.postMessage({ id, notJson: 'not valid JSON' })
      }
      validate(value)
      const located = (validate.errors ?? []).map((error) => {
        const { path, at, rank } = locate(value, error.instancePath)
        const member = (error.params.missingProperty ?? error.params.additionalProperty) as string | undefined
        if (member !== undefined) rank.push(error.keyword === 'required' ? -1 : positionIn(at as object, member))
        return { error, rank, path: member === undefined ? path : memberPath(path, member) }
      })
      const departures = located
        .sort((a, b) => before(a.rank, b.rank))
        .slice(0, maxDepartures)
        .map(({ error, path }) => ({
          path,
          keyword: error.keyword,
          params: {
            ...error.params,
            ...(error.keyword === 'pattern' && { pattern: error.schema }),
            ...(error.keyword === 'minItems' && { count: (error.data as unknown[]).length }),
          },
          value: shallow(error.data),
          format: error.keyword === 'pattern' ? error.parentSchema?.format : undefined,
        }))
      parentPort!.postMessage({ id, departures })
    } catch (error) {
      parentPort!.postMessage({ id, failed: String(error) })
    }
  })
}

let worker: import('node:worker_threads').Worker | undefined
const pending = new Map<number, { resolve: (checked: Checked) => void; reject: (error: Error) => void }>()
let lastId = 0

function started(): import('node:worker_threads').Worker {
  if (worker !== undefined) return worker
  const { Worker } = process.getBuiltinModule('node:worker_threads')
  const { createRequire } = process.getBuiltinModule('node:module')
  const started = new Worker(`(${driftWorker})(${nestedDeeperThan})`, {
    eval: true,
    // An answer whose check needs more (millions of departures) stops the thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: DRIFT_HEAP_MB },
    workerData: {
      ajvPath: createRequire(import.meta.url).resolve('ajv/dist/2020.js'),
      maxDepth: MAX_JSON_DEPTH,
      maxDepartures: MAX_DEPARTURES,
    },
  })
  started.on('message', (message: { id: number; failed?: string } & Checked) => {
    const waiting = pending.get(message.id)
    pending.delete(message.id)
    if (message.failed !== undefined) waiting?.reject(new Error(`the drift check failed: ${message.failed}`))
    else waiting?.resolve(message)
  })
  // A worker that dies (out of memory on an answer) fails the checks under way; the next one starts another.
  const stopped = (reason: string) => {
    if (worker === started) worker = undefined
    for (const waiting of pending.values()) waiting.reject(new Error(`the drift check stopped: ${reason}`))
    pending.clear()
  }
  started.on('error', (error) => stopped(error.message))
  started.on('exit', (code) => stopped(`its thread exited (${code})`))
  started.unref() // after the listeners, which would take a reference again
  worker = started
  return started
}

/** Parses `text` and checks it against `schema` (compiled once by `key`) on the drift thread. */
export function checkOnWorker(key: string, schema: object, text: string): Promise<Checked> {
  const id = ++lastId
  const thread = started()
  return new Promise<Checked>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    thread.postMessage({ id, key, schema, text })
  })
}
