/** The security tokens factory: a FIDC fund like the generated world's, open on the marketplace. */
import type { SecurityTokenRecord } from '../model/records.ts'
import { int, pick } from './draws.ts'
import { FactoryError, linked } from './factory-error.ts'
import type { SecurityTokenOverrides } from './overrides.ts'
import type { RecordBatch } from './record-batch.ts'
import { securityTokenDates } from './security-token-dates.ts'
import { createUser } from './users.ts'

const SEGMENTS = ['Agronegócio', 'Imobiliário', 'Varejo', 'Energia', 'Saúde']
/** Per series, in order; a fourth and later series are named after their place. */
const SERIES_NAMES = ['SENIOR', 'MEZANINO', 'SUBORDINADA']
const COLLECTION_TYPES = ['SENIOR', 'MEZZANINE', 'SUBORDINATED']
const ACCOUNT_REMUNERATIONS = [1.1, 1.4, 1.9]
const QUOTA_PRICE = 1000

type Series = SecurityTokenRecord['series'][number]

export function createSecurityToken(batch: RecordBatch, overrides: SecurityTokenOverrides): SecurityTokenRecord {
  const { random, now } = batch
  if (overrides.contractAddress !== undefined && batch.has('securityTokens', overrides.contractAddress)) {
    throw FactoryError.of(
      'overrides.contractAddress',
      `must be a new contract address: security token ${overrides.contractAddress} exists`,
    )
  }
  const contractAddress =
    overrides.contractAddress ??
    batch.drawNew('a security token address', random.address, (address) => !batch.has('securityTokens', address))
  const managerAddress =
    overrides.managerAddress ??
    linked('overrides.managerAddress', 'a manager', () => createUser(batch, {}, ['manager']).walletAddress)
  const seriesCount = overrides.series?.length ?? int(random, 1, SERIES_NAMES.length)
  const given = overrides.series ?? []
  const emissionAmount =
    overrides.emissionAmount ??
    (given.length > 0 && given.every((series) => series.seriesAmount !== undefined)
      ? given.reduce((sum, series) => sum + series.seriesAmount!, 0)
      : int(random, 10, 200) * 100_000)
  const series = Array.from({ length: seriesCount }, (_, s): Series => {
    const seriesAmount = given[s]?.seriesAmount ?? Math.round(emissionAmount / seriesCount)
    const drawn: Series = {
      name: SERIES_NAMES[s] ?? `SERIE ${s + 1}`,
      collectionType: COLLECTION_TYPES[s] ?? 'SUBORDINATED',
      vault: given[s]?.vault ?? random.address(),
      numberOfQuotas: Math.round(seriesAmount / QUOTA_PRICE),
      seriesAmount,
      unitPrice: QUOTA_PRICE,
      percentageIssuance: Math.round(100 / seriesCount),
      accountRemuneration: ACCOUNT_REMUNERATIONS[s] ?? 2,
      gracePeriod: s,
      paymentPeriodicity: 1,
      interestPaymentSchedule: s + 1,
      amortizationSchedule: s + 1,
    }
    return { ...drawn, ...given[s] }
  })
  const segment = overrides.segment ?? pick(random, SEGMENTS)
  const symbol = overrides.symbol ?? `ST${random.upperLetters(4)}`
  // Drawn in this order, as they always were; the dates from the days drawn here.
  const expiresIn = int(random, 2, 5) * 365
  const managerSignature = random.signature()
  const concentration = pick(random, ['Pulverizada', 'Concentrada'])
  const totalInvestmentAmount = Math.round((emissionAmount * int(random, 10, 90)) / 100)
  const daysAgo = overrides.createdAt === undefined ? int(random, 1, 300) : 0
  const emissionDays = overrides.emissionEndDate === undefined ? int(random, 60, 120) : 0
  const dates = securityTokenDates(now, overrides, { expiresIn, daysAgo, emissionDays })
  const token: SecurityTokenRecord = {
    contractAddress,
    managerAddress,
    managerSignature,
    concentration,
    totalInvestmentAmount,
    adminAddress: batch.world.model.world.platform.adminAddress,
    vaultAddresses: series.map((s) => s.vault),
    instrument: 'FIDC',
    segment,
    ...dates,
    tokenName: `FIDC ${segment} ${symbol}`,
    symbol,
    emissionAmount,
    acceptedRebatePercentage: int(random, 0, 10),
    series,
  }
  const { series: _series, ...fields } = overrides
  return batch.add('securityTokens', { ...token, ...fields, series })
}
