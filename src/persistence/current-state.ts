/** The whole persisted state of a world as changes: what a store compacts its log into. */
import type { Clock, ClockState } from '../model/clock.ts'
import type { Model } from '../model/model.ts'
import { tableNames } from '../model/world.ts'
import type { Change } from './change.ts'

/** What differs from the seeded world, and the clock if it moved; `model` undefined: a scenario's world is in use. */
export function currentState(model: Model | undefined, clock: Clock, initialClock: ClockState): Change[] {
  const changes: Change[] = []
  const now = clock.state()
  if (JSON.stringify(now) !== JSON.stringify(initialClock)) changes.push({ t: 'clock', clock: now })
  if (model === undefined) return changes
  for (const table of tableNames) {
    const { written, deleted } = model[table].writes()
    for (const record of written) changes.push({ t: 'put', table, record })
    for (const key of deleted) changes.push({ t: 'delete', table, key })
  }
  for (const kind of ['managerPayments', 'investorPayments'] as const) {
    const next = model.peekNextId(kind)
    if (next !== model.world.firstIds[kind]) changes.push({ t: 'nextId', kind, next })
  }
  return changes
}
