/**
 * The browser's store of a simulator's world: an IndexedDB append-only log, one record per write, and
 * a `meta` store naming its world and scenario. Every operation rejects with the browser's own error.
 */

/** One stored entry and its key: keys only grow, across every tab and a `restart` too. */
export interface LogEntry {
  readonly key: number
  readonly changes: unknown
}

interface StoredLog<World, Scenario> {
  /** The world the log belongs to (undefined: nothing stored yet). */
  readonly world: World | undefined
  /** The entries asked for, oldest first. */
  readonly entries: LogEntry[]
  /** The scenario that was active, as `keepScenario` stored it. */
  readonly scenario: Scenario | undefined
}

export interface ChangeLog<World, Scenario> {
  /** What is stored, the entries after key `after` only (0: all), read in one transaction. */
  read(after?: number): Promise<StoredLog<World, Scenario>>
  /**
   * Stores one entry (the caller's own copy), after emptying the log when `restart` is set (after a
   * reset); resolves with its key once the transaction commits.
   */
  append(entry: unknown, restart: boolean): Promise<number>
  /** Empties the log and the scenario, and records `world` as the world new entries belong to. */
  startWorld(world: World): Promise<void>
  /** Stores the active scenario (undefined: none). */
  keepScenario(scenario: Scenario | undefined): Promise<void>
  close(): void
}

const VERSION = 1
const ENTRIES = 'entries'
const META = 'meta'

function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Resolves when `transaction` commits; rejects with its error (or an AbortError) if it does not. */
function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    const fail = () => reject(transaction.error ?? new DOMException('the transaction was aborted', 'AbortError'))
    transaction.onerror = fail
    transaction.onabort = fail
  })
}

/** Opens the database `name`; once a tab of another world took the log over, `append` and `keepScenario` reject. */
export async function openChangeLog<World, Scenario>(
  name: string,
  isOurs: (stored: World | undefined) => boolean,
): Promise<ChangeLog<World, Scenario>> {
  if (typeof indexedDB === 'undefined') throw new DOMException('this page has no indexedDB', 'NotSupportedError')
  const opening = indexedDB.open(name, VERSION)
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore(ENTRIES, { autoIncrement: true })
    opening.result.createObjectStore(META)
  }
  const db = await settled(opening)
  // A newer version opened in another tab must not wait on this one forever.
  db.onversionchange = () => db.close()

  /** One read-write transaction over `stores`; `db.transaction` throws synchronously when the database is closed. */
  const write = (stores: string[], work: (transaction: IDBTransaction) => void): Promise<void> => {
    try {
      const transaction = db.transaction(stores, 'readwrite')
      work(transaction)
      return committed(transaction)
    } catch (error) {
      return Promise.reject(error)
    }
  }

  /** `write`, with the log's world checked in the same transaction: `work` runs only while it is this page's. */
  const writeOwn = (stores: string[], work: (transaction: IDBTransaction) => void): Promise<void> => {
    let lost = false
    return write([...stores, META], (transaction) => {
      const owner = transaction.objectStore(META).get('world')
      owner.onsuccess = () => {
        if (isOurs(owner.result)) work(transaction)
        else {
          lost = true
          transaction.abort()
        }
      }
    }).catch((error: unknown) => {
      throw lost ? new DOMException('a tab of another world now stores its own here', 'TakenOverError') : error
    })
  }

  return {
    async read(after = 0) {
      const transaction = db.transaction([ENTRIES, META], 'readonly')
      const meta = transaction.objectStore(META)
      const entries = transaction.objectStore(ENTRIES)
      const range = IDBKeyRange.lowerBound(after, true)
      const [world, scenario, keys, values] = await Promise.all([
        settled(meta.get('world')),
        settled(meta.get('scenario')),
        settled(entries.getAllKeys(range)),
        settled(entries.getAll(range)),
      ])
      return { world, scenario, entries: values.map((changes, i) => ({ key: keys[i] as number, changes })) }
    },
    async append(entry, restart) {
      let key: IDBValidKey | undefined
      await writeOwn([ENTRIES], (transaction) => {
        const entries = transaction.objectStore(ENTRIES)
        if (restart) entries.clear()
        const adding = entries.add(entry)
        adding.onsuccess = () => {
          key = adding.result
        }
      })
      return key as number
    },
    startWorld: (world) =>
      write([ENTRIES, META], (transaction) => {
        transaction.objectStore(ENTRIES).clear()
        transaction.objectStore(META).delete('scenario')
        transaction.objectStore(META).put(world, 'world')
      }),
    keepScenario: (scenario) =>
      writeOwn([], (transaction) => {
        if (scenario === undefined) transaction.objectStore(META).delete('scenario')
        else transaction.objectStore(META).put(scenario, 'scenario')
      }),
    close: () => db.close(),
  }
}
