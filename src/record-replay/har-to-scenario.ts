/**
 * A HAR file's operations as a scenario, through the recorder `--record` uses. The real service stamps
 * writes with its own clock, so an instant a write's answer brought is expected as `{"$type": "string"}`.
 */
import type { ScenarioInput } from '../scenarios/scenario-schema.ts'
import {
  type HarExchange,
  harExchanges,
  type LeftOutReason,
  leftOutPhrases,
  type ReadAttached,
} from './har-exchanges.ts'
import type { Har } from './har-file.ts'
import { createSessionRecorder } from './record.ts'
import { decodeSafely, mapStrings, parseJson, walkStrings } from './recorded-values.ts'

export interface HarConversion {
  readonly scenario: ScenarioInput
  readonly exchanges: readonly HarExchange[]
  readonly entries: number
  readonly leftOut: ReadonlyMap<LeftOutReason, number>
  /** The notes written into the scenario (what was left out, answers without a body…). */
  readonly notes: readonly string[]
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/

const TYPE_STRING = { $type: 'string' } as const

/** The instants write answers stamped that the client did not send, as they first appear. */
function stampedInstants(exchanges: readonly HarExchange[]): Set<string> {
  const sent = new Set<string>()
  const stamped = new Set<string>()
  for (const exchange of exchanges) {
    const request = parseJson(exchange.body)
    if (request.ok) walkStrings(request.value, 'body', (text) => sent.add(text))
    for (const part of `${exchange.path}&${exchange.query}`.split(/[/&=]/)) sent.add(decodeSafely(part))
    if (exchange.method === 'GET' || exchange.response.status >= 300) continue
    const answer = parseJson(exchange.response.body ?? '')
    if (answer.ok)
      walkStrings(answer.value, 'body', (text) => {
        if (INSTANT.test(text) && !sent.has(text)) stamped.add(text)
      })
  }
  return stamped
}

/** The expected bodies with the stamped instants as types (from the step that stamped one on). */
function typeStampedInstants(scenario: ScenarioInput, stamped: ReadonlySet<string>): ScenarioInput {
  if (stamped.size === 0) return scenario
  return {
    ...scenario,
    steps: scenario.steps?.map((step) =>
      step.expect.body === undefined
        ? step
        : {
            ...step,
            expect: {
              ...step.expect,
              body: mapStrings(step.expect.body, (text) => (stamped.has(text) ? TYPE_STRING : text)) as never,
            },
          },
    ),
  }
}

/** Converts a checked HAR (har-file.ts) into a scenario; `name` is the file's, for the description. */
export function harToScenario(har: Har, name: string, readAttached?: ReadAttached): HarConversion {
  const { exchanges, leftOut, notes: entryNotes } = harExchanges(har, readAttached)
  const creator = har.log.creator === undefined ? '' : ` (saved by ${har.log.creator.name})`
  const notes = [
    `converted from the HAR file ${name}${creator}: ${exchanges.length} of its ${har.log.entries.length} entries are operations of the API`,
    ...leftOutPhrases(leftOut).map((phrase) => `left out ${phrase}`),
    ...entryNotes,
  ]
  const recorder = createSessionRecorder({
    description: `${name}: ${exchanges.length} request${exchanges.length === 1 ? '' : 's'} of a HAR session.`,
    notes,
  })
  for (const exchange of exchanges) recorder.add(exchange)
  const scenario = typeStampedInstants(recorder.toScenario(), stampedInstants(exchanges))
  return { scenario, exchanges, entries: har.log.entries.length, leftOut, notes: scenario.notes ?? notes }
}
