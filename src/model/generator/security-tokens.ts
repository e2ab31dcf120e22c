/**
 * The security tokens of a generated world: FIDC funds with one to three series, each with its
 * vault, managed by the first users (the managers); every third one has expired, some have closed their emission.
 */
import { toIsoDay } from '../../domain/calendar.ts'
import type { SecurityTokenRecord, UserRecord } from '../records.ts'
import { SIGNATURE_HEX_DIGITS } from './hex-text.ts'
import { DAY_MS, type WorldDraws } from './world-draws.ts'

const SEGMENTS = ['Agronegócio', 'Imobiliário', 'Varejo', 'Energia', 'Saúde']
/** Per series, in order (a token has one to three). */
const SERIES_NAMES = ['SENIOR', 'MEZANINO', 'SUBORDINADA'] as const
const COLLECTION_TYPES = ['SENIOR', 'MEZZANINE', 'SUBORDINATED'] as const
const ACCOUNT_REMUNERATIONS = [1.1, 1.4, 1.9] as const
/** The price of one quota of a series. */
const QUOTA_PRICE = 1000

/** How far security tokens' dates reach before now, in days (the first was created 300 days ago). */
export const SECURITY_TOKEN_DAYS_BEFORE = 300

/** How far the dates of `count` security tokens reach after now, in days (expiry in up to 5 years, emission ends). */
export const securityTokenDaysAfter = (count: number) => Math.max(5 * 365, 60 + count - 1)

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
    const expired = i % 3 === 2
    const maxExpirationDate = day(expired ? -30 : 365 * (2 + (i % 4)))
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
      createdAt: draw.iso(-300 + i),
      expirationDate: maxExpirationDate,
      tokenName: `FIDC ${segment} ${symbol}`,
      symbol,
      emissionAmount,
      maxExpirationDate,
      emissionEndDate: day(i % 5 === 1 ? -10 : 60 + i),
      acceptedRebatePercentage: draw.int(0, 10),
      series: vaultAddresses.map((vault, s) => {
        const seriesAmount = Math.round(emissionAmount / seriesCount)
        return {
          name: SERIES_NAMES[s]!,
          collectionType: COLLECTION_TYPES[s]!,
          vault,
          numberOfQuotas: seriesAmount / QUOTA_PRICE,
          seriesAmount,
          unitPrice: QUOTA_PRICE,
          percentageIssuance: Math.round(100 / seriesCount),
          accountRemuneration: ACCOUNT_REMUNERATIONS[s]!,
          gracePeriod: s,
          paymentPeriodicity: 1,
          interestPaymentSchedule: s + 1,
          amortizationSchedule: s + 1,
        }
      }),
    }
  })
}
