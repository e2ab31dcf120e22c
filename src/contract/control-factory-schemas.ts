/** The factories' control schemas, with the bounds a scenario's `world.create` shares. */
import * as z from 'zod/mini'

/** The model's tables as control routes name them (`?table=debtTokens`); a unit test keeps the model's list equal. */
export const SimTableName = z
  .enum(['signatureContracts', 'users', 'debtTokens', 'securityTokens', 'managerPayments', 'investorPayments'])
  .register(z.globalRegistry, { id: 'SimTableName' })
export type SimTableName = z.infer<typeof SimTableName>

/** The most records one factory call (or one entry of a scenario's `world.create`) creates. */
export const MAX_FACTORY_COUNT = 1000

/**
 * The state a debt token is created in, relative to the clock's now: awaiting signatures; active
 * (signed, every parcel due so far paid, one still to come); listed (active and on the
 * marketplace); overdue (signed, an unpaid parcel past its due date); settled (every parcel paid).
 */
export const DebtTokenState = z
  .enum(['awaiting', 'active', 'listed', 'overdue', 'settled'], {
    error: 'must be one of awaiting, active, listed, overdue, settled',
  })
  .register(z.globalRegistry, { id: 'SimDebtTokenState' })
export type DebtTokenState = z.infer<typeof DebtTokenState>

export const FactoryCount = z.lazy(() =>
  z.int({ error: `must be a whole number from 1 to ${MAX_FACTORY_COUNT}` }).check(z.gte(1), z.lte(MAX_FACTORY_COUNT)),
)

/**
 * A JSON object whose own `__proto__` member is refused: parsing it into an object would set the
 * copy's prototype instead, and the strict overrides schema behind would never see the member.
 */
const FactoryOverridesObject = z.pipe(
  z.transform((value: unknown, context) => {
    if (typeof value === 'object' && value !== null && Object.hasOwn(value, '__proto__'))
      context.issues.push({ code: 'unrecognized_keys', keys: ['__proto__'], input: value as Record<string, unknown> })
    return value
  }),
  z.looseObject({}),
) as unknown as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>> // what it takes: an object
/** POST /__sim/factories/{table}: what to create. */
export const SimFactoryBody = z.lazy(() =>
  z
    .strictObject({
      overrides: z.optional(FactoryOverridesObject).clone().register(z.globalRegistry, {
        description:
          "fields of the stored record to set (the table's record schema; docs/factories.md lists them); the rest is drawn from the seed, and missing links are created",
      }),
      count: z
        .optional(FactoryCount)
        .clone()
        .register(z.globalRegistry, { description: 'how many records to create (default 1)', examples: [3] }),
      state: z.optional(DebtTokenState).clone().register(z.globalRegistry, {
        description: "debtTokens only: the state at the clock's now (default active)",
      }),
    })
    .register(z.globalRegistry, {
      id: 'SimFactoryRequest',
      examples: [{ count: 3 }, { count: 2, state: 'overdue' }, {}],
    }),
)

export const SimFactoryRecords = z.lazy(() =>
  z
    .object({
      records: z
        .array(z.record(z.string(), z.unknown()))
        .clone()
        .register(z.globalRegistry, { description: 'the records created, as stored (what GET /__sim/state shows)' }),
      linked: z
        .partialRecord(SimTableName, z.array(z.record(z.string(), z.unknown())))
        .clone()
        .register(z.globalRegistry, {
          description:
            "the other records the call created: a debt token's signature contract, security token, its manager…",
        }),
    })
    .register(z.globalRegistry, { id: 'SimFactoryRecords' }),
)
