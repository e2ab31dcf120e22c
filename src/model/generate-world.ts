/**
 * Generates a coherent world from a seed: companies that lend and borrow again and again, security
 * tokens with series and vaults, debt tokens whose parcels follow the Price table and whose status
 * follows their parcels, signature contracts behind them, users with valid CPFs, and the managers'
 * and investors' payments. The committed fixtures were written by it (`npm run fixtures`), and
 * `--size n` builds larger worlds with it at start-up.
 */
import { Faker, base, en, pt_BR } from '@faker-js/faker'
import { addMonths, dayToUnixSeconds, toIsoDay } from '../domain/calendar.ts'
import { DebtTokenStatus, deriveDebtTokenStatus } from '../domain/debt-token-status.ts'
import { formatCents } from '../domain/money.ts'
import { installmentCents, lastDueDate, schedule } from '../domain/price-table.ts'
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '../domain/tax-ids.ts'
import type { PaymentFrequency } from '../contract/signature-contracts.ts'
import type {
  DebtTokenRecord,
  InvestorPaymentRecord,
  ManagerPaymentRecord,
  SecurityTokenRecord,
  SignatureContractRecord,
  UserRecord,
} from './records.ts'
import type { World } from './world.ts'

export interface GenerateOptions {
  seed: number
  /** Number of debt tokens; everything else scales with it. */
  debtTokens: number
  /** The instant the world is "now" at (statuses, paid parcels and dates are relative to it). */
  now: Date
}

const DAY_MS = 86_400_000

/** Fast seeded hexadecimal: 8 characters per draw instead of one. */
function hexer(faker: Faker) {
  return (length: number) => {
    let out = ''
    while (out.length < length) out += faker.number.int({ min: 0, max: 0xffffffff }).toString(16).padStart(8, '0')
    return `0x${out.slice(0, length)}`
  }
}

export function generateWorld(options: GenerateOptions): World {
  const faker = new Faker({ locale: [pt_BR, en, base] })
  faker.seed(options.seed)
  const hex = hexer(faker)
  const address = () => hex(40)
  const now = options.now
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString()
  const digits = (count: number) => Array.from({ length: count }, () => faker.number.int(9))
  const pick = <T>(items: readonly T[]) => items[faker.number.int(items.length - 1)]!

  const n = options.debtTokens
  const userCount = Math.max(6, Math.ceil(n / 20))
  const companyCount = Math.max(8, Math.ceil(n / 8))
  const securityTokenCount = Math.max(3, Math.ceil(n / 100))

  const platform = { adminAddress: address() }

  const users: UserRecord[] = Array.from({ length: userCount }, (_, i) => {
    const firstName = faker.person.firstName()
    const lastName = faker.person.lastName()
    const created = iso(-400 + i)
    const financialInvestments = faker.number.int({ min: 10, max: 3000 }) * 1000
    return {
      id: faker.string.uuid(),
      registerType: 'cpf',
      email: faker.internet.email({ firstName, lastName }).toLowerCase(),
      role: i < securityTokenCount ? ['manager'] : ['investor'],
      walletAddress: address(),
      annualGrossIncome: faker.number.int({ min: 40, max: 900 }) * 1000,
      financialInvestments,
      qualifiedInvestor: financialInvestments >= 1_000_000,
      created_at: created,
      updated_at: created,
      personalData: {
        id: faker.string.uuid(),
        fullName: `${firstName} ${lastName}`,
        cpf: formatCpf(completeCpf(digits(9))),
        rgOrDriverLicense: digits(9).join(''),
        phone: `+55 11 9${digits(4).join('')}-${digits(4).join('')}`,
        profession: faker.person.jobTitle(),
        birthDate: `${toIsoDay(faker.date.birthdate({ min: 21, max: 70, mode: 'age', refDate: now }))}T00:00:00.000Z`,
      },
      residentialAddress: {
        id: faker.string.uuid(),
        zipCode: `${digits(5).join('')}-${digits(3).join('')}`,
        address: faker.location.street(),
        number: String(faker.number.int({ min: 1, max: 3000 })),
        complement: i % 2 === 0 ? `Apto ${faker.number.int({ min: 11, max: 190 })}` : '',
        district: faker.location.county(),
        city: faker.location.city(),
        state: faker.location.state({ abbreviated: true }),
      },
    }
  })
  users[0]!.role = ['admin', 'manager']
  users[0]!.walletAddress = platform.adminAddress

  const companies = Array.from({ length: companyCount }, () => ({ wallet: address(), cnpj: formatCnpj(completeCnpj(digits(12))) }))
  const creditors = companies.slice(0, Math.max(3, Math.ceil(companyCount / 3)))
  const debtors = companies.slice(creditors.length)

  const segments = ['Agronegócio', 'Imobiliário', 'Varejo', 'Energia', 'Saúde']
  const securityTokens: SecurityTokenRecord[] = Array.from({ length: securityTokenCount }, (_, i) => {
    const seriesCount = 1 + (i % 3)
    const vaultAddresses = Array.from({ length: seriesCount }, () => address())
    const names = ['SENIOR', 'MEZANINO', 'SUBORDINADA']
    const emissionAmount = faker.number.int({ min: 10, max: 200 }) * 100_000
    const expired = i % 3 === 2
    const maxExpirationDate = toIsoDay(new Date(now.getTime() + (expired ? -30 : 365 * (2 + (i % 4))) * DAY_MS))
    const symbol = `ST${faker.string.alpha({ length: 4, casing: 'upper' })}`
    const segment = pick(segments)
    return {
      contractAddress: address(),
      managerAddress: users[i % userCount]!.walletAddress,
      managerSignature: hex(130),
      adminAddress: platform.adminAddress,
      vaultAddresses,
      instrument: 'FIDC',
      segment,
      concentration: pick(['Pulverizada', 'Concentrada']),
      totalInvestmentAmount: Math.round(emissionAmount * faker.number.float({ min: 0.1, max: 0.9, fractionDigits: 2 })),
      createdAt: iso(-300 + i),
      expirationDate: maxExpirationDate,
      tokenName: `FIDC ${segment} ${symbol}`,
      symbol,
      emissionAmount,
      maxExpirationDate,
      emissionEndDate: toIsoDay(new Date(now.getTime() + (i % 5 === 1 ? -10 : 60 + i) * DAY_MS)),
      acceptedRebatePercentage: faker.number.int({ min: 0, max: 10 }),
      series: vaultAddresses.map((vault, s) => {
        const seriesAmount = Math.round(emissionAmount / seriesCount)
        const unitPrice = 1000
        return {
          name: names[s]!,
          collectionType: s === 0 ? 'SENIOR' : s === 1 ? 'MEZZANINE' : 'SUBORDINATED',
          vault,
          numberOfQuotas: seriesAmount / unitPrice,
          seriesAmount,
          unitPrice,
          percentageIssuance: Math.round(100 / seriesCount),
          accountRemuneration: [1.1, 1.4, 1.9][s]!,
          gracePeriod: s,
          paymentPeriodicity: 1,
          interestPaymentSchedule: s + 1,
          amortizationSchedule: s + 1,
        }
      }),
    }
  })

  const frequencies: PaymentFrequency[] = ['monthly', 'monthly', 'monthly', 'quarterly', 'bimonthly']
  const debtTokens: DebtTokenRecord[] = []
  const signatureContracts: SignatureContractRecord[] = []
  for (let i = 0; i < n; i++) {
    const creditor = creditors[(i * 7) % creditors.length]!
    const debtor = debtors[(i * 5 + Math.floor(i / debtors.length)) % debtors.length]!
    const frequency = pick(frequencies)
    const installments = faker.number.int({ min: 3, max: 12 })
    const principalCents = faker.number.int({ min: 50, max: 5000 }) * 10_000
    const monthlyInterests = (faker.number.int({ min: 80, max: 250 }) / 100).toFixed(2)
    const signed = i % 10 !== 9
    const createdDaysAgo = signed ? faker.number.int({ min: 30, max: 360 }) : faker.number.int({ min: 1, max: 20 })
    const createdAt = new Date(now.getTime() - createdDaysAgo * DAY_MS)
    const firstInstallmentDueDate = addMonths(toIsoDay(createdAt), 1)
    const terms = { principalCents, installments, monthlyRate: Number(monthlyInterests) / 100, frequency, firstDueDate: firstInstallmentDueDate }
    const lateDebtor = i % 6 === 5
    const parcels = schedule(terms).map((row) => {
      const dueDate = dayToUnixSeconds(row.dueDate)
      const isPaid = signed && dueDate < nowSeconds && !(lateDebtor && dueDate > nowSeconds - 45 * 86_400)
      return {
        amount: row.amountCents,
        dueDate,
        id: faker.string.uuid(),
        isPaid,
        paymentHash: isPaid ? hex(64) : '',
        parcelId: row.number,
        currentAmount: formatCents(row.amountCents),
        currentJuros: formatCents(row.interestCents),
        juros: formatCents(row.interestCents),
      }
    })
    const listed = signed && i % 4 === 1
    const status = deriveDebtTokenStatus({ signed, listed, parcels, now: nowSeconds })
    const owedCents = parcels.reduce((sum, parcel) => sum + (parcel.isPaid ? 0 : parcel.amount), 0)
    const paidCents = parcels.reduce((sum, parcel) => sum + (parcel.isPaid ? parcel.amount : 0), 0)
    const contractAddress = address()
    const tokenAddress = address()
    const lastInstallmentDueDate = lastDueDate(terms)
    signatureContracts.push({
      creditorWalletAddress: creditor.wallet,
      creditorId: creditor.cnpj,
      debtorWalletAddress: debtor.wallet,
      debtorId: debtor.cnpj,
      type: 'legalPerson',
      debtTotalValue: formatCents(principalCents),
      installments: String(installments),
      firstInstallmentDueDate,
      lastInstallmentDueDate,
      periodicity: frequency,
      monthlyInterests,
      installmentValue: formatCents(installmentCents(terms)),
      signatureContractAddress: contractAddress,
    })
    debtTokens.push({
      address: tokenAddress,
      amount: formatCents(owedCents),
      createdAt: createdAt.toISOString(),
      creditorAddress: creditor.wallet,
      creditorId: creditor.cnpj,
      creditorSignature: signed ? hex(130) : '',
      debtorAddress: debtor.wallet,
      debtorId: debtor.cnpj,
      debtorSignature: signed ? hex(130) : '',
      listingPrice: formatCents(status === DebtTokenStatus.Listed ? Math.round(owedCents * 0.95) : owedCents),
      monthlyInterestRate: monthlyInterests,
      originalAmount: formatCents(principalCents),
      originalCreditor: creditor.wallet,
      parcels,
      periodicity: frequency,
      status,
      unixtime: String(Math.floor(createdAt.getTime() / 1000)),
      lastInstallmentDueDate,
      amountPaidInstallments: formatCents(paidCents),
      securityTokenAddress: signed ? securityTokens[i % securityTokenCount]!.contractAddress : null,
    })
  }

  const managerPayments: ManagerPaymentRecord[] = []
  const investorPayments: InvestorPaymentRecord[] = []
  const investors = users.filter((user) => user.role.includes('investor'))
  const paymentsPerToken = Math.max(2, Math.ceil(n / securityTokenCount / 10))
  securityTokens.forEach((token, t) => {
    for (let p = 0; p < paymentsPerToken; p++) {
      const paid = p < paymentsPerToken - 1
      managerPayments.push({
        id: managerPayments.length + 1,
        managerAddress: token.managerAddress,
        tokenAddress: token.contractAddress,
        ...(paid && { hash: hex(64) }),
        date: iso(-90 + p * 30 + t),
        status: paid ? 'PAID' : 'PENDING',
        amount: faker.number.int({ min: 5, max: 80 }) * 1000,
        serie: token.series[p % token.series.length]!.name as 'SENIOR',
        type: p % 2 === 0 ? 'AMORTIZACAO' : 'JUROS',
      })
      const investor = investors[(t + p) % investors.length]!
      investorPayments.push({
        id: investorPayments.length + 1,
        investorAddress: investor.walletAddress,
        tokenAddress: token.contractAddress,
        ...(paid && { hash: hex(64) }),
        date: iso(-60 + p * 30 + t),
        status: paid ? 'PAID' : 'PENDING',
        amount: faker.number.int({ min: 1, max: 40 }) * 500,
        serie: token.series[0]!.name as 'SENIOR',
        type: p % 2 === 0 ? 'JUROS' : 'AMORTIZACAO',
      })
    }
  })

  return { platform, users, securityTokens, debtTokens, signatureContracts, managerPayments, investorPayments }
}
