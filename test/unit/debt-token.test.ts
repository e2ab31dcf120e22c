/**
 * The one builder of a debt token (domain/debt-token.ts): its parcels are the Price table's rows,
 * its totals and status follow from which are paid, and it takes its random values in the order
 * its callers' streams depend on (parcel ids and hashes, then signatures, then the address).
 */
import { describe, expect, it } from 'vitest'
import { dayToUnixSeconds } from '../../src/domain/calendar.ts'
import {
  buildDebtToken,
  type DebtTokenDraws,
  type DebtTokenTerms,
  LISTED_ASKING_SHARE,
} from '../../src/domain/debt-token.ts'
import { DebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { formatCents, toCents } from '../../src/domain/money.ts'
import { schedule } from '../../src/domain/price-table.ts'
import { DebtTokenRecord } from '../../src/model/records.ts'

/** Draws that say what they are and in which order they were taken. */
function recordingDraws() {
  const taken: string[] = []
  /** Records the draw and gives `0x` and its position in the order, padded to `digits`. */
  const take = (what: string, digits: number) => {
    taken.push(what)
    return `0x${String(taken.length).padStart(digits, '0')}`
  }
  const draws: DebtTokenDraws = {
    parcelId: () => `00000000-0000-4000-8000-${take('parcelId', 12).slice(2)}`,
    paymentHash: () => take('paymentHash', 64),
    signature: () => take('signature', 130),
    address: () => take('address', 40),
  }
  return { draws, taken }
}

const terms: DebtTokenTerms = {
  loan: { principalCents: 300_000, installments: 3, frequency: 'monthly', firstDueDate: '2026-01-10' },
  monthlyInterestRate: '1.50',
  creditor: { address: `0x${'a'.repeat(40)}`, id: '11.222.333/0001-81' },
  debtor: { address: `0x${'b'.repeat(40)}`, id: '' },
  createdAt: new Date('2025-12-10T08:00:00.000Z'),
  signed: false,
  listed: false,
  now: new Date('2026-03-01T12:00:00.000Z'),
  securityTokenAddress: null,
}

describe('buildDebtToken', () => {
  it('opens an unsigned token: one id per parcel, then the address; nothing paid or signed', () => {
    const { draws, taken } = recordingDraws()
    const token = buildDebtToken(terms, draws)
    expect(taken).toEqual(['parcelId', 'parcelId', 'parcelId', 'address'])
    expect(token.status).toBe(DebtTokenStatus.AwaitingSignatures)
    expect(token.creditorSignature + token.debtorSignature).toBe('')
    expect(token.parcels.every((parcel) => !parcel.isPaid && parcel.paymentHash === '')).toBe(true)
    expect(token.amountPaidInstallments).toBe('0.00')
    expect(token.amount).toBe(token.listingPrice)
    expect(DebtTokenRecord.parse(token)).toEqual(token)
  })

  it('has the Price table rows as parcels, and totals that add up', () => {
    const token = buildDebtToken(
      { ...terms, signed: true, isPaid: (dueDate) => dueDate < terms.now.getTime() / 1000 },
      recordingDraws().draws,
    )
    const rows = schedule({ ...terms.loan, monthlyRate: 0.015 })
    expect(token.parcels.map((parcel) => [parcel.parcelId, parcel.amount, parcel.dueDate, parcel.juros])).toEqual(
      rows.map((row) => [row.number, row.amountCents, dayToUnixSeconds(row.dueDate), formatCents(row.interestCents)]),
    )
    const paid = token.parcels.filter((parcel) => parcel.isPaid)
    expect(paid.map((parcel) => parcel.parcelId)).toEqual([1, 2])
    const sum = (parcels: typeof paid) => parcels.reduce((total, parcel) => total + parcel.amount, 0)
    expect(token.amountPaidInstallments).toBe(formatCents(sum(paid)))
    expect(token.amount).toBe(formatCents(sum(token.parcels.filter((parcel) => !parcel.isPaid))))
    expect(token.originalAmount).toBe('3000.00')
    expect(token.lastInstallmentDueDate).toBe(rows.at(-1)!.dueDate)
    expect(token.unixtime).toBe(String(Date.parse('2025-12-10T08:00:00.000Z') / 1000))
  })

  it('draws a hash right after each paid parcel id, then both signatures, then the address', () => {
    const { draws, taken } = recordingDraws()
    const token = buildDebtToken(
      { ...terms, signed: true, isPaid: (dueDate) => dueDate === dayToUnixSeconds('2026-02-10') },
      draws,
    )
    expect(taken).toEqual(['parcelId', 'parcelId', 'paymentHash', 'parcelId', 'signature', 'signature', 'address'])
    expect(token.parcels[1]!.paymentHash).toBe(`0x${'3'.padStart(64, '0')}`)
    expect(token.creditorSignature).toBe(`0x${'5'.padStart(130, '0')}`)
    expect(token.debtorSignature).toBe(`0x${'6'.padStart(130, '0')}`)
    expect(token.address).toBe(`0x${'7'.padStart(40, '0')}`)
    // The first parcel fell due on 2026-01-10 unpaid: overdue at `now`.
    expect(token.status).toBe(DebtTokenStatus.Overdue)
  })

  it('asks a listed share of what is owed when the token is listed', () => {
    const listed = buildDebtToken(
      { ...terms, signed: true, listed: true, now: terms.createdAt },
      recordingDraws().draws,
    )
    expect(listed.status).toBe(DebtTokenStatus.Listed)
    expect(listed.listingPrice).toBe(formatCents(Math.round(toCents(listed.amount) * LISTED_ASKING_SHARE)))
  })
})
