import { describe, expect, it } from 'vitest'
import { callerAddress, stableHex } from '../../src/domain/caller.ts'
import { DebtTokenStatus, deriveDebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { formatCents, toCents } from '../../src/domain/money.ts'
import { checkPaymentTransition } from '../../src/domain/payment-status.ts'
import { completeCnpj, completeCpf, formatCpf, isValidCpf } from '../../src/domain/tax-ids.ts'

describe('tax ids', () => {
  it('completes CPFs with their check digits', () => {
    expect(formatCpf(completeCpf([5, 2, 9, 9, 8, 2, 2, 4, 7]))).toBe('529.982.247-25')
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('529.982.247-26')).toBe(false)
    expect(isValidCpf('111.111.111-11')).toBe(false)
  })
  it('completes CNPJs with their check digits', () => {
    expect(completeCnpj([1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 1]).slice(12)).toEqual([8, 1])
  })
})

describe('money', () => {
  it('converts between decimal strings and cents', () => {
    expect(toCents('1500.5')).toBe(150050)
    expect(formatCents(150050)).toBe('1500.50')
    expect(formatCents(7)).toBe('0.07')
    expect(formatCents(-7)).toBe('-0.07')
  })
})

describe('debt token status', () => {
  const parcels = [
    { isPaid: true, dueDate: 100 },
    { isPaid: false, dueDate: 200 },
  ]
  it('follows signatures, parcels and listing', () => {
    expect(deriveDebtTokenStatus({ signed: false, listed: false, parcels, now: 150 })).toBe(
      DebtTokenStatus.AwaitingSignatures,
    )
    expect(deriveDebtTokenStatus({ signed: true, listed: false, parcels, now: 150 })).toBe(DebtTokenStatus.Active)
    expect(deriveDebtTokenStatus({ signed: true, listed: true, parcels, now: 150 })).toBe(DebtTokenStatus.Listed)
    expect(deriveDebtTokenStatus({ signed: true, listed: true, parcels, now: 250 })).toBe(DebtTokenStatus.Overdue)
    expect(
      deriveDebtTokenStatus({
        signed: true,
        listed: false,
        parcels: parcels.map((p) => ({ ...p, isPaid: true })),
        now: 250,
      }),
    ).toBe(DebtTokenStatus.Settled)
  })
})

describe('payment status transitions', () => {
  it('lets open payments move and keeps final ones final', () => {
    expect(checkPaymentTransition('PENDING', 'PAID')).toBeNull()
    expect(checkPaymentTransition('FAILED', 'PENDING')).toBeNull()
    expect(checkPaymentTransition('PAID', 'PAID')).toBeNull()
    expect(checkPaymentTransition('PAID', 'PENDING')).toMatch(/PAID to PENDING/)
    expect(checkPaymentTransition('CANCELED', 'PAID')).toMatch(/CANCELED to PAID/)
  })
})

describe('caller address', () => {
  it('is the token when the token is an address, a stable derived address otherwise', () => {
    const wallet = '0x00000000000000000000000000000000000000aa'
    expect(callerAddress(wallet)).toBe(wallet)
    expect(callerAddress('abc')).toMatch(/^0x[0-9a-f]{40}$/)
    expect(callerAddress('abc')).toBe(callerAddress('abc'))
    expect(callerAddress('abc')).not.toBe(callerAddress('abd'))
    expect(stableHex('x', 64)).toHaveLength(64)
  })
})
