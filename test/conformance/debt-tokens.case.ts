/** Debt token queries by security token, debtor and creditor; route precedence; formats. */
import { describe, expect, it } from 'vitest'
import { expectErrorShape, fixtures, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

const wire = (token: (typeof fixtures.debtTokens)[number]) => {
  const { securityTokenAddress: _link, ...rest } = token
  return rest
}
const lower = (value: string | null) => value?.toLowerCase()
const tokensWhere = (field: 'creditorAddress' | 'debtorAddress' | 'securityTokenAddress', address: string) =>
  fixtures.debtTokens.filter((token) => lower(token[field]) === lower(address)).map(wire)

export function debtTokenCases(target: TargetRef) {
  describe('debt tokens', () => {
    const securityToken = fixtures.securityTokens[0]!.contractAddress
    const token = fixtures.debtTokens.find((candidate) => candidate.securityTokenAddress === securityToken)!
    const other = fixtures.debtTokens.find(
      (candidate) =>
        candidate.securityTokenAddress !== securityToken &&
        candidate.debtorAddress !== token.debtorAddress &&
        candidate.creditorAddress !== token.creditorAddress,
    )!

    it("lists a security token's debt tokens on /manager/debt-tokens/{st} (never taken for a payment list)", async () => {
      const reply = await target().send('GET', `/manager/debt-tokens/${securityToken}`)
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual(tokensWhere('securityTokenAddress', securityToken))
      expect(reply.json.length).toBeGreaterThan(1)
      expect(reply.json[0]).toHaveProperty('parcels')
    })

    it("answers one debt token of a security token as an array, [] when it is another's", async () => {
      expect((await target().send('GET', `/manager/debt-tokens/${securityToken}/${token.address}`)).json).toEqual([
        wire(token),
      ])
      expect((await target().send('GET', `/manager/debt-tokens/${securityToken}/${other.address}`)).json).toEqual([])
    })

    it('lists every debt token of every debtor and creditor, each found by all three of its queries', async () => {
      for (const seeded of fixtures.debtTokens) {
        const byDebtor = (await target().send('GET', `/debtToken/debtor/${seeded.debtorAddress}`)).json
        const byCreditor = (await target().send('GET', `/debtToken/creditor/${seeded.creditorAddress}`)).json
        expect(byDebtor).toEqual(tokensWhere('debtorAddress', seeded.debtorAddress))
        expect(byCreditor).toEqual(tokensWhere('creditorAddress', seeded.creditorAddress))
        expect(byDebtor).toContainEqual(wire(seeded))
        expect(byCreditor).toContainEqual(wire(seeded))
        if (seeded.securityTokenAddress !== null) {
          expect(
            (await target().send('GET', `/manager/debt-tokens/${seeded.securityTokenAddress}`)).json,
          ).toContainEqual(wire(seeded))
        }
      }
    })

    it("answers a debtor's or creditor's single token as an array, [] for someone else's", async () => {
      expect((await target().send('GET', `/debtToken/debtor/${token.debtorAddress}/${token.address}`)).json).toEqual([
        wire(token),
      ])
      expect(
        (await target().send('GET', `/debtToken/creditor/${token.creditorAddress}/${token.address}`)).json,
      ).toEqual([wire(token)])
      expect((await target().send('GET', `/debtToken/debtor/${token.debtorAddress}/${other.address}`)).json).toEqual([])
      expect(
        (await target().send('GET', `/debtToken/creditor/${token.creditorAddress}/${other.address}`)).json,
      ).toEqual([])
    })

    it('treats address casing as insignificant', async () => {
      const upper = `0x${token.debtorAddress.slice(2).toUpperCase()}`
      expect((await target().send('GET', `/debtToken/debtor/${upper}`)).json).toEqual(
        tokensWhere('debtorAddress', token.debtorAddress),
      )
    })

    it('answers [] for well-formed addresses that match nothing', async () => {
      for (const path of [
        `/manager/debt-tokens/${UNKNOWN_ADDRESS}`,
        `/manager/debt-tokens/${UNKNOWN_ADDRESS}/${token.address}`,
        `/debtToken/debtor/${UNKNOWN_ADDRESS}`,
        `/debtToken/debtor/${UNKNOWN_ADDRESS}/${UNKNOWN_ADDRESS}`,
        `/debtToken/creditor/${UNKNOWN_ADDRESS}`,
        `/debtToken/creditor/${token.creditorAddress}/${UNKNOWN_ADDRESS}`,
      ]) {
        const reply = await target().send('GET', path)
        expect(reply.status, path).toBe(200)
        expect(reply.json, path).toEqual([])
      }
    })

    it('refuses malformed addresses on every query with 400 naming the parameter', async () => {
      const cases: [string, RegExp][] = [
        ['/manager/debt-tokens/0x123', /path parameter securityTokenAddress must be an ADDRESS/],
        [`/manager/debt-tokens/${securityToken}/xyz`, /path parameter debtTokenAddress must be an ADDRESS/],
        [`/debtToken/debtor/0x${'g'.repeat(40)}`, /path parameter address must be an ADDRESS/],
        [`/debtToken/debtor/${token.debtorAddress}/0x`, /path parameter tokenAddress must be an ADDRESS/],
        ['/debtToken/creditor/abc', /path parameter address must be an ADDRESS/],
        [`/debtToken/creditor/abc/${token.address}`, /path parameter address must be an ADDRESS/],
        [
          `/debtToken/creditor/${token.creditorAddress}/${token.address}0`,
          /path parameter tokenAddress must be an ADDRESS/,
        ],
      ]
      for (const [path, message] of cases)
        expect(expectErrorShape(await target().send('GET', path), 400), path).toMatch(message)
    })

    it('answers 400 (not a 5xx) for a malformed percent-escape in a path', async () => {
      expect(expectErrorShape(await target().send('GET', '/debtToken/debtor/%E0%A4%A'), 400)).toMatch(/percent-encoded/)
    })

    it('keeps parcels consistent with their token', async () => {
      for (const seeded of (await target().send('GET', `/manager/debt-tokens/${securityToken}`)).json) {
        const unpaid = seeded.parcels.filter((parcel: { isPaid: boolean }) => !parcel.isPaid)
        const paid = seeded.parcels.filter((parcel: { isPaid: boolean }) => parcel.isPaid)
        const cents = (list: { amount: number }[]) => list.reduce((sum, parcel) => sum + parcel.amount, 0)
        expect(Math.round(Number(seeded.amount) * 100)).toBe(cents(unpaid))
        expect(Math.round(Number(seeded.amountPaidInstallments) * 100)).toBe(cents(paid))
        for (const parcel of paid) expect(parcel.paymentHash).toMatch(/^0x[0-9a-f]{64}$/)
      }
    })
  })
}
