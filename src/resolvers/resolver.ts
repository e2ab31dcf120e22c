/** A resolver: the thin step from validated input to model reads and writes and a body; the rest is the pipeline's. */
import type { OperationInput, OperationOutput } from '../contract/operation.ts'
import type { OperationById, OperationId } from '../contract/operations.ts'
import type { Clock } from '../model/clock.ts'
import type { Model } from '../model/model.ts'
import type { Random } from '../model/random.ts'

export interface ResolverContext {
  readonly model: Model
  readonly clock: Clock
  readonly random: Random
  /** The Bearer token and the wallet address it stands for. */
  readonly caller: { readonly token: string; readonly address: string }
}

type Resolver<Id extends OperationId> = (
  input: OperationInput<OperationById<Id>>,
  context: ResolverContext,
) => Promise<OperationOutput<OperationById<Id>>> | OperationOutput<OperationById<Id>>

export type ResolverTable<Ids extends OperationId = OperationId> = { readonly [Id in Ids]: Resolver<Id> }
