/**
 * Generates a coherent world from a seed: companies that lend and borrow again and again, security
 * tokens with series and vaults, debt tokens whose parcels follow the Price table and whose status
 * follows their parcels, signature contracts behind them, users with valid CPFs, and the managers'
 * and investors' payments. The committed fixtures were written by it (`npm run fixtures`), and
 * `--size n` builds larger worlds with it at start-up.
 *
 * Parties, security tokens and payments come from one faker stream. Debt tokens and their
 * signature contracts are seeded rows: row i draws from its own small stream (seeded from the
 * world's stream and i), so any row can be built alone, in any order, always the same. The world
 * knows every row's addresses and links at once (they key and index the tables) and builds a
 * row's records, parcels and all, only when something reads them: a 100k-token world starts in
 * well under a second and holds a few dozen megabytes until it is read.
 */

import type { PaymentFrequency } from '../contract/signature-contracts.ts'
import { addMonths, dayToUnixSeconds, toIsoDay } from '../domain/calendar.ts'
import { DebtTokenStatus, deriveDebtTokenStatus } from '../domain/debt-token-status.ts'
import { installmentCents, MONTHS_PER_PERIOD, periodRate } from '../domain/price-table.ts'
import { completeCnpj, completeCpf, formatCnpj, formatCpf } from '../domain/tax-ids.ts'
import type {
  DebtTokenRecord,
  InvestorPaymentRecord,
  ManagerPaymentRecord,
  SecurityTokenRecord,
  SignatureContractRecord,
  UserRecord,
} from './records.ts'
import { createFaker, mersenne53 } from './seeded-faker.ts'
import { attachSeededRows, type SeededRows } from './table-snapshot.ts'
import { normalizeKey } from './table-spec.ts'
import type { World } from './world.ts'

export interface GenerateOptions {
  seed: number
  /** Number of debt tokens; everything else scales with it. */
  debtTokens: number
  /** The instant the world is "now" at (statuses, paid parcels and dates are relative to it). */
  now: Date
}

const DAY_MS = 86_400_000

const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const UUID_TEMPLATE = Array.from('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', (c) => c.charCodeAt(0))

/** Writes `value` as 8 hexadecimal characters at `at`, most significant first. */
function writeHex8(codes: Uint8Array | number[], at: number, value: number): void {
  codes[at] = HEX[value >>> 28]!
  codes[at + 1] = HEX[(value >>> 24) & 15]!
  codes[at + 2] = HEX[(value >>> 20) & 15]!
  codes[at + 3] = HEX[(value >>> 16) & 15]!
  codes[at + 4] = HEX[(value >>> 12) & 15]!
  codes[at + 5] = HEX[(value >>> 8) & 15]!
  codes[at + 6] = HEX[(value >>> 4) & 15]!
  codes[at + 7] = HEX[value & 15]!
}

/** Writes the low 16 bits of `value` as 4 hexadecimal characters at `at`, most significant first. */
function writeHex4(codes: Uint8Array | number[], at: number, value: number): void {
  codes[at] = HEX[(value >>> 12) & 15]!
  codes[at + 1] = HEX[(value >>> 8) & 15]!
  codes[at + 2] = HEX[(value >>> 4) & 15]!
  codes[at + 3] = HEX[value & 15]!
}

/** Writes `0x` and `length` hexadecimal characters at `at`, 8 from each 32-bit draw, most significant first; returns the end. */
function putHex(codes: Uint8Array | number[], at: number, length: number, u32: () => number): number {
  let i = at
  codes[i++] = 48 // 0
  codes[i++] = 120 // x
  const end = i + length
  const whole = end - (length % 8)
  for (; i < whole; i += 8) writeHex8(codes, i, u32())
  if (i < end) {
    let value = u32()
    while (i < end) {
      codes[i++] = HEX[value >>> 28]!
      value = (value << 4) >>> 0
    }
  }
  return end
}

/**
 * Writes a version 4 (random) UUID at `at` from four 32-bit draws, their hexadecimal digits in
 * order around the dashes; returns the end.
 */
function putUuid4(codes: Uint8Array | number[], at: number, u32: () => number): number {
  writeHex8(codes, at, u32())
  const second = u32()
  writeHex4(codes, at + 9, second >>> 16)
  writeHex4(codes, at + 14, second)
  const third = u32()
  writeHex4(codes, at + 19, third >>> 16)
  writeHex4(codes, at + 24, third)
  writeHex8(codes, at + 28, u32())
  codes[at + 8] = codes[at + 13] = codes[at + 18] = codes[at + 23] = 45 // -
  codes[at + 14] = 52 // version 4
  codes[at + 19] = HEX[8 | ((third >>> 28) & 3)]! // RFC 4122 variant
  return at + 36
}

/** Writes centsText(cents) (whole, non-negative cents) digit by digit at `at`; returns the end. */
function putCents(codes: Uint8Array | number[], at: number, cents: number): number {
  const whole = Math.floor(cents / 100)
  const rest = cents - whole * 100
  let i = putInteger(codes, at, whole)
  codes[i++] = 46 // .
  codes[i++] = 48 + Math.floor(rest / 10)
  codes[i++] = 48 + (rest % 10)
  return i
}

/** Writes a non-negative safe integer in decimal at `at` (as JSON.stringify and String write it); returns the end. */
function putInteger(codes: Uint8Array | number[], at: number, value: number): number {
  let digits = 1
  for (let power = 10; power <= value; power *= 10) digits++
  let i = at + digits
  let left = value
  do {
    const next = Math.floor(left / 10)
    codes[--i] = 48 + left - next * 10
    left = next
  } while (left > 0)
  return at + digits
}

/** Node's Buffer when there is one: it decodes Latin-1 bytes into a string without a per-character cost. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer

/**
 * Writes hexadecimal text and turns it into flat strings. Concatenating strings piece by piece
 * leaves rope (cons) strings that cost 4-5x their length in memory; these are flat. Several values
 * can be written in a row and cut out of one string with `slice` (V8 shares the characters).
 */
class TextBuilder {
  // Room for a token's draws (under 2 KB) or its JSON text (under 6 KB: 12 parcels of ~330 bytes and ~800 more).
  readonly #codes: Uint8Array | number[] = NodeBuffer ? NodeBuffer.alloc(8192) : new Array<number>(8192).fill(0)
  #at = 0

  begin(): void {
    this.#at = 0
  }

  /** The buffer, for writers that keep their own position (see `#tokenJson`); `length = at` hands it back. */
  get codes(): Uint8Array | number[] {
    return this.#codes
  }

  set length(at: number) {
    this.#at = at
  }

  /** Appends `0x` and `length` hexadecimal characters (see `putHex`); returns where they start. */
  appendHex(length: number, u32: () => number): number {
    const start = this.#at
    this.#at = putHex(this.#codes, start, length, u32)
    return start
  }

  /** Appends a version 4 (random) UUID (see `putUuid4`); returns where it starts. */
  appendUuid4(u32: () => number): number {
    const start = this.#at
    this.#at = putUuid4(this.#codes, start, u32)
    return start
  }

  /** Appends faker.string.uuid() from faker's own draws (the 30 `x` of its template left to right, then `y`). */
  appendFakerUuid(next: () => number): number {
    const codes = this.#codes
    const start = this.#at
    for (let i = 0; i < 36; i++)
      codes[start + i] = UUID_TEMPLATE[i] === 120 ? HEX[Math.floor(next() * 16)]! : UUID_TEMPLATE[i]!
    codes[start + 19] = HEX[Math.floor(next() * 4 + 8)]!
    this.#at = start + 36
    return start
  }

  /** Appends centsText(cents) (see `putCents`); returns where it starts. */
  appendCents(cents: number): number {
    const start = this.#at
    this.#at = putCents(this.#codes, start, cents)
    return start
  }

  /** Where the next append starts (the end of the last one). */
  get length(): number {
    return this.#at
  }

  /** Everything appended since `begin()`, as one flat string. */
  end(): string {
    const codes = this.#codes
    return NodeBuffer
      ? (codes as Buffer).toString('latin1', 0, this.#at)
      : String.fromCharCode.apply(null, (codes as number[]).slice(0, this.#at))
  }

  hex(length: number, u32: () => number): string {
    this.begin()
    this.appendHex(length, u32)
    return this.end()
  }

  fakerUuid(next: () => number): string {
    this.begin()
    this.appendFakerUuid(next)
    return this.end()
  }
}

/**
 * The hot draws from faker's seeded randomizer, with faker's own arithmetic (`number.int`,
 * `number.int({ max: 0xffffffff })` per 8 hex characters, `string.uuid`): exactly the values faker
 * would give, at a fraction of the cost.
 */
function drawer(next: () => number) {
  const text = new TextBuilder()
  const u32 = () => Math.floor(next() * 4294967296)
  return {
    /** faker.number.int({ min, max }) */
    int: (min: number, max: number) => Math.floor(next() * (max - min + 1) + min),
    hex: (length: number) => text.hex(length, u32),
    uuid: () => text.fakerUuid(next),
  }
}

/** fmix32 of MurmurHash3: spreads a 32-bit value over all bits. */
function mix32(value: number): number {
  let h = value | 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/** sfc32, a small fast seeded generator; `start(seed, row)` gives each row its own stream. */
function rowStream() {
  let a = 0
  let b = 0
  let c = 0
  let d = 0
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  const stream = {
    u32,
    start(seed: number, row: number) {
      a = mix32(seed ^ 0x6a09e667)
      b = mix32(row + 0x9e3779b9)
      c = mix32(seed + Math.imul(row, 0x85ebca6b) + 0xbb67ae85)
      d = 1
      for (let i = 0; i < 12; i++) u32()
      return stream
    },
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor((u32() / 4294967296) * (max - min + 1)),
    skip(draws: number) {
      for (let i = 0; i < draws; i++) u32()
    },
  }
  return stream
}

/** formatCents (domain/money) for whole, non-negative cents, which is all the generator writes. */
export function centsText(cents: number): string {
  const whole = Math.floor(cents / 100)
  const rest = cents - whole * 100
  return rest < 10 ? `${whole}.0${rest}` : `${whole}.${rest}`
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

/** Memoizes a function of an integer in [0, size): an array lookup, cheaper than a Map's. */
function memoBelow<V>(size: number, compute: (key: number) => V): (key: number) => V {
  const cache: (V | undefined)[] = Array.from({ length: size }, () => undefined) // packed
  return (key) => {
    let value = cache[key]
    if (value === undefined) cache[key] = value = compute(key)
    return value
  }
}

export function generateWorld(options: GenerateOptions): World {
  const randomizer = mersenne53()
  const faker = createFaker(randomizer)
  faker.seed(options.seed)
  const draw = drawer(() => randomizer.next())
  const hex = draw.hex
  const address = () => hex(40)
  const now = options.now
  const iso = (offsetDays: number) => new Date(now.getTime() + offsetDays * DAY_MS).toISOString()
  const digits = (count: number) => Array.from({ length: count }, () => draw.int(0, 9))
  const pick = <T>(items: readonly T[]) => items[draw.int(0, items.length - 1)]!

  const n = options.debtTokens
  const companyCount = Math.max(8, Math.ceil(n / 8))
  const securityTokenCount = Math.max(3, Math.ceil(n / 100))
  // One manager per security token, then investors: one user per 20 tokens up to 10k tokens, and
  // at most 500 investors beyond that (people are the slowest records to fake).
  const userCount = Math.max(6, Math.min(Math.ceil(n / 20), securityTokenCount + 500))

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

  const companies = Array.from({ length: companyCount }, () => ({
    wallet: address(),
    cnpj: formatCnpj(completeCnpj(digits(12))),
  }))
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

  const rows = new DebtRows({
    seed: draw.int(0, 0xffffffff),
    size: n,
    now,
    creditors,
    debtors,
    securityTokens: securityTokens.map((token) => token.contractAddress),
  })

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

  const world = { platform, users, securityTokens, managerPayments, investorPayments } as Omit<
    World,
    'debtTokens' | 'signatureContracts'
  >
  return withSeededRows(world, { debtTokens: rows.tokens, signatureContracts: rows.contracts })
}

export interface SeededTables {
  debtTokens: SeededRows<DebtTokenRecord>
  signatureContracts: SeededRows<SignatureContractRecord>
}

/**
 * A world whose seeded tables are built on demand: reading `world.debtTokens` builds every record,
 * while `snapshotWorld` finds the rows themselves (`seededRowsOf`) and builds none.
 */
function withSeededRows(rest: Omit<World, 'debtTokens' | 'signatureContracts'>, tables: SeededTables): World {
  const world = { ...rest } as World
  attachSeededRows(world, 'debtTokens', tables.debtTokens)
  attachSeededRows(world, 'signatureContracts', tables.signatureContracts)
  return world
}

/** Writers of JSON text into a byte buffer (`#tokenJson`), each returning where the next write starts. */
function putCodes(codes: Uint8Array | number[], at: number, fragment: readonly number[]): number {
  for (let i = 0; i < fragment.length; i++) codes[at++] = fragment[i]!
  return at
}

/** Set by `putChars` when a string needed escaping: the JSON written since the flag was cleared is then wrong. */
let charsNeedEscaping = false

/** Writes the characters of `value` as a JSON string holds them, unquoted, when none needs escaping. */
function putChars(codes: Uint8Array | number[], at: number, value: string): number {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code > 0x7e || code === 34 || code === 92) charsNeedEscaping = true
    codes[at++] = code
  }
  return at
}

/** Copies [start, end) of the buffer to `at`. */
function putCopy(codes: Uint8Array | number[], at: number, start: number, end: number): number {
  codes.copyWithin(at, start, end)
  return at + end - start
}

/** Character codes of JSON text. */
const codesOf = (text: string): readonly number[] => Array.from(text, (c) => c.charCodeAt(0))

/**
 * The constant pieces of a debt token's wire JSON (`#tokenJson`), each ending where a value
 * starts: the keys in the record's order, with the quotes and separators around them.
 */
const JSON_KEYS = {
  address: codesOf('{"address":"'),
  amount: codesOf('","amount":"'),
  createdAt: codesOf('","createdAt":"'),
  creditorAddress: codesOf('","creditorAddress":"'),
  creditorId: codesOf('","creditorId":"'),
  creditorSignature: codesOf('","creditorSignature":"'),
  debtorAddress: codesOf('","debtorAddress":"'),
  debtorId: codesOf('","debtorId":"'),
  debtorSignature: codesOf('","debtorSignature":"'),
  listingPrice: codesOf('","listingPrice":"'),
  monthlyInterestRate: codesOf('","monthlyInterestRate":"'),
  originalAmount: codesOf('","originalAmount":"'),
  originalCreditor: codesOf('","originalCreditor":"'),
  parcels: codesOf('","parcels":['),
  firstParcelAmount: codesOf('{"amount":'),
  nextParcelAmount: codesOf(',{"amount":'),
  dueDate: codesOf(',"dueDate":'),
  parcelIdString: codesOf(',"id":"'),
  paidWithHash: codesOf('","isPaid":true,"paymentHash":"'),
  unpaid: codesOf('","isPaid":false,"paymentHash":"'),
  parcelId: codesOf('","parcelId":'),
  currentAmount: codesOf(',"currentAmount":"'),
  currentJuros: codesOf('","currentJuros":"'),
  juros: codesOf('","juros":"'),
  endOfParcel: codesOf('"}'),
  periodicity: codesOf('],"periodicity":"'),
  status: codesOf('","status":'),
  unixtime: codesOf(',"unixtime":"'),
  lastInstallmentDueDate: codesOf('","lastInstallmentDueDate":"'),
  amountPaidInstallments: codesOf('","amountPaidInstallments":"'),
  end: codesOf('"}'),
}

const FREQUENCIES: readonly PaymentFrequency[] = ['monthly', 'monthly', 'monthly', 'quarterly', 'bimonthly']
/** The oldest token was created this many days ago. */
const MAX_DAYS_AGO = 360
/** The highest monthly rate, in hundredths of a percent. */
const MAX_RATE_HUNDREDTHS = 250

interface Company {
  wallet: string
  cnpj: string
}

interface DebtRowsOptions {
  seed: number
  size: number
  now: Date
  creditors: readonly Company[]
  debtors: readonly Company[]
  /** Contract addresses of the security tokens signed debt tokens are spread over. */
  securityTokens: readonly string[]
}

/** The loan terms of row i and what follows from them without its parcels. */
interface RowTerms {
  creditor: Company
  debtor: Company
  frequency: PaymentFrequency
  installments: number
  principalCents: number
  monthlyInterests: string
  /** Number(monthlyInterests) / 100 */
  monthlyRate: number
  signed: boolean
  createdDaysAgo: number
}

/**
 * Debt tokens and their signature contracts, one row per loan. Row i's creditor, debtor and
 * security token follow from i; its addresses, terms, parcel ids, payment hashes and signatures
 * are drawn, in that order, from row i's own stream.
 */
class DebtRows {
  readonly tokens: SeededRows<DebtTokenRecord>
  readonly contracts: SeededRows<SignatureContractRecord>
  readonly #options: DebtRowsOptions
  readonly #stream = rowStream()
  readonly #text = new TextBuilder()
  /** Per parcel of the token being built (at most 12): its amounts in cents (under 2^31) and where its strings are in the text. */
  readonly #parcelScratch = {
    amount: new Int32Array(12),
    /** 1 when the parcel is paid. */
    paid: new Uint8Array(12),
    interest: new Int32Array(12),
    id: new Int32Array(12),
    hash: new Int32Array(12),
    interestText: new Int32Array(12),
    amountText: new Int32Array(12),
    textEnd: new Int32Array(12),
  }
  /**
   * What deriveDebtTokenStatus reads of the parcels of the token being drawn: `#statusFacts[n]`
   * holds the first n of 12 reused objects, so drawing a token allocates none for its status.
   */
  readonly #statusFacts: { isPaid: boolean; dueDate: number }[][] = (() => {
    const pool = Array.from({ length: 12 }, () => ({ isPaid: false, dueDate: 0 }))
    return Array.from({ length: 13 }, (_, n) => pool.slice(0, n))
  })()
  readonly #tokenAddresses: string[]
  readonly #contractAddresses: string[]
  readonly #nowSeconds: number
  readonly #createdOn: (daysAgo: number) => { createdAt: string; unixtime: string; firstInstallmentDueDate: string }
  readonly #dueDatesOf: (key: number) => { day: string; seconds: number }[]
  readonly #rateOf: (hundredths: number) => { text: string; rate: number }
  readonly #cents: (cents: number) => string

  constructor(options: DebtRowsOptions) {
    this.#options = options
    const { now } = options
    this.#nowSeconds = Math.floor(now.getTime() / 1000)
    this.#tokenAddresses = []
    this.#contractAddresses = []
    for (let i = 0; i < options.size; i++) {
      const stream = this.#stream.start(options.seed, i)
      this.#tokenAddresses.push(this.#text.hex(40, stream.u32))
      this.#contractAddresses.push(this.#text.hex(40, stream.u32))
    }
    /** What depends only on how many days ago a token was created (at most 360 values): shared strings. */
    this.#createdOn = memoBelow(MAX_DAYS_AGO + 1, (daysAgo: number) => {
      const createdAt = new Date(now.getTime() - daysAgo * DAY_MS)
      return {
        createdAt: createdAt.toISOString(),
        unixtime: String(Math.floor(createdAt.getTime() / 1000)),
        firstInstallmentDueDate: addMonths(toIsoDay(createdAt), 1),
      }
    })
    /** Due dates of the Price table's rows (domain/price-table `schedule`), by creation day and months per period. */
    this.#dueDatesOf = memoBelow((MAX_DAYS_AGO + 1) * 16, (key: number) => {
      const firstDueDate = this.#createdOn(Math.floor(key / 16)).firstInstallmentDueDate
      return Array.from({ length: 12 }, (_, k) => {
        const day = addMonths(firstDueDate, k * (key % 16))
        return { day, seconds: dayToUnixSeconds(day) }
      })
    })
    this.#rateOf = memoBelow(MAX_RATE_HUNDREDTHS + 1, (hundredths: number) => {
      const text = (hundredths / 100).toFixed(2)
      return { text, rate: Number(text) / 100 }
    })
    this.#cents = memo(centsText)
    const keyed = <T extends object>(
      addresses: string[],
      build: (row: number) => T,
      filedAt: (name: string, row: number) => string | null,
      wireJson?: (row: number) => string | undefined,
    ): SeededRows<T> => {
      const built: (T | undefined)[] = Array.from({ length: options.size }, () => undefined) // packed: fast at any size
      return {
        size: options.size,
        keyAt: (row) => addresses[row]!,
        filedAt,
        record(row) {
          let record = built[row]
          if (record === undefined) built[row] = record = build(row)
          return record
        },
        // The texts' statuses were derived at the world's instant (see #plan).
        ...(wireJson !== undefined && { wireJson, wireAsOfSeconds: this.#nowSeconds }),
      }
    }
    // Records are frozen here, shallowly where that is all there is (deepFreeze costs more than building).
    this.tokens = keyed(
      this.#tokenAddresses,
      (row) => {
        const token = this.#token(row)
        for (const parcel of token.parcels) Object.freeze(parcel)
        Object.freeze(token.parcels)
        return Object.freeze(token)
      },
      (name, row) => this.#tokenFiledAt(name, row),
      (row) => this.#tokenJson(row),
    )
    this.contracts = keyed(
      this.#contractAddresses,
      (row) => Object.freeze(this.#contract(row)),
      () => null,
    )
  }

  #creditor(i: number): Company {
    const { creditors } = this.#options
    return creditors[(i * 7) % creditors.length]!
  }

  #debtor(i: number): Company {
    const { debtors } = this.#options
    return debtors[(i * 5 + Math.floor(i / debtors.length)) % debtors.length]!
  }

  #securityToken(i: number): string | null {
    const { securityTokens } = this.#options
    return i % 10 !== 9 ? securityTokens[i % securityTokens.length]! : null
  }

  /** The debt tokens table's index values (records.ts `tables.debtTokens.indexes`) without building the record. */
  #tokenFiledAt(name: string, i: number): string | null {
    if (name === 'creditor') return normalizeKey(this.#creditor(i).wallet)
    if (name === 'debtor') return normalizeKey(this.#debtor(i).wallet)
    if (name === 'securityToken') {
      const address = this.#securityToken(i)
      return address === null ? null : normalizeKey(address)
    }
    throw new Error(`debtTokens: no index named ${name}`)
  }

  /** Starts row i's stream and draws its terms (the addresses come first: skipped, they are known). */
  #terms(i: number): RowTerms {
    const stream = this.#stream.start(this.#options.seed, i)
    stream.skip(10)
    const signed = i % 10 !== 9
    const frequency = FREQUENCIES[stream.int(0, FREQUENCIES.length - 1)]!
    const installments = stream.int(3, 12)
    const principalCents = stream.int(50, 5000) * 10_000
    const rate = this.#rateOf(stream.int(80, MAX_RATE_HUNDREDTHS))
    return {
      creditor: this.#creditor(i),
      debtor: this.#debtor(i),
      frequency,
      installments,
      principalCents,
      monthlyInterests: rate.text,
      monthlyRate: rate.rate,
      signed,
      createdDaysAgo: signed ? stream.int(30, MAX_DAYS_AGO) : stream.int(1, 20),
    }
  }

  #loan(terms: RowTerms) {
    const created = this.#createdOn(terms.createdDaysAgo)
    const loan = {
      principalCents: terms.principalCents,
      installments: terms.installments,
      monthlyRate: terms.monthlyRate,
      frequency: terms.frequency,
      firstDueDate: created.firstInstallmentDueDate,
    }
    return {
      created,
      loan,
      regular: installmentCents(loan),
      dueDates: this.#dueDatesOf(terms.createdDaysAgo * 16 + MONTHS_PER_PERIOD[terms.frequency]),
    }
  }

  #contract(i: number): SignatureContractRecord {
    const terms = this.#terms(i)
    const { created, regular, dueDates } = this.#loan(terms)
    return {
      creditorWalletAddress: terms.creditor.wallet,
      creditorId: terms.creditor.cnpj,
      debtorWalletAddress: terms.debtor.wallet,
      debtorId: terms.debtor.cnpj,
      type: 'legalPerson',
      debtTotalValue: this.#cents(terms.principalCents),
      installments: String(terms.installments),
      firstInstallmentDueDate: created.firstInstallmentDueDate,
      lastInstallmentDueDate: dueDates[terms.installments - 1]!.day,
      periodicity: terms.frequency,
      monthlyInterests: terms.monthlyInterests,
      installmentValue: centsText(regular),
      signatureContractAddress: this.#contractAddresses[i]!,
    }
  }

  /**
   * Row i's terms and what follows from them before any string is drawn, for `#token` and
   * `#tokenJson` alike: each parcel's amounts and whether it is paid (in `#parcelScratch`), the
   * totals and the status. Row i's stream is left where the strings' draws start.
   */
  #plan(i: number) {
    const terms = this.#terms(i)
    const nowSeconds = this.#nowSeconds
    const { created, loan, regular, dueDates } = this.#loan(terms)
    const { signed, installments, principalCents } = terms
    const lateDebtor = i % 6 === 5
    // The rows of schedule(loan) (domain/price-table; a unit test checks they agree), computed
    // here so that the due dates, which repeat across tokens, are worked out once.
    const rate = periodRate(loan.monthlyRate, loan.frequency)
    const scratch = this.#parcelScratch
    const facts = this.#statusFacts[installments]!
    let balance = principalCents
    let owedCents = 0
    let paidCents = 0
    for (let k = 0; k < installments; k++) {
      const interest = Math.round(balance * rate)
      const principal = k === installments - 1 ? balance : Math.min(balance, regular - interest)
      balance -= principal
      const amount = principal + interest
      const dueDate = dueDates[k]!.seconds
      const isPaid = signed && dueDate < nowSeconds && !(lateDebtor && dueDate > nowSeconds - 45 * 86_400)
      if (isPaid) paidCents += amount
      else owedCents += amount
      scratch.amount[k] = amount
      scratch.interest[k] = interest
      scratch.paid[k] = isPaid ? 1 : 0
      facts[k]!.isPaid = isPaid
      facts[k]!.dueDate = dueDate
    }
    const listed = signed && i % 4 === 1
    const status = deriveDebtTokenStatus({ signed, listed, parcels: facts, now: nowSeconds })
    return { terms, created, regular, dueDates, owedCents, paidCents, status }
  }

  /**
   * `#plan`, then row i's strings drawn into the text in stream order (each parcel's id, then its
   * payment hash if paid; then the two signatures) and the amounts written after them, with their
   * positions in `#parcelScratch` and in the result: one string to decode instead of one to format
   * per value.
   */
  #draw(i: number) {
    const plan = this.#plan(i)
    const { signed, installments } = plan.terms
    const stream = this.#stream
    const text = this.#text
    const at = this.#parcelScratch
    text.begin()
    for (let k = 0; k < installments; k++) {
      at.id[k] = text.appendUuid4(stream.u32)
      at.hash[k] = at.paid[k] === 1 ? text.appendHex(64, stream.u32) : -1
    }
    const creditorSignatureAt = signed ? text.appendHex(130, stream.u32) : -1
    const debtorSignatureAt = signed ? text.appendHex(130, stream.u32) : -1
    const regularAt = text.appendCents(plan.regular)
    const regularEnd = text.length
    for (let k = 0; k < installments; k++) {
      at.interestText[k] = text.appendCents(at.interest[k]!)
      at.amountText[k] = at.amount[k] === plan.regular ? -1 : text.appendCents(at.amount[k]!)
      at.textEnd[k] = text.length
    }
    return { ...plan, creditorSignatureAt, debtorSignatureAt, regularAt, regularEnd }
  }

  #token(i: number): DebtTokenRecord {
    const {
      terms,
      created,
      dueDates,
      owedCents,
      paidCents,
      status,
      creditorSignatureAt,
      debtorSignatureAt,
      regularAt,
      regularEnd,
    } = this.#draw(i)
    const { signed, installments, principalCents } = terms
    const at = this.#parcelScratch
    const drawn = this.#text.end()
    const regularText = drawn.slice(regularAt, regularEnd)
    const parcels: DebtTokenRecord['parcels'] = []
    for (let k = 0; k < installments; k++) {
      const amountAt = at.amountText[k]!
      const interestText = drawn.slice(at.interestText[k], amountAt === -1 ? at.textEnd[k] : amountAt)
      const hashAt = at.hash[k]!
      const isPaid = hashAt !== -1
      parcels.push({
        amount: at.amount[k]!,
        dueDate: dueDates[k]!.seconds,
        id: drawn.slice(at.id[k], at.id[k]! + 36),
        isPaid,
        paymentHash: isPaid ? drawn.slice(hashAt, hashAt + 66) : '',
        parcelId: k + 1,
        currentAmount: amountAt === -1 ? regularText : drawn.slice(amountAt, at.textEnd[k]),
        currentJuros: interestText,
        juros: interestText,
      })
    }
    // Keep this literal's field order and `#tokenJson`'s in step (a unit test compares them).
    return {
      address: this.#tokenAddresses[i]!,
      amount: centsText(owedCents),
      createdAt: created.createdAt,
      creditorAddress: terms.creditor.wallet,
      creditorId: terms.creditor.cnpj,
      creditorSignature: signed ? drawn.slice(creditorSignatureAt, creditorSignatureAt + 132) : '',
      debtorAddress: terms.debtor.wallet,
      debtorId: terms.debtor.cnpj,
      debtorSignature: signed ? drawn.slice(debtorSignatureAt, debtorSignatureAt + 132) : '',
      listingPrice: centsText(status === DebtTokenStatus.Listed ? Math.round(owedCents * 0.95) : owedCents),
      monthlyInterestRate: terms.monthlyInterests,
      originalAmount: this.#cents(principalCents),
      originalCreditor: terms.creditor.wallet,
      parcels,
      periodicity: terms.frequency,
      status,
      unixtime: created.unixtime,
      lastInstallmentDueDate: dueDates[installments - 1]!.day,
      amountPaidInstallments: centsText(paidCents),
      securityTokenAddress: this.#securityToken(i),
    }
  }

  /**
   * JSON.stringify of row i's wire shape (its record without `securityTokenAddress`), written
   * straight from the draws without building the record: a list of seeded tokens is then one
   * join of texts. Undefined if a string would need escaping (never, for generated values; the
   * caller then stringifies the record).
   */
  #tokenJson(i: number): string | undefined {
    const { terms, created, dueDates, owedCents, paidCents, status } = this.#plan(i)
    const { signed, installments, principalCents } = terms
    const u32 = this.#stream.u32
    const scratch = this.#parcelScratch
    const codes = this.#text.codes
    const K = JSON_KEYS
    charsNeedEscaping = false
    // Written front to back, each drawn string straight into its place. The signatures come
    // before the parcels in the JSON but after them in the stream: their places are left open
    // (their length is fixed) and filled once the parcels are drawn.
    let at = putChars(codes, putCodes(codes, 0, K.address), this.#tokenAddresses[i]!)
    at = putCents(codes, putCodes(codes, at, K.amount), owedCents)
    at = putChars(codes, putCodes(codes, at, K.createdAt), created.createdAt)
    at = putChars(codes, putCodes(codes, at, K.creditorAddress), terms.creditor.wallet)
    at = putChars(codes, putCodes(codes, at, K.creditorId), terms.creditor.cnpj)
    at = putCodes(codes, at, K.creditorSignature)
    const creditorSignatureAt = at
    if (signed) at += 132
    at = putChars(codes, putCodes(codes, at, K.debtorAddress), terms.debtor.wallet)
    at = putChars(codes, putCodes(codes, at, K.debtorId), terms.debtor.cnpj)
    at = putCodes(codes, at, K.debtorSignature)
    const debtorSignatureAt = at
    if (signed) at += 132
    at = putCents(
      codes,
      putCodes(codes, at, K.listingPrice),
      status === DebtTokenStatus.Listed ? Math.round(owedCents * 0.95) : owedCents,
    )
    at = putChars(codes, putCodes(codes, at, K.monthlyInterestRate), terms.monthlyInterests)
    at = putChars(codes, putCodes(codes, at, K.originalAmount), this.#cents(principalCents))
    at = putChars(codes, putCodes(codes, at, K.originalCreditor), terms.creditor.wallet)
    at = putCodes(codes, at, K.parcels)
    for (let k = 0; k < installments; k++) {
      const amount = scratch.amount[k]!
      at = putInteger(codes, putCodes(codes, at, k === 0 ? K.firstParcelAmount : K.nextParcelAmount), amount)
      at = putInteger(codes, putCodes(codes, at, K.dueDate), dueDates[k]!.seconds)
      at = putUuid4(codes, putCodes(codes, at, K.parcelIdString), u32)
      if (scratch.paid[k] === 1) at = putHex(codes, putCodes(codes, at, K.paidWithHash), 64, u32)
      else at = putCodes(codes, at, K.unpaid)
      at = putInteger(codes, putCodes(codes, at, K.parcelId), k + 1)
      at = putCents(codes, putCodes(codes, at, K.currentAmount), amount)
      const interestAt = putCodes(codes, at, K.currentJuros)
      const interestEnd = putCents(codes, interestAt, scratch.interest[k]!)
      at = putCopy(codes, putCodes(codes, interestEnd, K.juros), interestAt, interestEnd)
      at = putCodes(codes, at, K.endOfParcel)
    }
    if (signed) {
      putHex(codes, creditorSignatureAt, 130, u32)
      putHex(codes, debtorSignatureAt, 130, u32)
    }
    at = putChars(codes, putCodes(codes, at, K.periodicity), terms.frequency)
    at = putInteger(codes, putCodes(codes, at, K.status), status)
    at = putChars(codes, putCodes(codes, at, K.unixtime), created.unixtime)
    at = putChars(codes, putCodes(codes, at, K.lastInstallmentDueDate), dueDates[installments - 1]!.day)
    at = putCents(codes, putCodes(codes, at, K.amountPaidInstallments), paidCents)
    at = putCodes(codes, at, K.end)
    this.#text.length = at
    return charsNeedEscaping ? undefined : this.#text.end()
  }
}
