/**
 * The fields manager and investor payments share: the enums, the creation fields and the update
 * body. The spec names the series field `series` in its field list and `serie` in its samples and
 * list output; creation accepts both, output uses `serie`.
 */
import * as z from 'zod/mini'
import { answer } from './answer-formats.ts'
import { Hash, IsoDateTime, MAX_MONEY, thousands } from './formats.ts'

export const PaymentStatus = z
  .enum(['PENDING', 'PAID', 'FAILED', 'CANCELED'], {
    error: 'must be one of PENDING, PAID, FAILED, CANCELED',
  })
  .clone()
  .register(z.globalRegistry, {
    description:
      'PENDING (the default of a new payment), PAID, FAILED or CANCELED. PAID and CANCELED are final: an update keeps them (a PAID payment may still correct its hash, date and amount).',
  })
export type PaymentStatus = z.infer<typeof PaymentStatus>

export const PaymentSeries = z
  .enum(['SENIOR', 'MEZANINO', 'SUBORDINADA'], {
    error: 'must be one of SENIOR, MEZANINO, SUBORDINADA',
  })
  .clone()
  .register(z.globalRegistry, {
    description: 'the series (tranche) paid: SENIOR, MEZANINO (mezzanine) or SUBORDINADA (subordinated)',
  })

export const PaymentType = z
  .enum(['AMORTIZACAO', 'JUROS'], { error: 'must be one of AMORTIZACAO, JUROS' })
  .clone()
  .register(z.globalRegistry, { description: 'AMORTIZACAO (repays principal) or JUROS (pays interest)' })

export const PaymentAmount = z.lazy(() =>
  z
    .number({ error: 'must be a number' })
    .check(
      z.nonnegative({ error: 'must be a number ≥ 0' }),
      z.lte(MAX_MONEY, { error: `must be at most ${thousands(MAX_MONEY)}` }),
    )
    .clone()
    .register(z.globalRegistry, { description: 'the amount paid, in reais', examples: [1500] }),
)

/** Optional creation fields common to both kinds of payment. */
export const paymentCreationFields = {
  hash: z
    .optional(Hash)
    .clone()
    .register(z.globalRegistry, { description: 'the HASH of the transaction that paid it' }),
  date: z
    .optional(IsoDateTime)
    .clone()
    .register(z.globalRegistry, { description: 'when it was paid (default: the clock’s now)' }),
  status: z.optional(PaymentStatus),
  amount: z.optional(PaymentAmount),
  series: z
    .optional(PaymentSeries)
    .clone()
    .register(z.globalRegistry, { description: 'the series paid (the spec’s field list spells it series)' }),
  serie: z.optional(PaymentSeries).clone().register(z.globalRegistry, {
    description: 'the series paid (the spec’s samples spell it serie); if both are sent they must be equal',
  }),
  type: z.optional(PaymentType),
}

/**
 * The rule of `seriesSpellingsAgree` in JSON Schema, for the OpenAPI document: if a body has both
 * `serie` and `series`, they hold the same value. Written as if/then (draft 7), which more
 * generators and validators read than `dependentSchemas`.
 */
export const seriesSpellingsAgreeSchema = {
  if: { properties: { series: true, serie: true }, required: ['series', 'serie'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword; the object is never awaited
  then: {
    anyOf: PaymentSeries.options.map((value) => ({
      properties: { series: { const: value }, serie: { const: value } },
    })),
  },
}

/** What a payment creation body says of the two spellings of the series field. */
export const SERIES_SPELLINGS_RULE =
  '`series` and `serie` are the same field, spelled as the spec spells it in its field list and in its samples: send either; a body that sends both with different values is refused (400). Lists answer it as `serie`.'

/** Rejects a body that gives `series` and `serie` with different values. */
export function seriesSpellingsAgree(
  body: { series?: string | undefined; serie?: string | undefined },
  ctx: z.core.$RefinementCtx,
) {
  if (body.series !== undefined && body.serie !== undefined && body.series !== body.serie) {
    ctx.addIssue({
      code: 'custom',
      path: ['serie'],
      message: `disagrees with series ("${body.serie}" vs "${body.series}"); send one of them`,
    })
  }
}

/** PUT body of both payment kinds: every field required. */
export const PaymentUpdate = z.lazy(() =>
  z
    .object({
      hash: Hash,
      date: IsoDateTime,
      status: PaymentStatus,
      amount: PaymentAmount,
    })
    .register(z.globalRegistry, {
      id: 'PaymentUpdate',
      description: 'Replaces the hash, date, status and amount; the status may only change as PaymentStatus says.',
      examples: [
        {
          hash: '0x4f12da997d8f3dcfa558dab811b80df5b2ee00b18563f59e1b4ff5c0c1b0a1c2',
          date: '2026-03-02T12:00:00.000Z',
          status: 'PAID',
          amount: 1500,
        },
      ],
    }),
)

/** Output fields common to both kinds of payment (list output). */
export const paymentOutputFields = {
  id: z
    .number()
    .check(z.int(), z.gte(0))
    .clone()
    .register(z.globalRegistry, { description: 'the payment id, what an update names', examples: [1] }),
  tokenAddress: answer.address('the security token paid'),
  hash: z.optional(answer.hash()),
  date: answer.dateTime('when it was paid'),
  status: PaymentStatus,
  amount: z
    .optional(z.number().check(z.gte(0)))
    .clone()
    .register(z.globalRegistry, { description: 'the amount paid, in reais', examples: [1500] }),
  serie: z.optional(PaymentSeries),
  type: z.optional(PaymentType),
}
