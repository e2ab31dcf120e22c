/**
 * Debt tokens and their signature contracts, one row per loan, as seeded rows (table-snapshot.ts):
 * keys and links are known without building a record. Row i's parties follow from i, and its draws
 * come from row i's own stream (row-stream.ts), so any row can be built alone and in any order.
 */
import { buildDebtToken, type DebtTokenDraws, type DebtTokenOfLoan } from '../../domain/debt-token.ts'
import { loanContract } from '../../domain/loan-contract.ts'
import type { DebtTokenRecord, SignatureContractRecord } from '../records.ts'
import type { SeededRows } from '../table-snapshot.ts'
import { normalizeKey } from '../table-spec.ts'
import {
  ADDRESS_HEX_DIGITS,
  drawsForHex,
  HASH_HEX_DIGITS,
  hexText,
  SIGNATURE_HEX_DIGITS,
  uuid4Text,
} from './hex-text.ts'
import { drawTerms, type RowTerms } from './loan-terms.ts'
import type { Company } from './parties.ts'
import { rowStream } from './row-stream.ts'

/** One row in this many is a loan still awaiting signatures, outside any security token. */
const UNSIGNED_EVERY = 10
/** One row in this many is offered on the marketplace (if signed). */
const LISTED_EVERY = 4
/** One row in this many has a late debtor: its parcels of the last LATE_DAYS days are unpaid. */
const LATE_EVERY = 6
const LATE_DAYS = 45
const DAY_SECONDS = 86_400
/** Each row's stream opens with its addresses, in this order: its debt token's, then its signature contract's. */
const ROW_ADDRESSES = ['debtToken', 'signatureContract'] as const
const ADDRESSES_PER_ROW = ROW_ADDRESSES.length
/** The draws of those addresses, skipped when a row's records are built (the addresses are known by then). */
const ROW_ADDRESS_DRAWS = ADDRESSES_PER_ROW * drawsForHex(ADDRESS_HEX_DIGITS)

export interface DebtRowsOptions {
  seed: number
  size: number
  now: Date
  creditors: readonly Company[]
  debtors: readonly Company[]
  /** Contract addresses of the security tokens signed debt tokens are spread over. */
  securityTokens: readonly string[]
}

function lazyRows<T extends object>(
  size: number,
  keyAt: (row: number) => string,
  build: (row: number) => T,
  filedAt: (name: string, row: number) => string | null,
): SeededRows<T> {
  const built: (T | undefined)[] = Array.from({ length: size }, () => undefined) // packed: fast at any size
  return {
    size,
    keyAt,
    filedAt,
    record(row) {
      let record = built[row]
      if (record === undefined) built[row] = record = build(row)
      return record
    },
  }
}

/** Freezes a token, its parcels array and each parcel (all there is: deepFreeze would cost more than building). */
function freezeToken(token: DebtTokenOfLoan): DebtTokenRecord {
  for (const parcel of token.parcels) Object.freeze(parcel)
  Object.freeze(token.parcels)
  return Object.freeze(token)
}

export class DebtRows {
  readonly tokens: SeededRows<DebtTokenRecord>
  readonly contracts: SeededRows<SignatureContractRecord>
  readonly #options: DebtRowsOptions
  readonly #stream = rowStream()
  /** Each row's addresses, by what they address, in row order: drawn in row order as far as first needed (see #addressAt). */
  #addresses: Record<(typeof ROW_ADDRESSES)[number], string[]> | undefined
  #addressStreams: ReturnType<typeof rowStream> | undefined
  /** The row whose token is being built: its draws continue its stream after the terms; its address is known. */
  #row = 0
  readonly #draws: DebtTokenDraws

  constructor(options: DebtRowsOptions) {
    this.#options = options
    const { u32 } = this.#stream
    this.#draws = {
      parcelId: () => uuid4Text(u32),
      paymentHash: () => hexText(HASH_HEX_DIGITS, u32),
      signature: () => hexText(SIGNATURE_HEX_DIGITS, u32),
      address: () => this.#addressAt('debtToken', this.#row),
    }
    this.tokens = lazyRows(
      options.size,
      (row) => this.#addressAt('debtToken', row),
      (row) => freezeToken(this.#token(row)),
      (name, row) => this.#tokenFiledAt(name, row),
    )
    this.contracts = lazyRows(
      options.size,
      (row) => this.#addressAt('signatureContract', row),
      (row) => Object.freeze(this.#contract(row)),
      () => null,
    )
  }

  /**
   * Row `row`'s address of one kind. Rows' addresses are drawn in row order up to the row asked
   * for (ADDRESSES_PER_ROW open each row's stream, in ROW_ADDRESSES order) and kept: a lookup of
   * the last row draws them all (once, for a large world), the background indexing of the
   * tables draws them a few milliseconds at a time, and the start draws none.
   */
  #addressAt(name: (typeof ROW_ADDRESSES)[number], row: number): string {
    const addresses = (this.#addresses ??= { debtToken: [], signatureContract: [] })
    const drawn = addresses.debtToken
    if (row >= drawn.length) {
      // Its own stream: #stream is the one records are drawn from, and this may run while one is built.
      const streams = (this.#addressStreams ??= rowStream())
      for (let i = drawn.length; i <= row && i < this.#options.size; i++) {
        const stream = streams.start(this.#options.seed, i)
        for (const kind of ROW_ADDRESSES) addresses[kind].push(hexText(ADDRESS_HEX_DIGITS, stream.u32))
      }
    }
    return addresses[name][row]!
  }

  #creditor(i: number): Company {
    const { creditors } = this.#options
    return creditors[(i * 7) % creditors.length]!
  }

  #debtor(i: number): Company {
    const { debtors } = this.#options
    return debtors[(i * 5 + Math.floor(i / debtors.length)) % debtors.length]!
  }

  #signed(i: number): boolean {
    return i % UNSIGNED_EVERY !== UNSIGNED_EVERY - 1
  }

  #securityToken(i: number): string | null {
    const { securityTokens } = this.#options
    return this.#signed(i) ? securityTokens[i % securityTokens.length]! : null
  }

  /** The debt tokens table's index values (records.ts `tables.debtTokens.indexes`) without building the record. */
  #tokenFiledAt(name: string, i: number): string | null {
    if (name === 'creditor') return normalizeKey(this.#creditor(i).address)
    if (name === 'debtor') return normalizeKey(this.#debtor(i).address)
    if (name === 'securityToken') {
      const address = this.#securityToken(i)
      return address === null ? null : normalizeKey(address)
    }
    throw new Error(`debtTokens: no index named ${name}`)
  }

  /** Starts row i's stream and draws its terms (the addresses come first: skipped, they are known). */
  #terms(i: number): RowTerms {
    const stream = this.#stream.start(this.#options.seed, i)
    stream.skip(ROW_ADDRESS_DRAWS)
    return drawTerms(stream, {
      creditor: this.#creditor(i),
      debtor: this.#debtor(i),
      signed: this.#signed(i),
      now: this.#options.now,
    })
  }

  #contract(i: number): SignatureContractRecord {
    return loanContract({ ...this.#terms(i), type: 'legalPerson', address: this.#addressAt('signatureContract', i) })
  }

  #token(i: number): DebtTokenOfLoan {
    const terms = this.#terms(i)
    const { now } = this.#options
    const nowSeconds = Math.floor(now.getTime() / 1000)
    const paidUntil = i % LATE_EVERY === LATE_EVERY - 1 ? nowSeconds - LATE_DAYS * DAY_SECONDS : nowSeconds
    this.#row = i
    return buildDebtToken(
      {
        loan: terms.loan,
        monthlyInterestRate: terms.monthlyInterests,
        creditor: terms.creditor,
        debtor: terms.debtor,
        createdAt: terms.createdAt,
        signed: terms.signed,
        listed: terms.signed && i % LISTED_EVERY === 1,
        // Signed tokens have paid what fell due before now (a late debtor, before LATE_DAYS ago).
        isPaid: (dueDate) => terms.signed && dueDate < nowSeconds && dueDate <= paidUntil,
        now,
        securityTokenAddress: this.#securityToken(i),
      },
      this.#draws,
    )
  }
}
