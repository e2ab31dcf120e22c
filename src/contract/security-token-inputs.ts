/** Security tokens: what a client sends to create one (with its series) and to update one. */
import * as z from 'zod/mini'
import { DateOrDateTime, DecimalString, MAX_MONEY, thousands } from './formats.ts'

/** A free text a client may give (instrument, segment, concentration), with an example. */
const givenText = (example: string) =>
  z
    .optional(z.string().check(z.maxLength(200)))
    .clone()
    .register(z.globalRegistry, { examples: [example] })

/** Series as the creation input carries it: every field a string; numeric ones hold decimals. */
export const SeriesInput = z.lazy(() =>
  z
    .object({
      name: z
        .optional(z.string().check(z.minLength(1), z.maxLength(100)))
        .clone()
        .register(z.globalRegistry, { examples: ['SENIOR'] }),
      type: z
        .optional(z.string().check(z.maxLength(100)))
        .clone()
        .register(z.globalRegistry, { examples: ['SENIOR'] }),
      emissionPercentage: z.optional(DecimalString),
      remuneration: z.optional(DecimalString),
      seriesAmount: z.optional(DecimalString),
      sharesAmount: z.optional(DecimalString),
      unitPrice: z.optional(DecimalString),
      interestMonthLack: z.optional(DecimalString),
      interestPaymentPeriodicity: z.optional(DecimalString),
      interestAllocationOrder: z.optional(DecimalString),
      amortizationPaymentPeriodicity: z.optional(DecimalString),
      amortizationAllocationOrder: z.optional(DecimalString),
    })
    .register(z.globalRegistry, { id: 'SeriesInput' }),
)
export type SeriesInput = z.infer<typeof SeriesInput>

export const SecurityTokenInput = z.lazy(() =>
  z
    .object({
      data: z.object({
        instrument: givenText('FIDC'),
        segment: givenText('Agronegócio'),
        concentration: givenText('Pulverizada'),
        emissionAmount: z.optional(DecimalString),
        emissionEndDate: z.optional(DateOrDateTime),
        maxExpirationDate: z.optional(DateOrDateTime),
        maxAcquisitionPrice: z.optional(DecimalString),
        series: z.optional(z.array(SeriesInput).check(z.maxLength(20))),
      }),
    })
    .register(z.globalRegistry, {
      id: 'SecurityTokenInput',
      examples: [
        {
          data: {
            instrument: 'FIDC',
            segment: 'Agronegócio',
            concentration: 'Pulverizada',
            emissionEndDate: '2026-06-01',
            maxExpirationDate: '2029-03-01',
            series: [
              {
                name: 'SENIOR',
                type: 'SENIOR',
                emissionPercentage: '100',
                remuneration: '1.1',
                seriesAmount: '15500000',
                sharesAmount: '15500',
                unitPrice: '1000',
                interestMonthLack: '0',
                interestPaymentPeriodicity: '1',
                interestAllocationOrder: '1',
                amortizationPaymentPeriodicity: '1',
                amortizationAllocationOrder: '1',
              },
            ],
          },
        },
      ],
    }),
)
export type SecurityTokenInput = z.infer<typeof SecurityTokenInput>

/** PUT body: the spec leaves the fields open; these are the editable ones (all optional). */
export const SecurityTokenUpdate = z.lazy(() =>
  z
    .object({
      instrument: givenText('FIDC'),
      segment: givenText('Imobiliário'),
      concentration: givenText('Concentrada'),
      tokenName: z
        .optional(z.string().check(z.minLength(1), z.maxLength(200)))
        .clone()
        .register(z.globalRegistry, { examples: ['FIDC Agronegócio STNYJU'] }),
      symbol: z
        .optional(z.string().check(z.minLength(1), z.maxLength(20)))
        .clone()
        .register(z.globalRegistry, { examples: ['STNYJU'] }),
      expirationDate: z.optional(DateOrDateTime),
      maxExpirationDate: z.optional(DateOrDateTime),
      emissionEndDate: z.optional(DateOrDateTime),
      acceptedRebatePercentage: z
        .optional(z.number().check(z.gte(0), z.lte(100)))
        .clone()
        .register(z.globalRegistry, { examples: [5] }),
      /** An investment to add to totalInvestmentAmount. */
      investmentAmount: z
        .optional(
          z.number().check(z.positive(), z.lte(MAX_MONEY, { error: `must be at most ${thousands(MAX_MONEY)}` })),
        )
        .clone()
        .register(z.globalRegistry, {
          description: 'an investment, in reais, to add to totalInvestmentAmount',
          examples: [50000],
        }),
    })
    .register(z.globalRegistry, {
      id: 'SecurityTokenUpdate',
      description:
        'Every field is optional; the fields given replace the stored ones, investmentAmount adds to the total.',
      examples: [{ tokenName: 'FIDC Agro 2026', acceptedRebatePercentage: 5, investmentAmount: 50000 }],
    }),
)
export type SecurityTokenUpdate = z.infer<typeof SecurityTokenUpdate>
