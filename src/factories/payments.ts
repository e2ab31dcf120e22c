/** The payments factories; ids are assigned when the records are stored, as the API assigns them. */
import { PaymentSeries, PaymentType } from '../contract/payment-fields.ts'
import { DEFAULT_PAYMENT_STATUS } from '../domain/payment-status.ts'
import type { InvestorPaymentRecord, ManagerPaymentRecord, SecurityTokenRecord } from '../model/records.ts'
import { instantFrom, int, pick } from './draws.ts'
import { FactoryError, linked } from './factory-error.ts'
import type { InvestorPaymentOverrides, ManagerPaymentOverrides } from './overrides.ts'
import type { RecordBatch } from './record-batch.ts'
import { createSecurityToken } from './security-tokens.ts'
import { createUser } from './users.ts'

/** What the payments of one call share when their overrides leave them out: one security token, one investor. */
export interface PaymentLinks {
  securityToken?: SecurityTokenRecord
  investor?: string
}

/** A payment is dated up to this many days before the clock's now. */
const MAX_PAYMENT_AGE_DAYS = 60

function securityTokenOf(batch: RecordBatch, links: PaymentLinks, given: string | undefined): SecurityTokenRecord {
  if (given === undefined)
    return (links.securityToken ??= linked('overrides.tokenAddress', 'a security token', () =>
      createSecurityToken(batch, {}),
    ))
  const token = batch.get('securityTokens', given)
  if (token === undefined)
    throw FactoryError.of('overrides.tokenAddress', `must name a security token of this world, got "${given}"`)
  return token
}

/** The fields both kinds share, drawn where the overrides leave them out, in the stored order. */
function paymentFields(
  batch: RecordBatch,
  token: SecurityTokenRecord,
  overrides: ManagerPaymentOverrides | InvestorPaymentOverrides,
  amount: () => number,
) {
  const { random, now } = batch
  const status = overrides.status ?? DEFAULT_PAYMENT_STATUS
  const hash = overrides.hash ?? (status === 'PAID' ? random.hash() : undefined)
  const series = token.series.map((s) => s.name).filter((name) => PaymentSeries.safeParse(name).success)
  const serie = overrides.serie ?? (series.length > 0 ? PaymentSeries.parse(pick(random, series)) : undefined)
  return {
    tokenAddress: token.contractAddress,
    ...(hash !== undefined && { hash }),
    date: overrides.date ?? instantFrom(now, -int(random, 0, MAX_PAYMENT_AGE_DAYS), 'overrides.date').toISOString(),
    status,
    amount: overrides.amount ?? amount(),
    ...(serie !== undefined && { serie }),
    type: overrides.type ?? pick(random, PaymentType.options),
  }
}

export function createManagerPayment(
  batch: RecordBatch,
  overrides: ManagerPaymentOverrides,
  links: PaymentLinks,
): ManagerPaymentRecord {
  const token = securityTokenOf(batch, links, overrides.tokenAddress)
  const { random } = batch
  return batch.add('managerPayments', {
    id: 0, // assigned when stored
    managerAddress: overrides.managerAddress ?? token.managerAddress,
    ...paymentFields(batch, token, overrides, () => int(random, 5, 80) * 1000),
  })
}

export function createInvestorPayment(
  batch: RecordBatch,
  overrides: InvestorPaymentOverrides,
  links: PaymentLinks,
): InvestorPaymentRecord {
  const token = securityTokenOf(batch, links, overrides.tokenAddress)
  const { random } = batch
  const investorAddress =
    overrides.investorAddress ??
    (links.investor ??= linked('overrides.investorAddress', 'an investor', () => createUser(batch, {}).walletAddress))
  return batch.add('investorPayments', {
    id: 0, // assigned when stored
    investorAddress,
    ...paymentFields(batch, token, overrides, () => int(random, 1, 40) * 500),
  })
}
