/** The query that picks journal entries, shared by `GET /__sim/journal` and its HAR export. */
import * as z from 'zod/mini'
import { MAX_JOURNAL_PAGE } from './control-journal-schemas.ts'
import { wholeNumberQuery } from './control-route.ts'
import { type OperationId, operationIds } from './operations.ts'

export const JournalQuery = z.lazy(() =>
  z.object({
    operation: z
      .optional(z.enum(operationIds as [OperationId, ...OperationId[]]))
      .clone()
      .register(z.globalRegistry, { description: 'only the requests of this operation id' }),
    status: z
      .optional(wholeNumberQuery(0, 599, 400))
      .clone()
      .register(z.globalRegistry, { description: 'only the replies with this status' }),
    session: z
      .optional(z.string())
      .clone()
      .register(z.globalRegistry, { description: 'only the requests of this X-Sim-Session', examples: ['qa-1'] }),
    limit: z
      .optional(wholeNumberQuery(1, MAX_JOURNAL_PAGE, 50))
      .clone()
      .register(z.globalRegistry, { description: `the newest this many (default and at most ${MAX_JOURNAL_PAGE})` }),
    before: z
      .optional(wholeNumberQuery(1, Number.MAX_SAFE_INTEGER, 100))
      .clone()
      .register(z.globalRegistry, {
        description: "only the entries numbered below this seq: page back with a page's first seq",
      }),
  }),
)
