/** `simulator.create`: one factory per table, typed by its overrides (docs/factories.md); calls run `createRecords`. */
import type * as z from 'zod/mini'
import type { DebtTokenState } from '../contract/control-factory-schemas.ts'
import type { RecordOf, TableName } from '../model/records.ts'
import type { CreatedRecords, FactoryRequest } from './create-records.ts'
import type { overrideSchemas } from './overrides.ts'

/** What a factory of table N may set: the table's record fields it does not derive. */
export type FactoryOverrides<N extends TableName> = z.input<(typeof overrideSchemas)[N]>

/** Options of a factory call: debt tokens take the state they are created in (default `active`). */
export type FactoryOptions<N extends TableName> = N extends 'debtTokens' ? { state?: DebtTokenState } : object

export interface Factory<N extends TableName> {
  /** Creates one record (and what it links to, unless the overrides name it); resolves with it as stored. */
  (overrides?: FactoryOverrides<N>, options?: FactoryOptions<N>): Promise<RecordOf<N>>
  /** Creates `count` records (1 to 1000) that share the links they create (one security token, one debtor…). */
  many(count: number, overrides?: FactoryOverrides<N>, options?: FactoryOptions<N>): Promise<RecordOf<N>[]>
}

export type Factories = { readonly [N in TableName]: Factory<N> }

/** `createMany.<table>(count, overrides?, options?)`: the table's `.many`, the same function. */
export type ManyFactory<N extends TableName> = Factory<N>['many']
export type ManyFactories = { readonly [N in TableName]: ManyFactory<N> }

type Run = <N extends TableName>(request: FactoryRequest & { table: N }) => Promise<CreatedRecords<N>>

function factory<N extends TableName>(table: N, run: Run): Factory<N> {
  const request = (count: number, overrides: unknown, options: { state?: DebtTokenState } | undefined) => ({
    table,
    count,
    overrides,
    state: options?.state,
  })
  const one = async (overrides?: FactoryOverrides<N>, options?: FactoryOptions<N>) =>
    (await run(request(1, overrides, options))).records[0]!
  return Object.assign(one, {
    many: async (count: number, overrides?: FactoryOverrides<N>, options?: FactoryOptions<N>) =>
      (await run(request(count, overrides, options))).records,
  })
}

/** The factories of one world, each call run by `run` (createRecords on that world's state). */
export function createFactories(run: Run): Factories {
  return {
    signatureContracts: factory('signatureContracts', run),
    users: factory('users', run),
    debtTokens: factory('debtTokens', run),
    securityTokens: factory('securityTokens', run),
    managerPayments: factory('managerPayments', run),
    investorPayments: factory('investorPayments', run),
  }
}

/** `createMany`: each table's `.many` of `factories`, by table (one implementation, two spellings). */
export function createManyFactories(factories: Factories): ManyFactories {
  return {
    signatureContracts: factories.signatureContracts.many,
    users: factories.users.many,
    debtTokens: factories.debtTokens.many,
    securityTokens: factories.securityTokens.many,
    managerPayments: factories.managerPayments.many,
    investorPayments: factories.investorPayments.many,
  }
}
