/**
 * What a recorder counts per request, cheap enough for every one: a request seen before makes no object,
 * and a 400's message is read into its fields only when the counts are settled into a tally.
 */
import type { CountedExchange } from '../pipeline/journal-step.ts'
import type { CoverageTally } from './coverage-tally.ts'
import { exchangeOf } from './exchange-of.ts'

/** Distinct 400 messages kept before they are settled, so a long run's memory stays bounded. */
const MESSAGES_KEPT = 500

/** Response body of a 400, or null for every other status → times. */
type ByBody = Map<string | null, number>
/** Scenario → operation → status → by body. */
type Counts = Map<string | null, Map<CountedExchange['operation'], Map<number, ByBody>>>

function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}
const newMap = () => new Map()

export class ExchangeCounts {
  #counts: Counts = new Map()
  #messages = 0

  /** Counts one answered request; true when enough distinct 400 messages are kept to settle them. */
  count(exchange: CountedExchange): boolean {
    const byStatus = entryOf(entryOf(this.#counts, exchange.scenario, newMap), exchange.operation, newMap)
    const byBody: ByBody = entryOf(byStatus, exchange.status, newMap)
    const body = exchange.status === 400 ? exchange.responseBody : null
    const times = byBody.get(body)
    byBody.set(body, (times ?? 0) + 1)
    return times === undefined && body !== null && ++this.#messages >= MESSAGES_KEPT
  }

  /** Adds what was counted to `tally` (each 400 message read once) and starts counting afresh. */
  settleInto(tally: CoverageTally): void {
    for (const [scenario, byOperation] of this.#counts)
      for (const [operation, byStatus] of byOperation)
        for (const [status, byBody] of byStatus)
          for (const [responseBody, times] of byBody)
            tally.add(exchangeOf({ operation, status, scenario, responseBody }), times)
    this.#counts = new Map()
    this.#messages = 0
  }
}
