/** The state a request runs against: the default world's model and random source, or a session's copy of them. */
import type { Model } from './model.ts'
import type { Random } from './random.ts'

export interface WorldState {
  readonly model: Model
  readonly random: Random
}
