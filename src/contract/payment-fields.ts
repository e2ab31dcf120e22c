/**
 * The fields manager and investor payments share: the enums, the creation fields and the update
 * body. The spec names the series field `series` in its field list and `serie` in its samples and
 * list output; creation accepts both, output uses `serie`.
 */
import * as z from 'zod'
import { Hash, IsoDateTime, MAX_MONEY } from './formats.ts'

export const PaymentStatus = z.enum(['PENDING', 'PAID', 'FAILED', 'CANCELED'], {
  error: 'must be one of PENDING, PAID, FAILED, CANCELED',
})
export type PaymentStatus = z.infer<typeof PaymentStatus>

export const PaymentSeries = z.enum(['SENIOR', 'MEZANINO', 'SUBORDINADA'], {
  error: 'must be one of SENIOR, MEZANINO, SUBORDINADA',
})

export const PaymentType = z.enum(['AMORTIZACAO', 'JUROS'], { error: 'must be one of AMORTIZACAO, JUROS' })

export const PaymentAmount = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .nonnegative({ error: 'must be a number ≥ 0' })
  .max(MAX_MONEY, { error: `must be at most ${MAX_MONEY.toLocaleString('en-US')}` })

/** Optional creation fields common to both kinds of payment. */
export const paymentCreationFields = {
  hash: Hash.optional(),
  date: IsoDateTime.optional(),
  status: PaymentStatus.optional(),
  amount: PaymentAmount.optional(),
  series: PaymentSeries.optional(),
  serie: PaymentSeries.optional(),
  type: PaymentType.optional(),
}

/** Rejects a body that gives `series` and `serie` with different values. */
export function seriesSpellingsAgree(
  body: { series?: string | undefined; serie?: string | undefined },
  ctx: z.RefinementCtx,
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
export const PaymentUpdate = z
  .object({
    hash: Hash,
    date: IsoDateTime,
    status: PaymentStatus,
    amount: PaymentAmount,
  })
  .meta({ id: 'PaymentUpdate' })

/** Output fields common to both kinds of payment (list output). */
export const paymentOutputFields = {
  id: z.number().int(),
  tokenAddress: z.string(),
  hash: z.string().optional(),
  date: z.string(),
  status: PaymentStatus,
  amount: z.number().optional(),
  serie: PaymentSeries.optional(),
  type: PaymentType.optional(),
}
