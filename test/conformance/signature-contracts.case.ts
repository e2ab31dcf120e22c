/** Signature contracts: creation derives the schedule and opens a debt token; reads; validation. */
import { describe, expect, it } from 'vitest'
import { ADDRESS_PATTERN } from '../../src/contract/formats.ts'
import { samples } from '../support/samples.ts'
import { expectErrorShape, fixtures, NEW_WALLET_A, NEW_WALLET_B, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

const sample = samples.createSignatureContract
const sampleBody = sample.body as Record<string, string>
const toCents = (decimal: string) => Math.round(Number(decimal) * 100)

export function signatureContractCases(target: TargetRef) {
  describe('signature contracts', () => {
    it('creates a contract whose read-back carries the derived Price-table values', async () => {
      const created = await target().send('POST', sample.path, { body: sample.body })
      expect(created.status).toBe(200)
      expect(Object.keys(created.json)).toEqual(['signatureContractAddress'])
      expect(created.json.signatureContractAddress).toMatch(ADDRESS_PATTERN)

      const read = await target().send('GET', `/debtToken/signature-contract/${created.json.signatureContractAddress}`)
      expect(read.status).toBe(200)
      expect(read.json).toEqual({
        creditorWalletAddress: NEW_WALLET_A,
        creditorId: sampleBody.creditorCnpj,
        debtorWalletAddress: NEW_WALLET_B,
        debtorId: sampleBody.debtorCnpj,
        type: 'legalPerson',
        debtTotalValue: '12000.00',
        installments: '12',
        firstInstallmentDueDate: '2026-04-01',
        lastInstallmentDueDate: '2027-03-01',
        periodicity: 'monthly',
        monthlyInterests: '1.5',
        // 12000 × 0.015 / (1 − 1.015^−12) = 1100.16
        installmentValue: '1100.16',
        signatureContractAddress: created.json.signatureContractAddress,
      })
      for (const value of Object.values(read.json)) expect(typeof value).toBe('string')
    })

    it('opens the matching debt token, found by its creditor and its debtor', async () => {
      await target().send('POST', sample.path, { body: sample.body })
      const byCreditor = await target().send('GET', `/debtToken/creditor/${NEW_WALLET_A}`)
      const byDebtor = await target().send('GET', `/debtToken/debtor/${NEW_WALLET_B}`)
      expect(byCreditor.json).toHaveLength(1)
      expect(byDebtor.json).toEqual(byCreditor.json)
      const token = byCreditor.json[0]
      expect(token).toMatchObject({
        creditorAddress: NEW_WALLET_A,
        debtorAddress: NEW_WALLET_B,
        creditorId: sampleBody.creditorCnpj,
        debtorId: sampleBody.debtorCnpj,
        originalAmount: '12000.00',
        originalCreditor: NEW_WALLET_A,
        monthlyInterestRate: '1.5',
        periodicity: 'monthly',
        status: 0,
        lastInstallmentDueDate: '2027-03-01',
        amountPaidInstallments: '0.00',
        creditorSignature: '',
        debtorSignature: '',
      })
      expect(token.parcels).toHaveLength(12)
      expect(token.parcels.map((parcel: { parcelId: number }) => parcel.parcelId)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ])
      expect(token.parcels[0]).toMatchObject({
        amount: 110016,
        dueDate: Date.UTC(2026, 3, 1) / 1000,
        isPaid: false,
        paymentHash: '',
        juros: '180.00',
      })
      const principal = token.parcels.reduce(
        (sum: number, parcel: { amount: number; juros: string }) => sum + parcel.amount - toCents(parcel.juros),
        0,
      )
      expect(principal).toBe(1_200_000)
      const owed = token.parcels.reduce((sum: number, parcel: { amount: number }) => sum + parcel.amount, 0)
      expect(toCents(token.amount)).toBe(owed)
      const single = await target().send('GET', `/debtToken/creditor/${NEW_WALLET_A}/${token.address}`)
      expect(single.json).toEqual([token])
    })

    it('accepts an empty body (every field is optional) and reads back empty strings', async () => {
      const created = await target().send('POST', sample.path, { body: {} })
      expect(created.status).toBe(200)
      const read = await target().send('GET', `/debtToken/signature-contract/${created.json.signatureContractAddress}`)
      expect(read.json.debtTotalValue).toBe('')
      expect(read.json.installmentValue).toBe('')
      expect(read.json.signatureContractAddress).toBe(created.json.signatureContractAddress)
    })

    it('reads a seeded contract, with any casing of its address', async () => {
      const seeded = fixtures.signatureContracts[1]!
      const read = await target().send(
        'GET',
        `/debtToken/signature-contract/${seeded.signatureContractAddress.toUpperCase().replace('0X', '0x')}`,
      )
      expect(read.status).toBe(200)
      expect(read.json).toEqual(seeded)
    })

    it('answers 404 in the documented shape for an unknown contract', async () => {
      const reply = await target().send('GET', `/debtToken/signature-contract/${UNKNOWN_ADDRESS}`)
      expect(expectErrorShape(reply, 404)).toContain(UNKNOWN_ADDRESS)
      expect(reply.json.error).toBe('Not Found')
    })

    const invalid: [string, unknown, RegExp][] = [
      [
        'a malformed wallet ADDRESS',
        { ...sampleBody, creditorWalletAddress: '0x1234' },
        /body\.creditorWalletAddress must be an ADDRESS/,
      ],
      [
        'an impossible date',
        { ...sampleBody, firstInstallmentDueDate: '2026-02-30' },
        /body\.firstInstallmentDueDate must be a date/,
      ],
      [
        'a date-time where a date is due',
        { ...sampleBody, firstInstallmentDueDate: '2026-04-01T00:00:00Z' },
        /firstInstallmentDueDate/,
      ],
      [
        'a number where a string is due',
        { ...sampleBody, installments: 12 },
        /body\.installments must be a string, got number/,
      ],
      [
        'a non-numeric amount',
        { ...sampleBody, debtTotalValue: 'lots' },
        /body\.debtTotalValue must be an amount of money written as a string/,
      ],
      [
        'an unknown party type',
        { ...sampleBody, type: 'robot' },
        /body\.type must be one of legalPerson, naturalPerson/,
      ],
      [
        'an unknown payment frequency',
        { ...sampleBody, paymentFrequency: 'hourly' },
        /body\.paymentFrequency must be one of/,
      ],
      ['a JSON array body', [sampleBody], /body must be a JSON object, got array/],
      ['malformed JSON', '{"creditorWalletAddress": ', /not valid JSON/],
    ]
    for (const [what, body, message] of invalid) {
      it(`refuses ${what} with 400 and changes nothing`, async () => {
        const reply = await target().send('POST', sample.path, { body })
        expect(expectErrorShape(reply, 400)).toMatch(message)
        expect(reply.json.error).toBe('Bad Request')
        expect((await target().send('GET', `/debtToken/creditor/${NEW_WALLET_A}`)).json).toEqual([])
      })
    }

    it('reports every violated field in one message', async () => {
      const reply = await target().send('POST', sample.path, {
        body: { creditorWalletAddress: 'x', debtorWalletAddress: 'y', installments: '0' },
      })
      const message = expectErrorShape(reply, 400)
      expect(message).toContain('body.creditorWalletAddress')
      expect(message).toContain('body.debtorWalletAddress')
      expect(message).toContain('body.installments')
    })
  })
}
