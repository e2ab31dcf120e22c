/**
 * Which statuses of an operation are the service's, and so counted. The simulator's own (its limits and
 * features) are reported apart: a frontend meets them only against the simulator.
 */
import { schemaBreakExample } from '../contract/openapi-statuses.ts'
import type { Operation } from '../contract/operations.ts'

/** The simulator's own statuses, with why it answers each, as the report shows them. */
export const SIMULATOR_STATUSES: ReadonlyMap<number, string> = new Map([
  [400, 'an X-Sim-Session or X-Sim-Scenario header the simulator refuses'],
  [403, 'X-Sim-Session or X-Sim-Scenario from a caller the control API refuses'],
  [413, 'a body larger than the simulator takes'],
  [422, 'a list longer than one answer carries'],
  [429, 'the session limit reached'],
  [502, 'the proxy: the service did not answer'],
  [503, 'the persistence store could not keep a write'],
  [504, 'the proxy: the service did not answer in time'],
  [507, "the world's capacity of written records reached"],
])

const declared = new Map<string, readonly number[]>()

/** The statuses the service declares for `operation`, ascending. */
export function declaredStatuses(operation: Operation): readonly number[] {
  let statuses = declared.get(operation.id)
  if (statuses === undefined) {
    const all = new Set([200, 401, ...Object.keys(operation.errors).map(Number)])
    if (schemaBreakExample(operation) !== undefined) all.add(400)
    statuses = [...all].sort((a, b) => a - b)
    declared.set(operation.id, statuses)
  }
  return statuses
}
