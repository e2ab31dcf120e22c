/**
 * Hostile clients over HTTP (issue "Hardening"): inputs that stored megabytes, answered 500, or
 * wrote dates outside `YYYY-MM-DD`. Every amount stays a whole number of cents, every instant lies
 * in the years 0001-9999, and what a client sends is what it reads back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_INSTALLMENTS, MAX_MONEY, MAX_MONTHLY_INTEREST_PERCENT } from '../../src/contract/formats.ts'
import { createClock } from '../../src/model/clock.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { NEW_WALLET_A, NEW_WALLET_B } from '../support/world.ts'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0 })
})
afterAll(() => server.close())
beforeEach(() => server.simulator.reset())

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: 'Bearer hostile', 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as any }
}

const contract = (terms: Record<string, string>) => ({
  creditorWalletAddress: NEW_WALLET_A,
  debtorWalletAddress: NEW_WALLET_B,
  debtTotalValue: '12000.00',
  installments: '12',
  firstInstallmentDueDate: '2026-04-01',
  paymentFrequency: 'monthly',
  monthlyInterests: '1.5',
  ...terms,
})

const counts = () => JSON.stringify(server.simulator.state({ limit: 0 }).counts)

async function refused(body: unknown, field: string, detail: RegExp) {
  const before = counts()
  const reply = await call('POST', '/debtToken/signature-contract', body)
  expect(reply.status).toBe(400)
  expect(reply.json.statusCode).toBe('400')
  expect(reply.json.message).toContain(field)
  expect(reply.json.message).toMatch(detail)
  expect(counts(), 'a refused contract stores nothing').toBe(before)
}

describe('bounded signature contracts', () => {
  it(`refuses more than ${MAX_INSTALLMENTS} installments (9,999 stored megabytes)`, async () => {
    await refused(contract({ installments: '9999' }), 'body.installments', new RegExp(`1 to ${MAX_INSTALLMENTS}`))
    await refused(contract({ installments: '601' }), 'body.installments', /got "601"/)
    expect(
      (await call('POST', '/debtToken/signature-contract', contract({ installments: String(MAX_INSTALLMENTS) })))
        .status,
    ).toBe(200)
  })

  it('refuses amounts and rates over their maximum instead of answering 500', async () => {
    await refused(
      contract({ debtTotalValue: '90071992547409.92', installments: '1' }),
      'body.debtTotalValue',
      /at most 1,000,000,000/,
    )
    await refused(
      contract({ monthlyInterests: '100', paymentFrequency: 'annual' }),
      'body.monthlyInterests',
      new RegExp(`at most ${MAX_MONTHLY_INTEREST_PERCENT}`),
    )
    await refused(contract({ installmentValue: '1.999' }), 'body.installmentValue', /two decimals/)
  })

  it('answers every contract at the bounds with whole cents', async () => {
    for (const paymentFrequency of ['monthly', 'annual']) {
      const terms = {
        debtTotalValue: `${MAX_MONEY}.00`,
        installments: String(MAX_INSTALLMENTS),
        monthlyInterests: String(MAX_MONTHLY_INTEREST_PERCENT),
        paymentFrequency,
        firstInstallmentDueDate: '2026-04-01',
      }
      const created = await call('POST', '/debtToken/signature-contract', contract(terms))
      expect(created.status, JSON.stringify(created.json)).toBe(200)
      const tokens = (await call('GET', `/debtToken/creditor/${NEW_WALLET_A}`)).json as {
        parcels: { amount: number; dueDate: number }[]
        amount: string
      }[]
      const parcels = tokens.at(-1)!.parcels
      expect(parcels).toHaveLength(MAX_INSTALLMENTS)
      for (const parcel of parcels) expect(Number.isSafeInteger(parcel.amount)).toBe(true)
      expect(tokens.at(-1)!.amount).toMatch(/^\d+\.\d{2}$/)
      server.simulator.reset()
    }
  })

  it('refuses a schedule whose last installment would fall after 9999-12-31, and reads years 0001-0099 as written', async () => {
    await refused(
      contract({ firstInstallmentDueDate: '9999-06-01', installments: '12' }),
      'body.firstInstallmentDueDate',
      /after 9999-12-31/,
    )
    await refused(
      contract({ firstInstallmentDueDate: '0000-01-01' }),
      'body.firstInstallmentDueDate',
      /years 1 to 9999/,
    )
    const early = await call(
      'POST',
      '/debtToken/signature-contract',
      contract({ firstInstallmentDueDate: '0050-01-31', installments: '2' }),
    )
    expect(early.status).toBe(200)
    const read = await call('GET', `/debtToken/signature-contract/${early.json.signatureContractAddress}`)
    expect(read.json).toMatchObject({ firstInstallmentDueDate: '0050-01-31', lastInstallmentDueDate: '0050-02-28' })
  })

  it('reads back the installmentValue a client sent', async () => {
    const created = await call('POST', '/debtToken/signature-contract', contract({ installmentValue: '1234.56' }))
    expect(created.status).toBe(200)
    const read = await call('GET', `/debtToken/signature-contract/${created.json.signatureContractAddress}`)
    expect(read.json.installmentValue).toBe('1234.56')
  })

  it('refuses a payment amount that is not a finite number', async () => {
    const response = await fetch(`${server.url}/investor`, {
      method: 'POST',
      headers: { authorization: 'Bearer hostile', 'content-type': 'application/json' },
      body: `{"investorAddress":"${NEW_WALLET_A}","tokenAddress":"${NEW_WALLET_B}","amount":1e309}`,
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toContain('body.amount')
  })
})

describe('one calendar for the clock', () => {
  for (const [now, detail] of [
    ['+010000-01-01T00:00:00Z', /ISO 8601 instant/],
    ['-000001-01-01T00:00:00Z', /ISO 8601 instant/],
    ['2026-02-30T00:00:00Z', /not a real date/],
    ['0000-06-01T00:00:00Z', /years 0001 to 9999/],
    ['2026-06-01T00:00:00.1234567891Z', /^body\.now must have at most 9 decimals of a second, got "/],
    ['soon', /ISO 8601 instant/],
  ] as const) {
    it(`refuses PUT /__sim/clock to ${now}, naming the field, and creates still answer`, async () => {
      const reply = await call('PUT', '/__sim/clock', { now })
      expect(reply.status).toBe(400)
      expect(reply.json.message).toMatch(/^body\.now /)
      expect(reply.json.message).toMatch(detail)
      expect((await call('GET', '/__sim/clock')).json.now).toBe('2026-03-02T12:00:00.000Z')
      expect((await call('POST', '/securityToken', { data: {} })).status).toBe(200)
    })
  }

  it('refuses an advance that leaves the calendar; accepts the last instant', async () => {
    expect((await call('PUT', '/__sim/clock', { advanceMs: 1e15 })).status).toBe(400)
    expect((await call('PUT', '/__sim/clock', { now: '9999-12-31T23:59:59.999Z' })).status).toBe(200)
    expect((await call('PUT', '/__sim/clock', { advanceMs: 1 })).status).toBe(400)
    const created = await call('POST', '/securityToken', { data: {} })
    expect(created.status).toBe(200)
    const tokens = (await call('GET', '/securityToken')).json as { expirationDate: string; emissionEndDate: string }[]
    for (const token of tokens) expect(token.expirationDate.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('refuses the same instants for --now and createSimulator({ now })', () => {
    expect(parseArgs(['--now', '2026-02-30T00:00:00Z'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('not a real date'),
    })
    expect(parseArgs(['--now', '+010000-01-01T00:00:00Z'])).toMatchObject({ kind: 'error' })
    expect(parseArgs(['--now', '2026-06-01T00:00:00Z'])).toMatchObject({ kind: 'run' })
    expect(() => createClock({ now: '0000-01-01T00:00:00Z' })).toThrow(/years 0001 to 9999/)
  })
})

describe('a date-time the calendar refuses says what is wrong with it', () => {
  const payment = (date: string) => ({
    managerAddress: '0x111927677a5a4fc8c2f1f755d13d4cde055a175e',
    tokenAddress: '0x2cf5faf964d51725a1efdd632ab2a990f3f155c3',
    amount: 10,
    serie: 'SENIOR',
    date,
  })

  for (const [date, message] of [
    // zod's format takes any number of decimals; the calendar's nine were refused as a bad year.
    ['2026-03-01T10:00:00.1234567891Z', 'body.date must have at most 9 decimals of a second'],
    ['2026-03-01T10:00:00.000000000001+01:00', 'body.date must have at most 9 decimals of a second'],
    ['0000-03-01T10:00:00Z', 'body.date must lie in the years 0001 to 9999'],
    // A text the format refuses gets that message alone, not a second one about the years.
    ['2026-02-30T10:00:00Z', 'body.date must be an ISO 8601 date-time such as 2026-03-01T12:00:00.000Z'],
  ] as const) {
    it(`refuses a payment dated ${date} with one message`, async () => {
      const before = counts()
      const reply = await call('POST', '/manager', payment(date))
      expect(reply.status).toBe(400)
      expect(reply.json.message).toBe(`${message}, got ${JSON.stringify(date)}`)
      expect(counts()).toBe(before)
    })
  }

  it('takes nine decimals, and says the same of more in --now and createSimulator({ now })', async () => {
    expect((await call('POST', '/manager', payment('2026-03-01T10:00:00.123456789Z'))).status).toBe(200)
    expect(parseArgs(['--now', '2026-06-01T00:00:00.1234567891Z'])).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('must have at most 9 decimals of a second'),
    })
    expect(() => createClock({ now: '2026-06-01T00:00:00.1234567891Z' })).toThrow(/at most 9 decimals of a second/)
  })
})
