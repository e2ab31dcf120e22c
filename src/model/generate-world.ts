/**
 * Generates a coherent world from a seed: companies that lend and borrow again and again, security
 * tokens with series and vaults, debt tokens whose parcels follow the Price table and whose status
 * follows their parcels, signature contracts behind them, users with valid CPFs, and the managers'
 * and investors' payments. The committed fixtures were written by it (`npm run fixtures`), and
 * `--size n` builds larger worlds with it at start-up.
 */
import { Faker, base, en, generateMersenne53Randomizer, pt_BR } from '@faker-js/faker'
import { addMonths, dayToUnixSeconds, toIsoDay } from '../domain/calendar.ts'
import { DebtTokenStatus, deriveDebtTokenStatus } from '../domain/debt-token-status.ts'
import { formatCents } from '../domain/money.ts'
import { MONTHS_PER_PERIOD, installmentCents, periodRate } from '../domain/price-table.ts'
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

/**
 * The hot draws of the generator, taken straight from faker's seeded randomizer with faker's own
 * arithmetic (`number.int`, `number.hex`, `string.uuid`), so they yield exactly the values faker
 * would, at a fraction of the cost. Strings are built flat from character codes: concatenating
 * them piece by piece would leave rope (cons) strings that cost 4-5x their length in memory,
 * which at 100k debt tokens is hundreds of megabytes.
 */
function drawer(next: () => number) {
  const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
  /** Character-code buffers by string length; their lengths never change, which keeps them fast. */
  const buffers = new Map<number, number[]>()
  const buffer = (length: number) => {
    let codes = buffers.get(length)
    if (codes === undefined) buffers.set(length, (codes = new Array<number>(length).fill(0)))
    return codes
  }
  const UUID_TEMPLATE = Array.from('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', (c) => c.charCodeAt(0))
  const uuidCodes = [...UUID_TEMPLATE]
  /** faker.number.int({ min, max }) */
  const int = (min: number, max: number) => Math.floor(next() * (max - min + 1) + min)
  return {
    int,
    /** `0x` and `length` hexadecimal characters, 8 per draw, as `faker.number.int({ max: 0xffffffff })` gave them. */
    hex(length: number): string {
      const codes = buffer(length + 2)
      codes[0] = 48 // 0
      codes[1] = 120 // x
      for (let i = 0; i < length; i += 8) {
        let value = Math.floor(next() * 4294967296)
        for (let j = 7; j >= 0; j--) {
          if (i + j < length) codes[2 + i + j] = HEX[value & 15]!
          value >>>= 4
        }
      }
      return String.fromCharCode.apply(null, codes)
    },
    /** faker.string.uuid(): the 30 `x` of xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx left to right, then `y`. */
    uuid(): string {
      const codes = uuidCodes
      for (let i = 0; i < 36; i++) if (UUID_TEMPLATE[i] === 120) codes[i] = HEX[Math.floor(next() * 16)]!
      codes[19] = HEX[Math.floor(next() * 4 + 8)]!
      return String.fromCharCode.apply(null, codes)
    },
  }
}

/** Memoizes a function of one key. */
function memo<K, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new Map<K, V>()
  return (key) => {
    let value = cache.get(key)
    if (value === undefined) cache.set(key, (value = compute(key)))
    return value
  }
}

export function generateWorld(options: GenerateOptions): World {
  const randomizer = generateMersenne53Randomizer()
  const faker = new Faker({ locale: [pt_BR, en, base], randomizer })
  faker.seed(options.seed)
  const draw = drawer(() => randomizer.next())
  const hex = draw.hex
  const address = () => hex(40)
  const now = options.now
  const nowSeconds = Math.floor(now.getTime() / 1000)
  const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString()
  const digits = (count: number) => Array.from({ length: count }, () => draw.int(0, 9))
  const pick = <T>(items: readonly T[]) => items[draw.int(0, items.length - 1)]!

  const n = options.debtTokens
  const userCount = Math.max(6, Math.ceil(n / 20))
  const companyCount = Math.max(8, Math.ceil(n / 8))
  const securityTokenCount = Math.max(3, Math.ceil(n / 100))

  const platform = { adminAddress: address() }

  const users: UserRecord[] = Array.from({ length: userCount }, (_, i) => {
    const firstName = faker.person.firstName()
    const lastName = faker.person.lastName()
    const created = iso(-400 + i)
    const financialInvestments = draw.int(10, 3000) * 1000
    return {
      id: draw.uuid(),
      registerType: 'cpf',
      email: faker.internet.email({ firstName, lastName }).toLowerCase(),
      role: i < securityTokenCount ? ['manager'] : ['investor'],
      walletAddress: address(),
      annualGrossIncome: draw.int(40, 900) * 1000,
      financialInvestments,
      qualifiedInvestor: financialInvestments >= 1_000_000,
      created_at: created,
      updated_at: created,
      personalData: {
        id: draw.uuid(),
        fullName: `${firstName} ${lastName}`,
        cpf: formatCpf(completeCpf(digits(9))),
        rgOrDriverLicense: digits(9).join(''),
        phone: `+55 11 9${digits(4).join('')}-${digits(4).join('')}`,
        profession: faker.person.jobTitle(),
        birthDate: `${toIsoDay(faker.date.birthdate({ min: 21, max: 70, mode: 'age', refDate: now }))}T00:00:00.000Z`,
      },
      residentialAddress: {
        id: draw.uuid(),
        zipCode: `${digits(5).join('')}-${digits(3).join('')}`,
        address: faker.location.street(),
        number: String(draw.int(1, 3000)),
        complement: i % 2 === 0 ? `Apto ${draw.int(11, 190)}` : '',
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
    const emissionAmount = draw.int(10, 200) * 100_000
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
      acceptedRebatePercentage: draw.int(0, 10),
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
  /** What depends only on how many days ago a token was created (at most 360 values): shared strings. */
  const createdOn = memo((daysAgo: number) => {
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS)
    return {
      createdAt: createdAt.toISOString(),
      unixtime: String(Math.floor(createdAt.getTime() / 1000)),
      firstInstallmentDueDate: addMonths(toIsoDay(createdAt), 1),
    }
  })
  /** Due dates of the Price table's rows (domain/price-table `schedule`), by creation day and months per period. */
  const dueDatesOf = memo((key: number) => {
    const firstDueDate = createdOn(Math.floor(key / 16)).firstInstallmentDueDate
    return Array.from({ length: 12 }, (_, k) => {
      const day = addMonths(firstDueDate, k * (key % 16))
      return { day, seconds: dayToUnixSeconds(day) }
    })
  })
  const rateOf = memo((hundredths: number) => (hundredths / 100).toFixed(2))
  const cents = memo(formatCents)

  for (let i = 0; i < n; i++) {
    const creditor = creditors[(i * 7) % creditors.length]!
    const debtor = debtors[(i * 5 + Math.floor(i / debtors.length)) % debtors.length]!
    const frequency = pick(frequencies)
    const installments = draw.int(3, 12)
    const principalCents = draw.int(50, 5000) * 10_000
    const monthlyInterests = rateOf(draw.int(80, 250))
    const signed = i % 10 !== 9
    const createdDaysAgo = signed ? draw.int(30, 360) : draw.int(1, 20)
    const created = createdOn(createdDaysAgo)
    const firstInstallmentDueDate = created.firstInstallmentDueDate
    const terms = { principalCents, installments, monthlyRate: Number(monthlyInterests) / 100, frequency, firstDueDate: firstInstallmentDueDate }
    const lateDebtor = i % 6 === 5
    // The rows of schedule(terms) (domain/price-table; a unit test checks they agree), computed
    // here so that the due dates, which repeat across tokens, are worked out once.
    const dueDates = dueDatesOf(createdDaysAgo * 16 + MONTHS_PER_PERIOD[frequency])
    const rate = periodRate(terms.monthlyRate, frequency)
    const regular = installmentCents(terms)
    const parcels: DebtTokenRecord['parcels'] = []
    let balance = principalCents
    let owedCents = 0
    let paidCents = 0
    for (let number = 1; number <= installments; number++) {
      const interest = Math.round(balance * rate)
      const principal = number === installments ? balance : Math.min(balance, regular - interest)
      balance -= principal
      const amount = principal + interest
      const dueDate = dueDates[number - 1]!.seconds
      const isPaid = signed && dueDate < nowSeconds && !(lateDebtor && dueDate > nowSeconds - 45 * 86_400)
      const interestText = formatCents(interest)
      if (isPaid) paidCents += amount
      else owedCents += amount
      parcels.push({
        amount,
        dueDate,
        id: draw.uuid(),
        isPaid,
        paymentHash: isPaid ? hex(64) : '',
        parcelId: number,
        currentAmount: formatCents(amount),
        currentJuros: interestText,
        juros: interestText,
      })
    }
    const listed = signed && i % 4 === 1
    const status = deriveDebtTokenStatus({ signed, listed, parcels, now: nowSeconds })
    const contractAddress = address()
    const tokenAddress = address()
    const lastInstallmentDueDate = dueDates[installments - 1]!.day
    const principalText = cents(principalCents)
    signatureContracts.push({
      creditorWalletAddress: creditor.wallet,
      creditorId: creditor.cnpj,
      debtorWalletAddress: debtor.wallet,
      debtorId: debtor.cnpj,
      type: 'legalPerson',
      debtTotalValue: principalText,
      installments: String(installments),
      firstInstallmentDueDate,
      lastInstallmentDueDate,
      periodicity: frequency,
      monthlyInterests,
      installmentValue: formatCents(regular),
      signatureContractAddress: contractAddress,
    })
    debtTokens.push({
      address: tokenAddress,
      amount: formatCents(owedCents),
      createdAt: created.createdAt,
      creditorAddress: creditor.wallet,
      creditorId: creditor.cnpj,
      creditorSignature: signed ? hex(130) : '',
      debtorAddress: debtor.wallet,
      debtorId: debtor.cnpj,
      debtorSignature: signed ? hex(130) : '',
      listingPrice: formatCents(status === DebtTokenStatus.Listed ? Math.round(owedCents * 0.95) : owedCents),
      monthlyInterestRate: monthlyInterests,
      originalAmount: principalText,
      originalCreditor: creditor.wallet,
      parcels,
      periodicity: frequency,
      status,
      unixtime: created.unixtime,
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
        amount: draw.int(5, 80) * 1000,
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
        amount: draw.int(1, 40) * 500,
        serie: token.series[0]!.name as 'SENIOR',
        type: p % 2 === 0 ? 'JUROS' : 'AMORTIZACAO',
      })
    }
  })

  return { platform, users, securityTokens, debtTokens, signatureContracts, managerPayments, investorPayments }
}
