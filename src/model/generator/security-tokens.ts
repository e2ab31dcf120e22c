/** The security tokens of a generated world: FIDC funds with one to three series, managed by the first users. */
import { PaymentSeries } from '../../contract/payment-fields.ts'
import { toIsoDay } from '../../domain/calendar.ts'
import type { SecurityTokenRecord, UserRecord } from '../records.ts'
import { SIGNATURE_HEX_DIGITS } from './hex-text.ts'
import { DAY_MS, type WorldDraws } from './world-draws.ts'

const SEGMENTS = ['Agronegócio', 'Imobiliário', 'Varejo', 'Energia', 'Saúde']
/** Per series, in order (a token has one to three): the series a payment may name, as the contract lists them. */
const SERIES_NAMES = PaymentSeries.options
/** Each series' collection type and account remuneration, by its name (a series the contract adds must be given here). */
const SERIES_TERMS: Readonly<
  Record<(typeof SERIES_NAMES)[number], { readonly collectionType: string; readonly accountRemuneration: number }>
> = {
  SENIOR: { collectionType: 'SENIOR', accountRemuneration: 1.1 },
  MEZANINO: { collectionType: 'MEZZANINE', accountRemuneration: 1.4 },
  SUBORDINADA: { collectionType: 'SUBORDINATED', accountRemuneration: 1.9 },
}
const QUOTA_PRICE = 1000

/** The first token was created this many days from now (negative: before it), each next one a day later. */
const FIRST_CREATED_DAY = -300
/** One token in EXPIRED_EVERY has expired, EXPIRED_DAY days from now; the others expire in a whole number of years… */
const EXPIRED_EVERY = 3
const EXPIRED_DAY = -30
/** …from MIN_TERM_YEARS, in turn, up to MIN_TERM_YEARS + TERM_YEAR_CHOICES - 1. */
const MIN_TERM_YEARS = 2
const TERM_YEAR_CHOICES = 4
const YEAR_DAYS = 365
/** One token in CLOSED_EMISSION_EVERY closed its emission CLOSED_EMISSION_DAY days from now; the others close it later… */
const CLOSED_EMISSION_EVERY = 5
const CLOSED_EMISSION_DAY = -10
/** …the first OPEN_EMISSION_FIRST_DAY days from now, each next one a day later. */
const OPEN_EMISSION_FIRST_DAY = 60

/** The days (from now) of token `i`'s dates: what the draws use, and the bounds below. */
const createdDay = (i: number) => FIRST_CREATED_DAY + i
const termDays = (i: number) => YEAR_DAYS * (MIN_TERM_YEARS + (i % TERM_YEAR_CHOICES))
const openEmissionEndDay = (i: number) => OPEN_EMISSION_FIRST_DAY + i

/** How far security tokens' dates reach before now, in days. */
export const SECURITY_TOKEN_DAYS_BEFORE = -Math.min(createdDay(0), EXPIRED_DAY, CLOSED_EMISSION_DAY)

/** How far the dates of `count` security tokens reach after now, in days. */
export const securityTokenDaysAfter = (count: number) =>
  Math.max(termDays(TERM_YEAR_CHOICES - 1), createdDay(count - 1), openEmissionEndDay(count - 1))

export function generateSecurityTokens(
  draw: WorldDraws,
  options: { count: number; users: readonly UserRecord[]; adminAddress: string },
): SecurityTokenRecord[] {
  const { faker, now } = draw
  const day = (offsetDays: number) => toIsoDay(new Date(now.getTime() + offsetDays * DAY_MS))
  return Array.from({ length: options.count }, (_, i) => {
    const seriesCount = 1 + (i % SERIES_NAMES.length)
    const vaultAddresses = Array.from({ length: seriesCount }, () => draw.address())
    const emissionAmount = draw.int(10, 200) * 100_000
    const expired = i % EXPIRED_EVERY === EXPIRED_EVERY - 1
    const maxExpirationDate = day(expired ? EXPIRED_DAY : termDays(i))
    const symbol = `ST${faker.string.alpha({ length: 4, casing: 'upper' })}`
    const segment = draw.pick(SEGMENTS)
    return {
      contractAddress: draw.address(),
      managerAddress: options.users[i % options.users.length]!.walletAddress,
      managerSignature: draw.hex(SIGNATURE_HEX_DIGITS),
      adminAddress: options.adminAddress,
      vaultAddresses,
      instrument: 'FIDC',
      segment,
      concentration: draw.pick(['Pulverizada', 'Concentrada']),
      totalInvestmentAmount: Math.round(emissionAmount * faker.number.float({ min: 0.1, max: 0.9, fractionDigits: 2 })),
      createdAt: draw.iso(createdDay(i)),
      expirationDate: maxExpirationDate,
      tokenName: `FIDC ${segment} ${symbol}`,
      symbol,
      emissionAmount,
      maxExpirationDate,
      emissionEndDate: day(i % CLOSED_EMISSION_EVERY === 1 ? CLOSED_EMISSION_DAY : openEmissionEndDay(i)),
      acceptedRebatePercentage: draw.int(0, 10),
      series: vaultAddresses.map((vault, s) => {
        const seriesAmount = Math.round(emissionAmount / seriesCount)
        const name = SERIES_NAMES[s]!
        return {
          name,
          collectionType: SERIES_TERMS[name].collectionType,
          vault,
          numberOfQuotas: seriesAmount / QUOTA_PRICE,
          seriesAmount,
          unitPrice: QUOTA_PRICE,
          percentageIssuance: Math.round(100 / seriesCount),
          accountRemuneration: SERIES_TERMS[name].accountRemuneration,
          gracePeriod: s,
          paymentPeriodicity: 1,
          interestPaymentSchedule: s + 1,
          amortizationSchedule: s + 1,
        }
      }),
    }
  })
}
