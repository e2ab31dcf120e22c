/**
 * Setup file of the in-process projects: the default world's records are frozen, as every
 * simulator of a process shares them (model/default-fixtures.ts). A write that changed a seeded
 * record in place, instead of writing a new version to its layer, would throw here rather than
 * leak into the next simulator of the process.
 */
import { defaultWorld } from '../../src/model/default-fixtures.ts'

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  Object.freeze(value)
  for (const member of Object.values(value)) deepFreeze(member)
}

deepFreeze(defaultWorld)
