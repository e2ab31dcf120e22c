/**
 * Security tokens: what a client sends to create one (with its series) and to update one.
 */
import * as z from 'zod'
import { DateOrDateTime, DecimalString, MAX_MONEY, thousands } from './formats.ts'

/** A free text a client may give (instrument, segment, concentration), with an example. */
const givenText = (example: string) =>
  z
    .string()
    .max(200)
    .optional()
    .meta({ examples: [example] })

/** Series as the creation input carries it: every field a string; numeric ones hold decimals. */
export const SeriesInput = z.lazy(() =>
  z
    .object({
      name: z
        .string()
        .min(1)
        .max(100)
        .optional()
        .meta({ examples: ['SENIOR'] }),
      type: z
        .string()
        .max(100)
        .optional()
        .meta({ examples: ['SENIOR'] }),
      emissionPercentage: DecimalString.optional(),
      remuneration: DecimalString.optional(),
      seriesAmount: DecimalString.optional(),
      sharesAmount: DecimalString.optional(),
      unitPrice: DecimalString.optional(),
      interestMonthLack: DecimalString.optional(),
      interestPaymentPeriodicity: DecimalString.optional(),
      interestAllocationOrder: DecimalString.optional(),
      amortizationPaymentPeriodicity: DecimalString.optional(),
      amortizationAllocationOrder: DecimalString.optional(),
    })
    .meta({ id: 'SeriesInput' }),
)
export type SeriesInput = z.infer<typeof SeriesInput>

export const SecurityTokenInput = z.lazy(() =>
  z
    .object({
      data: z.object({
        instrument: givenText('FIDC'),
        segment: givenText('Agronegócio'),
        concentration: givenText('Pulverizada'),
        emissionAmount: DecimalString.optional(),
        emissionEndDate: DateOrDateTime.optional(),
        maxExpirationDate: DateOrDateTime.optional(),
        maxAcquisitionPrice: DecimalString.optional(),
        series: z.array(SeriesInput).max(20).optional(),
      }),
    })
    .meta({
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
        .string()
        .min(1)
        .max(200)
        .optional()
        .meta({ examples: ['FIDC Agronegócio STNYJU'] }),
      symbol: z
        .string()
        .min(1)
        .max(20)
        .optional()
        .meta({ examples: ['STNYJU'] }),
      expirationDate: DateOrDateTime.optional(),
      maxExpirationDate: DateOrDateTime.optional(),
      emissionEndDate: DateOrDateTime.optional(),
      acceptedRebatePercentage: z
        .number()
        .finite()
        .min(0)
        .max(100)
        .optional()
        .meta({ examples: [5] }),
      /** An investment to add to totalInvestmentAmount. */
      investmentAmount: z
        .number()
        .finite()
        .positive()
        .max(MAX_MONEY, { error: `must be at most ${thousands(MAX_MONEY)}` })
        .optional()
        .meta({ description: 'an investment, in reais, to add to totalInvestmentAmount', examples: [50000] }),
    })
    .meta({
      id: 'SecurityTokenUpdate',
      description:
        'Every field is optional; the fields given replace the stored ones, investmentAmount adds to the total.',
      examples: [{ tokenName: 'FIDC Agro 2026', acceptedRebatePercentage: 5, investmentAmount: 50000 }],
    }),
)
export type SecurityTokenUpdate = z.infer<typeof SecurityTokenUpdate>
