/** Security tokens: list (marketplace, by address), create, update, delete. */
import { describe, expect, it } from 'vitest'
import { ADDRESS_PATTERN } from '../../src/contract/formats.ts'
import { callerAddress } from '../../src/domain/caller.ts'
import { samples } from '../support/samples.ts'
import { TOKEN } from '../support/wire-target.ts'
import { expectErrorShape, fixtures, UNKNOWN_ADDRESS } from '../support/world.ts'
import type { TargetRef } from './run-conformance.ts'

// The default clock stands at 2026-03-02T12:00:00Z: the first token is open, the second's emission
// has ended, the third has expired.
const [open, emissionEnded, expired] = fixtures.securityTokens as [
  (typeof fixtures.securityTokens)[number],
  (typeof fixtures.securityTokens)[number],
  (typeof fixtures.securityTokens)[number],
]

export function securityTokenCases(target: TargetRef) {
  describe('security tokens', () => {
    it('lists every seeded token, with `expired` derived from the clock', async () => {
      const reply = await target().send('GET', '/securityToken')
      expect(reply.status).toBe(200)
      expect(reply.json.map((token: { contractAddress: string }) => token.contractAddress)).toEqual(
        fixtures.securityTokens.map((token) => token.contractAddress),
      )
      expect(reply.json.map((token: { expired: boolean }) => token.expired)).toEqual([false, false, true])
      const { series: _series, expired: _expired, ...rest } = reply.json[0]
      const { series: _s, ...seeded } = open
      expect(rest).toEqual(seeded)
      expect(reply.json[0].series).toEqual(open.series)
    })

    it('filters by contractAddress and by marketplace', async () => {
      expect(
        (await target().send('GET', `/securityToken?contractAddress=${emissionEnded.contractAddress}`)).json.map(
          (token: { contractAddress: string }) => token.contractAddress,
        ),
      ).toEqual([emissionEnded.contractAddress])
      expect((await target().send('GET', `/securityToken?contractAddress=${UNKNOWN_ADDRESS}`)).json).toEqual([])
      const market = (await target().send('GET', '/securityToken?marketplace=true')).json
      expect(market.map((token: { contractAddress: string }) => token.contractAddress)).toEqual([open.contractAddress])
      expect((await target().send('GET', '/securityToken?marketplace=false')).json).toHaveLength(3)
      expect(
        (await target().send('GET', `/securityToken?marketplace=true&contractAddress=${expired.contractAddress}`)).json,
      ).toEqual([])
    })

    it('refuses malformed query parameters with 400', async () => {
      expect(expectErrorShape(await target().send('GET', '/securityToken?contractAddress=0x1'), 400)).toMatch(
        /query parameter contractAddress must be an ADDRESS/,
      )
      expect(expectErrorShape(await target().send('GET', '/securityToken?marketplace=yes'), 400)).toMatch(
        /query parameter marketplace must be true or false/,
      )
      expect(
        expectErrorShape(
          await target().send(
            'GET',
            `/securityToken?contractAddress=${open.contractAddress}&contractAddress=${open.contractAddress}`,
          ),
          400,
        ),
      ).toMatch(/more than once/)
    })

    it('creates a token managed by the caller, with one vault per series, and lists it', async () => {
      const created = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      expect(created.status).toBe(200)
      expect(Object.keys(created.json).sort()).toEqual(['contractAddress', 'managerAddress', 'vaultAddresses'])
      expect(created.json.contractAddress).toMatch(ADDRESS_PATTERN)
      expect(created.json.managerAddress).toBe(callerAddress(TOKEN))
      expect(created.json.vaultAddresses).toHaveLength(2)
      const listed = (await target().send('GET', `/securityToken?contractAddress=${created.json.contractAddress}`)).json
      expect(listed).toHaveLength(1)
      expect(listed[0]).toMatchObject({
        contractAddress: created.json.contractAddress,
        managerAddress: created.json.managerAddress,
        vaultAddresses: created.json.vaultAddresses,
        instrument: 'FIDC',
        segment: 'Agronegócio',
        concentration: 'Pulverizada',
        emissionAmount: 1000000,
        emissionEndDate: '2026-06-30',
        maxExpirationDate: '2030-12-31',
        expirationDate: '2030-12-31',
        totalInvestmentAmount: 0,
        expired: false,
        createdAt: '2026-03-02T12:00:00.000Z',
        adminAddress: fixtures.securityTokens[0]!.adminAddress,
      })
      expect(listed[0].series[0]).toEqual({
        name: 'SENIOR',
        collectionType: 'SENIOR',
        vault: created.json.vaultAddresses[0],
        numberOfQuotas: 700,
        seriesAmount: 700000,
        unitPrice: 1000,
        percentageIssuance: 70,
        accountRemuneration: 1.2,
        gracePeriod: 2,
        paymentPeriodicity: 1,
        interestPaymentSchedule: 1,
        amortizationSchedule: 1,
      })
      expect((await target().send('GET', '/securityToken')).json).toHaveLength(4)
      expect((await target().send('GET', '/securityToken?marketplace=true')).json).toHaveLength(2)
    })

    it('uses an ADDRESS Bearer token as the manager address', async () => {
      const manager = '0x00000000000000000000000000000000000000aa'
      const created = await target().send('POST', '/securityToken', {
        body: { data: {} },
        auth: false,
        headers: { authorization: `Bearer ${manager}` },
      })
      expect(created.json.managerAddress).toBe(manager)
      expect(created.json.vaultAddresses).toHaveLength(1)
    })

    const invalid: [string, unknown, RegExp][] = [
      ['no `data` member', {}, /body\.data is required/],
      ['`data` that is not an object', { data: 'x' }, /body\.data must be a JSON object, got "x"/],
      [
        'a non-numeric emissionAmount',
        { data: { emissionAmount: 'a lot' } },
        /body\.data\.emissionAmount must be a non-negative decimal/,
      ],
      [
        'a number where a string is due',
        { data: { emissionAmount: 1000 } },
        /body\.data\.emissionAmount must be a string, got number/,
      ],
      [
        'an impossible emissionEndDate',
        { data: { emissionEndDate: '2026-13-01' } },
        /body\.data\.emissionEndDate must be a date/,
      ],
      ['series that is not an array', { data: { series: {} } }, /body\.data\.series must be an array/],
      [
        'a series with a bad unitPrice',
        { data: { series: [{ name: 'A', unitPrice: 'ten' }] } },
        /body\.data\.series\[0\]\.unitPrice must be a non-negative decimal/,
      ],
    ]
    for (const [what, body, message] of invalid) {
      it(`refuses a creation with ${what} (400) and stores nothing`, async () => {
        expect(expectErrorShape(await target().send('POST', '/securityToken', { body }), 400)).toMatch(message)
        expect((await target().send('GET', '/securityToken')).json).toHaveLength(3)
      })
    }

    it('updates fields and adds investments; the next read shows them', async () => {
      const first = await target().send('PUT', `/securityToken/${open.contractAddress}`, {
        body: { tokenName: 'FIDC Renamed', symbol: 'STNEW', investmentAmount: 1000 },
      })
      expect(first.status).toBe(200)
      expect(first.json).toEqual({
        success: true,
        message: `security token ${open.contractAddress} updated`,
        totalInvestmentAmount: open.totalInvestmentAmount + 1000,
      })
      const second = await target().send('PUT', `/securityToken/${open.contractAddress}`, {
        body: { investmentAmount: 500.5 },
      })
      expect(second.json.totalInvestmentAmount).toBe(open.totalInvestmentAmount + 1500.5)
      const listed = (await target().send('GET', `/securityToken?contractAddress=${open.contractAddress}`)).json[0]
      expect(listed).toMatchObject({
        tokenName: 'FIDC Renamed',
        symbol: 'STNEW',
        totalInvestmentAmount: open.totalInvestmentAmount + 1500.5,
        segment: open.segment,
      })
    })

    it('creates a token, reads it, updates it twice and deletes it', async () => {
      const created = await target().send('POST', '/securityToken', { body: samples.createSecurityToken.body })
      const address: string = created.json.contractAddress
      const read = async () => (await target().send('GET', `/securityToken?contractAddress=${address}`)).json
      expect(await read()).toMatchObject([{ contractAddress: address, totalInvestmentAmount: 0 }])
      // The created record is a written one: its updates go through the store's update path.
      const first = await target().send('PUT', `/securityToken/${address}`, {
        body: { tokenName: 'Created Renamed', investmentAmount: 100 },
      })
      expect(first.json).toEqual({
        success: true,
        message: `security token ${address} updated`,
        totalInvestmentAmount: 100,
      })
      const second = await target().send('PUT', `/securityToken/${address}`, { body: { investmentAmount: 50.5 } })
      expect(second.json.totalInvestmentAmount).toBe(150.5)
      expect(await read()).toMatchObject([{ tokenName: 'Created Renamed', totalInvestmentAmount: 150.5 }])
      expect((await target().send('DELETE', `/securityToken?contractAddress=${address}`)).status).toBe(200)
      expect(await read()).toEqual([])
      expectErrorShape(await target().send('PUT', `/securityToken/${address}`, { body: { tokenName: 'x' } }), 404)
    })

    it('accepts an update without a body (nothing changes)', async () => {
      const reply = await target().send('PUT', `/securityToken/${open.contractAddress}`)
      expect(reply.json).toMatchObject({ success: true, totalInvestmentAmount: open.totalInvestmentAmount })
    })

    it('refuses bad updates with 400 and unknown tokens with 404, changing nothing', async () => {
      expect(
        expectErrorShape(
          await target().send('PUT', `/securityToken/${open.contractAddress}`, { body: { investmentAmount: -5 } }),
          400,
        ),
      ).toMatch(/body\.investmentAmount/)
      expect(
        expectErrorShape(
          await target().send('PUT', `/securityToken/${open.contractAddress}`, { body: { expirationDate: 'soon' } }),
          400,
        ),
      ).toMatch(/body\.expirationDate must be a date/)
      expect(expectErrorShape(await target().send('PUT', '/securityToken/0x12', { body: {} }), 400)).toMatch(
        /path parameter contractAddress must be an ADDRESS/,
      )
      expectErrorShape(
        await target().send('PUT', `/securityToken/${UNKNOWN_ADDRESS}`, { body: { tokenName: 'x' } }),
        404,
      )
      const listed = (await target().send('GET', `/securityToken?contractAddress=${open.contractAddress}`)).json[0]
      expect(listed.tokenName).toBe(open.tokenName)
      expect(listed.totalInvestmentAmount).toBe(open.totalInvestmentAmount)
    })

    it('deletes a token: gone from the list, a second delete is 404', async () => {
      const reply = await target().send('DELETE', `/securityToken?contractAddress=${expired.contractAddress}`)
      expect(reply.status).toBe(200)
      expect(reply.json).toEqual({ success: true, message: `security token ${expired.contractAddress} deleted` })
      const listed = (await target().send('GET', '/securityToken')).json
      expect(listed.map((token: { contractAddress: string }) => token.contractAddress)).toEqual([
        open.contractAddress,
        emissionEnded.contractAddress,
      ])
      expectErrorShape(await target().send('DELETE', `/securityToken?contractAddress=${expired.contractAddress}`), 404)
      expect((await target().send('GET', `/manager/debt-tokens/${expired.contractAddress}`)).json).toEqual([])
      const payment = fixtures.managerPayments.find((candidate) => candidate.tokenAddress === expired.contractAddress)!
      expect(
        (await target().send('GET', `/manager/${payment.managerAddress}/${payment.tokenAddress}`)).json,
      ).toContainEqual(payment)
    })

    it('refuses a delete without a well-formed contractAddress with 400', async () => {
      expect(expectErrorShape(await target().send('DELETE', '/securityToken'), 400)).toMatch(
        /query parameter contractAddress is required/,
      )
      expect(expectErrorShape(await target().send('DELETE', '/securityToken?contractAddress=abc'), 400)).toMatch(
        /must be an ADDRESS/,
      )
      expect((await target().send('GET', '/securityToken')).json).toHaveLength(3)
    })
  })
}
