/** The journal's answers (`GET /__sim/journal`, live events, the HAR export) and how much one holds. */
import * as z from 'zod/mini'
import { IsoDateTime } from './formats.ts'
import { type OperationId, operationIds } from './operations.ts'

const count = z.number().check(z.int(), z.gte(0))

/** The most entries one `GET /__sim/journal` answers (its default `limit`); a larger journal is paged with `before`. */
export const MAX_JOURNAL_PAGE = 2000
/**
 * The most characters of bodies one journal answer carries: a full page at the default body limit.
 * With longer bodies (`--journal-body-limit`) an answer holds fewer entries, the newest; the rest
 * is paged back with `before`.
 */
export const MAX_JOURNAL_PAGE_BODY_CHARS = MAX_JOURNAL_PAGE * 2 * 4096

export const JournalEntry = z.lazy(() =>
  z
    .object({
      seq: z
        .number()
        .check(z.int(), z.gte(1))
        .clone()
        .register(z.globalRegistry, { description: '1, 2, 3… since the journal was emptied; gaps show what fell off' }),
      at: IsoDateTime.clone().register(z.globalRegistry, {
        description: 'wall-clock time the request arrived (not the simulated clock)',
      }),
      method: z.string(),
      path: z.string(),
      query: z.string(),
      operation: z
        .nullable(z.enum(operationIds as [OperationId, ...OperationId[]]))
        .clone()
        .register(z.globalRegistry, { description: 'the operation id, or null when none matched' }),
      status: z.number().check(z.int()),
      durationMs: z.number(),
      scenario: z.nullable(z.string()),
      session: z.nullable(z.string()),
      caller: z.nullable(z.string()).clone().register(z.globalRegistry, {
        description:
          'the wallet address the simulator took the Bearer token for; null for a request it did not authenticate (forwarded, or answered by a scenario or the Bearer check first)',
      }),
      requestHeaders: z.record(z.string(), z.string()).clone().register(z.globalRegistry, {
        description:
          'the request headers that shape an answer: authorization (its credential masked, `Bearer ***1`, `***2`: one number per distinct credential; a wallet-address token as sent), content-type, x-sim-session, x-sim-scenario',
      }),
      requestBody: z.nullable(z.string()).clone().register(z.globalRegistry, { description: 'cut at 4096 characters' }),
      responseHeaders: z.record(z.string(), z.string()),
      responseBody: z
        .nullable(z.string())
        .clone()
        .register(z.globalRegistry, { description: 'cut at 4096 characters' }),
      proxy: z
        .optional(
          z.object({
            url: z.string().clone().register(z.globalRegistry, { description: 'the URL the request was forwarded to' }),
            status: z
              .nullable(z.number().check(z.int()))
              .clone()
              .register(z.globalRegistry, { description: "the service's status; null when it did not answer" }),
            drift: z.array(z.string()).clone().register(z.globalRegistry, {
              description:
                'how the request or the answer departs from the contract, one line each: an undeclared status, a missing or unknown field, a wrong type, a value outside its format (empty: none)',
            }),
            failure: z.optional(z.string()).clone().register(z.globalRegistry, {
              description: "why the proxy answered 502/504 instead of the service's answer",
            }),
          }),
        )
        .clone()
        .register(z.globalRegistry, {
          description: 'present when `serve --proxy` forwarded the request to the real service',
        }),
    })
    .register(z.globalRegistry, { id: 'SimJournalEntry' }),
)

export const SimJournal = z.lazy(() =>
  z
    .object({
      capacity: count.clone().register(z.globalRegistry, { description: 'how many entries the journal keeps' }),
      total: count.clone().register(z.globalRegistry, {
        description: 'requests recorded since it was emptied, those that fell off included',
      }),
      entries: z.array(JournalEntry).clone().register(z.globalRegistry, { description: 'oldest first' }),
    })
    .register(z.globalRegistry, { id: 'SimJournal' }),
)
