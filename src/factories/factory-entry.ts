/**
 * One entry of a scenario's `world.create`: a table, how many records, their overrides (typed by
 * the table) and, for debt tokens, their state. What `POST /__sim/factories/{table}` takes in its
 * path and body, as a scenario file writes it, validated when the file is loaded.
 */
import * as z from 'zod'
import { DebtTokenState, FactoryCount, MAX_FACTORY_COUNT } from '../contract/control-schemas.ts'
import type { TableName } from '../model/records.ts'
import { overrideSchemas } from './overrides.ts'

function entry<N extends TableName>(table: N) {
  return z.strictObject({
    table: z.literal(table),
    count: FactoryCount.optional().describe(`How many records to create: 1 (default) to ${MAX_FACTORY_COUNT}.`),
    overrides: overrideSchemas[table]
      .optional()
      .describe('Fields of the stored record to set; the rest is drawn from the seed and missing links are created.'),
  })
}

export const FactoryEntry = z.discriminatedUnion(
  'table',
  [
    entry('users'),
    entry('securityTokens'),
    entry('debtTokens').extend({
      state: DebtTokenState.optional().describe(
        "The state at the clock's now when the scenario is activated (default active).",
      ),
    }),
    entry('signatureContracts'),
    entry('managerPayments'),
    entry('investorPayments'),
  ],
  { error: 'must be one of users, securityTokens, debtTokens, signatureContracts, managerPayments, investorPayments' },
)
export type FactoryEntry = z.infer<typeof FactoryEntry>
