/** The payments of a generated world: per security token, a monthly run, every one paid but the last. */
import { PaymentSeries } from '../../contract/payment-fields.ts'
import type { InvestorPaymentRecord, ManagerPaymentRecord, SecurityTokenRecord, UserRecord } from '../records.ts'
import { HASH_HEX_DIGITS } from './hex-text.ts'
import type { WorldDraws } from './world-draws.ts'

/** A token's first manager payment is dated this many days from now (negative: before it)… */
const MANAGER_PAYMENT_FIRST_DAY = -90
/** …and its first investor payment this many. */
const INVESTOR_PAYMENT_FIRST_DAY = -60
/** Each next payment of a token comes this many days after the one before. */
const PAYMENT_STEP_DAYS = 30

/** The day (from now) of payment `p` of security token `t`, each token's run a day after the previous one's. */
const paymentDay = (firstDay: number, p: number, t: number) => firstDay + p * PAYMENT_STEP_DAYS + t

/** How far payments' dates reach before now, in days. */
export const PAYMENT_DAYS_BEFORE = -paymentDay(Math.min(MANAGER_PAYMENT_FIRST_DAY, INVESTOR_PAYMENT_FIRST_DAY), 0, 0)

/** How far the dates of `perToken` payments for each of `tokens` security tokens reach after now, in days. */
export const paymentDaysAfter = (perToken: number, tokens: number) =>
  Math.max(0, paymentDay(Math.max(MANAGER_PAYMENT_FIRST_DAY, INVESTOR_PAYMENT_FIRST_DAY), perToken - 1, tokens - 1))

export function generatePayments(
  draw: WorldDraws,
  options: { perToken: number; securityTokens: readonly SecurityTokenRecord[]; investors: readonly UserRecord[] },
): { managerPayments: ManagerPaymentRecord[]; investorPayments: InvestorPaymentRecord[] } {
  const { perToken, investors } = options
  const managerPayments: ManagerPaymentRecord[] = []
  const investorPayments: InvestorPaymentRecord[] = []
  options.securityTokens.forEach((token, t) => {
    for (let p = 0; p < perToken; p++) {
      const paid = p < perToken - 1
      managerPayments.push({
        id: managerPayments.length + 1,
        managerAddress: token.managerAddress,
        tokenAddress: token.contractAddress,
        ...(paid && { hash: draw.hex(HASH_HEX_DIGITS) }),
        date: draw.iso(paymentDay(MANAGER_PAYMENT_FIRST_DAY, p, t)),
        status: paid ? 'PAID' : 'PENDING',
        amount: draw.int(5, 80) * 1000,
        serie: PaymentSeries.parse(token.series[p % token.series.length]!.name),
        type: p % 2 === 0 ? 'AMORTIZACAO' : 'JUROS',
      })
      const investor = investors[(t + p) % investors.length]!
      investorPayments.push({
        id: investorPayments.length + 1,
        investorAddress: investor.walletAddress,
        tokenAddress: token.contractAddress,
        ...(paid && { hash: draw.hex(HASH_HEX_DIGITS) }),
        date: draw.iso(paymentDay(INVESTOR_PAYMENT_FIRST_DAY, p, t)),
        status: paid ? 'PAID' : 'PENDING',
        amount: draw.int(1, 40) * 500,
        serie: PaymentSeries.parse(token.series[0]!.name),
        type: p % 2 === 0 ? 'JUROS' : 'AMORTIZACAO',
      })
    }
  })
  return { managerPayments, investorPayments }
}
