/** The record-replay wing's surface in-process: `journal.toHar()`, the HAR builder loaded on first use. */
import type { SimHar } from '../contract/plain-types.ts'
import type { Wing } from '../control/wing.ts'
import type { JournalFilter } from '../observability/journal.ts'

/** Which journal entries `journal.toHar()` exports, and the origin their URLs start with. */
export interface JournalHarOptions extends Omit<JournalFilter, 'limit' | 'before'> {
  /**
   * The origin the requests were sent to (the journal keeps only path and query). Default: the
   * simulator's `baseUrl` when it is an absolute URL, else `http://localhost`.
   */
  baseUrl?: string | undefined
  /** The newest `limit` matching entries. */
  limit?: number | undefined
  /** Only the entries numbered below this `seq`. */
  before?: number | undefined
}

const DEFAULT_HAR_ORIGIN = 'http://localhost'

export const recordReplayWing: Wing<{ readonly baseUrl?: string | undefined }> = {
  name: 'record-replay',
  attach(simulator, { baseUrl }) {
    const origin = baseUrl !== undefined && /^https?:\/\/[^*]*$/.test(baseUrl) ? baseUrl : DEFAULT_HAR_ORIGIN
    const { journal } = simulator
    const toHar = async ({ baseUrl = origin, ...filter }: JournalHarOptions = {}): Promise<SimHar> => {
      const { journalToHar } = await import('./har-export.ts')
      return journalToHar(journal.list(filter), { baseUrl })
    }
    // In place, so the journal group's getters keep working.
    Object.assign(journal, { toHar })
    return {}
  },
}
