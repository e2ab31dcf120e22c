/** A scenario's `world.create`: each entry is what `POST /__sim/factories/{table}` takes, checked at load. */
import * as z from 'zod/mini'
import { DebtTokenState, FactoryCount, MAX_FACTORY_COUNT } from '../contract/control-factory-schemas.ts'
import type { TableName } from '../model/records.ts'
import { overrideSchemas } from './overrides.ts'

function entry<N extends TableName>(table: N) {
  return z.strictObject({
    table: z.literal(table),
    count: z
      .optional(FactoryCount)
      .clone()
      .register(z.globalRegistry, { description: `How many records to create: 1 (default) to ${MAX_FACTORY_COUNT}.` }),
    // A check rather than .register(): the registry's typing cannot take a schema generic in N.
    overrides: z
      .optional(overrideSchemas[table])
      .check(
        z.describe(
          'Fields of the stored record to set; the rest is drawn from the seed and missing links are created.',
        ),
      ),
  })
}

const FactoryEntry = z.lazy(() =>
  z.discriminatedUnion(
    'table',
    [
      entry('users'),
      entry('securityTokens'),
      z.extend(entry('debtTokens'), {
        state: z.optional(DebtTokenState).clone().register(z.globalRegistry, {
          description: "The state at the clock's now when the scenario is activated (default active).",
        }),
      }),
      entry('signatureContracts'),
      entry('managerPayments'),
      entry('investorPayments'),
    ],
    {
      error: 'must be one of users, securityTokens, debtTokens, signatureContracts, managerPayments, investorPayments',
    },
  ),
)

/** The most entries a scenario's `world.create` may list (each creates up to MAX_FACTORY_COUNT records). */
const MAX_WORLD_CREATE_ENTRIES = 100

/** How many records all the entries of one `world.create` ask for: the count of one factory call, at most. */
export const MAX_WORLD_CREATE_RECORDS = MAX_FACTORY_COUNT

/** A scenario's `world.create`: the entries, made in order. */
export const WorldCreate = z.lazy(() =>
  z
    .array(FactoryEntry)
    .check(
      z.minLength(1),
      z.maxLength(MAX_WORLD_CREATE_ENTRIES), // Bounded like one factory call, so activating a scenario costs what one POST /__sim/factories may.
      z.refine((entries) => totalCount(entries) <= MAX_WORLD_CREATE_RECORDS, {
        // Only once every entry is valid: an entry's own bad count is reported once, by its field.
        when: (payload) => payload.issues.length === 0,
        error: (issue) =>
          `asks for ${totalCount(issue.input as readonly { count?: number }[])} records in all (the sum of its counts), at most ${MAX_WORLD_CREATE_RECORDS}: create fewer, or generate a world with size`,
      }),
    )
    .clone()
    .register(z.globalRegistry, {
      description: `Records to create in that world (the simulator's own without fixtures or size) when the scenario is activated, in order, as POST /__sim/factories/{table} creates them (docs/factories.md); ${MAX_WORLD_CREATE_RECORDS} records in all at most, counted against --max-records.`,
    }),
)

function totalCount(entries: readonly { count?: number | undefined }[]): number {
  return entries.reduce((sum, entry) => sum + (entry.count ?? 1), 0)
}
