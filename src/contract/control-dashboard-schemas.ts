/** The bodies of the control routes the dashboard uses (control-dashboard.ts); its types are inferred from them. */
import * as z from 'zod/mini'
import { SimTableName } from './control-factory-schemas.ts'
import { JournalEntry } from './control-journal-schemas.ts'

const count = z.number().check(z.int(), z.gte(0))

/** A `GET /__sim/events` event's `data:`; `exchange` ids are `<epoch>:<seq>`, sent back as `Last-Event-ID`. */
export const SimEvent = z.lazy(() =>
  z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('hello'),
        epoch: z.string().clone().register(z.globalRegistry, {
          description: "the journal's numbering; it changes when the journal is emptied",
        }),
        capacity: count,
        total: count,
      }),
      z.object({ type: z.literal('exchange'), entry: JournalEntry }),
      z.object({ type: z.literal('clear') }),
      z.object({ type: z.literal('gap'), missed: count }),
      z.object({
        type: z.literal('control'),
        method: z.string(),
        path: z.string(),
        status: z.number().check(z.int()),
        session: z.nullable(z.string()),
      }),
    ])
    .register(z.globalRegistry, {
      id: 'SimEvent',
      description:
        'the data of one event, by `type`: `hello` first on every connection (`epoch`, `capacity`, `total`), then the buffered entries the client has not seen; `exchange` a request was answered (`entry`, a SimJournalEntry; event id `<epoch>:<seq>`); `clear` the journal was emptied (forget its entries); `gap` `missed` entries fell off the journal before this client saw them, or were left out of a flood (with many streams open, each 50 ms batch carries at most 10,000 ÷ streams exchanges, never fewer than 50, the newest); `control` a control request changed the simulator (`method`, `path`, `status`, `session`)',
    }),
)

const RuleSummary = z.lazy(() =>
  z.object({
    operation: z.string(),
    description: z.nullable(z.string()),
    outcome: z
      .string()
      .clone()
      .register(z.globalRegistry, { description: 'what the rule does and when, in words: "503 on every 3rd call"' }),
  }),
)

/** A scenario in words: what the catalog lists, and what checking a scenario answers. */
export const SimScenarioSummary = z.lazy(() =>
  z
    .object({
      name: z.string(),
      description: z.string(),
      world: z
        .nullable(z.string())
        .clone()
        .register(z.globalRegistry, { description: 'the world it starts from ("empty", "size 500"), or null' }),
      rules: z.array(RuleSummary),
      steps: count.clone().register(z.globalRegistry, { description: 'QA steps it carries (what a replay runs)' }),
    })
    .register(z.globalRegistry, { id: 'SimScenarioSummary' }),
)

export const SimScenarioCatalog = z.lazy(() =>
  z.object({ scenarios: z.array(SimScenarioSummary) }).register(z.globalRegistry, { id: 'SimScenarioCatalog' }),
)

export const SimTablePage = z.lazy(() =>
  z
    .object({
      session: z.nullable(z.string()),
      table: SimTableName,
      total: count
        .clone()
        .register(z.globalRegistry, { description: 'records that match `q` (all of the table without it)' }),
      offset: count,
      records: z
        .array(
          z.object({
            key: z
              .string()
              .clone()
              .register(z.globalRegistry, { description: 'what GET /__sim/tables/{table}/{key} takes' }),
            record: z.unknown().clone().register(z.globalRegistry, {
              description: 'as the API shows it, with derived fields (status, expired)',
            }),
          }),
        )
        .clone()
        .register(z.globalRegistry, { description: 'the page, in creation order' }),
    })
    .register(z.globalRegistry, { id: 'SimTablePage' }),
)

export const SimTableRecord = z.lazy(() =>
  z
    .object({
      session: z.nullable(z.string()),
      table: SimTableName,
      key: z.string(),
      record: z.unknown(),
      links: z.array(
        z
          .object({
            label: z.string().clone().register(z.globalRegistry, {
              description: 'what the link is: "security token", "debtor\'s debt tokens"',
            }),
            table: SimTableName,
            key: z.nullable(z.string()).clone().register(z.globalRegistry, { description: 'one record by its key' }),
            q: z.nullable(z.string()).clone().register(z.globalRegistry, { description: 'or the records of a search' }),
          })
          .register(z.globalRegistry, { id: 'SimRecordLink' }),
      ),
    })
    .register(z.globalRegistry, { id: 'SimTableRecord' }),
)
