/** The HAR 1.2 export route and file shape (docs/har-export.md); src/record-replay/har-export-handler.ts answers it. */
import * as z from 'zod/mini'
import { MAX_JOURNAL_PAGE } from './control-journal-schemas.ts'
import { controlPath } from './control-paths.ts'
import { defineControlRoute } from './control-route.ts'
import { JournalQuery } from './journal-query.ts'

const nameValue = z.object({ name: z.string(), value: z.string() })
const size = z
  .number()
  .check(z.int(), z.gte(-1))
  .clone()
  .register(z.globalRegistry, { description: 'bytes; -1 when not known' })
const timing = z.number().check(z.gte(-1))
const cutComment = z
  .optional(z.string())
  .clone()
  .register(z.globalRegistry, { description: 'why the body is left out (the journal kept only its start)' })

const HarEntry = z
  .object({
    startedDateTime: z
      .string()
      .clone()
      .register(z.globalRegistry, { description: 'when the journal recorded the request (ISO 8601)' }),
    time: z
      .number()
      .check(z.gte(0))
      .clone()
      .register(z.globalRegistry, { description: 'milliseconds: the sum of the timings that are not -1' }),
    request: z.object({
      method: z.string(),
      url: z
        .string()
        .clone()
        .register(z.globalRegistry, { description: "absolute: the server's origin, then the path and query" }),
      httpVersion: z.string(),
      cookies: z.array(nameValue),
      headers: z
        .array(nameValue)
        .clone()
        .register(z.globalRegistry, { description: 'what the journal keeps; credentials masked (`Bearer ***1`)' }),
      queryString: z.array(nameValue),
      postData: z.optional(
        z.object({
          mimeType: z.string(),
          text: z.optional(z.string()),
          params: z.optional(z.array(nameValue)),
          comment: cutComment,
        }),
      ),
      headersSize: size,
      bodySize: size,
    }),
    response: z.object({
      status: z
        .number()
        .check(z.int(), z.gte(0))
        .clone()
        .register(z.globalRegistry, { description: '0: the request failed at the network level (a scenario)' }),
      statusText: z.string(),
      httpVersion: z.string(),
      cookies: z.array(nameValue),
      headers: z.array(nameValue),
      content: z.object({ size, mimeType: z.string(), text: z.optional(z.string()), comment: cutComment }),
      redirectURL: z.string(),
      headersSize: size,
      bodySize: size,
      _error: z.optional(z.string()),
    }),
    cache: z.object({}),
    timings: z.object({
      blocked: timing,
      dns: timing,
      connect: timing,
      ssl: timing,
      send: z.number().check(z.gte(0)),
      wait: z.number().check(z.gte(0)),
      receive: z.number().check(z.gte(0)),
    }),
    _seq: z
      .number()
      .check(z.int(), z.gte(1))
      .clone()
      .register(z.globalRegistry, { description: "the journal entry's seq" }),
    _operation: z.nullable(z.string()),
    _session: z.nullable(z.string()),
    _scenario: z.nullable(z.string()),
    _caller: z.nullable(z.string()).clone().register(z.globalRegistry, {
      description:
        'the wallet address the masked Bearer token stood for (null: none), so scenarios from-har acts as the same caller',
    }),
  })
  .register(z.globalRegistry, { id: 'SimHarEntry' })

export const SimHar = z.lazy(() =>
  z
    .object({
      log: z.object({
        version: z.literal('1.2'),
        creator: z.object({ name: z.literal('debt-token-simulator'), version: z.string() }),
        pages: z
          .array(z.unknown())
          .check(z.maxLength(0))
          .clone()
          .register(z.globalRegistry, { description: 'none: the entries belong to no page' }),
        entries: z.array(HarEntry).clone().register(z.globalRegistry, { description: 'oldest first' }),
      }),
    })
    .register(z.globalRegistry, { id: 'SimHar' }),
)

export const harRoutes = [
  defineControlRoute({
    ...controlPath('getJournalHar'),
    summary: 'The journal as a HAR 1.2 file, for the browser’s devtools and Playwright’s routeFromHAR (?session=qa-1)',
    description: `Answers the journal entries \`GET /__sim/journal\` would answer for the same query (the whole journal, or one X-Sim-Session with \`session\`; at most ${MAX_JOURNAL_PAGE} entries, paged back with \`before\`) as a HAR 1.2 file to save: URLs on this server's origin, credentials masked as the journal masks them, a body the journal cut left out with a comment (docs/har-export.md).`,
    query: JournalQuery,
    response: SimHar,
    attachment: 'simulator-journal.har',
    errors: { 400: 'a query parameter is not valid (limit above the page size, a status that is not one)' },
  }),
] as const
