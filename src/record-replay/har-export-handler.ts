/** `GET /__sim/journal.har`: the journal entries the query picks as a HAR 1.2 file, on the server's own origin. */
import { MAX_JOURNAL_PAGE, MAX_JOURNAL_PAGE_BODY_CHARS } from '../contract/control-journal-schemas.ts'
import type { ControlHandlerTable } from '../control/control-handler.ts'

/** The origin when the runtime names none (the control API answered in-process, as replay does). */
const NO_SERVER_ORIGIN = 'http://localhost'

export function harHandlers(): ControlHandlerTable<'getJournalHar'> {
  return {
    getJournalHar: async ({ query }, { simulator, serverUrl }) => {
      // Loaded here, not at import: a server that is never asked for a HAR file never loads the builder.
      const { journalToHar } = await import('./har-export.ts')
      const entries = simulator.journal.list({
        ...query,
        limit: query.limit ?? MAX_JOURNAL_PAGE,
        maxBodyChars: MAX_JOURNAL_PAGE_BODY_CHARS,
      })
      return journalToHar(entries, { baseUrl: serverUrl ?? NO_SERVER_ORIGIN })
    },
  }
}
