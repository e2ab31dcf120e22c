/**
 * The factories in-process: `simulator.create.<table>()` builds coherent records that the API then
 * answers (read back through real fetch under msw), in the state asked for at the clock's now,
 * from the seeded random source (the same calls give the same records), validated like requests.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DebtTokenStatus } from '../../src/domain/debt-token-status.ts'
import { FactoryError } from '../../src/factories/factory-error.ts'
import { type RecordOf, type TableName, tables } from '../../src/model/records.ts'
import { presentDebtToken, presentSecurityToken } from '../../src/resolvers/presenters.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'
import { fixtures, UNKNOWN_ADDRESS } from '../support/world.ts'

const BASE = 'https://api.example.test'
const { simulator, server } = setupSimulatorServer({ baseUrl: BASE })
beforeAll(() => server.listen(strictListenOptions))
beforeEach(() => simulator.reset())
afterAll(() => server.close())

async function get(path: string, session?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${BASE}${path}`, {
    headers: { authorization: 'Bearer factories', ...(session !== undefined && { 'x-sim-session': session }) },
  })
  return { status: response.status, json: await response.json() }
}

function expectValid<N extends TableName>(table: N, record: RecordOf<N>): void {
  const result = tables[table].schema.safeParse(record)
  expect(result.success, JSON.stringify(result.error?.issues[0])).toBe(true)
}

const STATES = {
  awaiting: DebtTokenStatus.AwaitingSignatures,
  active: DebtTokenStatus.Active,
  listed: DebtTokenStatus.Listed,
  overdue: DebtTokenStatus.Overdue,
  settled: DebtTokenStatus.Settled,
} as const

describe('debt tokens', () => {
  it.each(Object.entries(STATES))(
    'are created %s, and the API reports that status at the clock',
    async (state, status) => {
      const token = await simulator.create.debtTokens({}, { state: state as keyof typeof STATES })
      expectValid('debtTokens', token)
      const now = simulator.clock.now().getTime() / 1000
      const read = await get(`/debtToken/debtor/${token.debtorAddress}/${token.address}`)
      expect(read.status).toBe(200)
      expect(read.json).toEqual([presentDebtToken(token, simulator.clock.now())])
      expect(read.json[0].status).toBe(status)
      const unpaidPast = token.parcels.filter((parcel) => !parcel.isPaid && parcel.dueDate < now)
      const paid = token.parcels.filter((parcel) => parcel.isPaid)
      if (state === 'overdue') expect(unpaidPast.length).toBeGreaterThan(0)
      else expect(unpaidPast).toEqual([])
      if (state === 'settled') expect(paid).toHaveLength(token.parcels.length)
      for (const parcel of token.parcels) expect(parcel.paymentHash === '').toBe(!parcel.isPaid)
      expect(token.creditorSignature === '').toBe(state === 'awaiting')
      expect((await get(`/debtToken/creditor/${token.creditorAddress}/${token.address}`)).json).toEqual(read.json)
    },
  )

  it('are built with their signature contract, security token and manager, all readable', async () => {
    const { records, linked } = await simulator.createRecords({ table: 'debtTokens', state: 'overdue' })
    const token = records[0]!
    const contract = linked.signatureContracts![0]!
    const fund = linked.securityTokens![0]!
    const manager = linked.users![0]!
    expect(token.securityTokenAddress).toBe(fund.contractAddress)
    expect(fund.managerAddress).toBe(manager.walletAddress)
    expect(manager.role).toEqual(['manager'])
    expect(contract).toMatchObject({
      creditorWalletAddress: token.creditorAddress,
      debtorWalletAddress: token.debtorAddress,
      debtTotalValue: token.originalAmount,
      installments: String(token.parcels.length),
      lastInstallmentDueDate: token.lastInstallmentDueDate,
      periodicity: token.periodicity,
      monthlyInterests: token.monthlyInterestRate,
    })
    // The contract's installment is the Price table's: every parcel but the last (which absorbs rounding) is it.
    expect(token.parcels.slice(0, -1).every((parcel) => parcel.currentAmount === contract.installmentValue)).toBe(true)
    expect((await get(`/debtToken/signature-contract/${contract.signatureContractAddress}`)).json).toEqual(contract)
    expect((await get(`/manager/debt-tokens/${fund.contractAddress}/${token.address}`)).json).toHaveLength(1)
    const listed = (await get(`/securityToken?contractAddress=${fund.contractAddress}`)).json
    expect(listed).toEqual([presentSecurityToken(fund, simulator.clock.now())])
    expect((await get(`/users/${manager.id}`)).json).toEqual(manager)
  })

  it('use the links given, and share the ones they create across a batch', async () => {
    const fund = fixtures.securityTokens[0]!
    const debtor = fixtures.debtTokens.find((token) => token.securityTokenAddress !== null)!
    const tokens = await simulator.create.debtTokens.many(
      3,
      { securityTokenAddress: fund.contractAddress, debtorAddress: debtor.debtorAddress },
      { state: 'overdue' },
    )
    for (const token of tokens) {
      expect(token.securityTokenAddress).toBe(fund.contractAddress)
      // The debtor's tax id is the one the world knows it by.
      expect(token).toMatchObject({ debtorAddress: debtor.debtorAddress, debtorId: debtor.debtorId })
    }
    expect(new Set(tokens.map((token) => token.creditorAddress)).size).toBe(1)
    const listed = (await get(`/manager/debt-tokens/${fund.contractAddress}`)).json as { address: string }[]
    expect(listed.map((token) => token.address)).toEqual(expect.arrayContaining(tokens.map((token) => token.address)))
    const ofDebtor = (await get(`/debtToken/debtor/${debtor.debtorAddress}`)).json as { status: number }[]
    expect(ofDebtor.filter((token) => token.status === DebtTokenStatus.Overdue).length).toBeGreaterThanOrEqual(3)
    // One fund, one creditor: nothing else was created for three tokens but their contracts.
    expect(simulator.state().counts.securityTokens).toBe(fixtures.securityTokens.length)
  })

  it('take loan terms and a creation date, and refuse one that cannot give the state', async () => {
    const token = await simulator.create.debtTokens({
      originalAmount: '12000.00',
      monthlyInterestRate: '1.5',
      periodicity: 'quarterly',
      createdAt: '2026-01-10T09:00:00Z',
    })
    expect(token).toMatchObject({
      originalAmount: '12000.00',
      monthlyInterestRate: '1.5',
      periodicity: 'quarterly',
      createdAt: '2026-01-10T09:00:00.000Z',
      status: DebtTokenStatus.Active,
    })
    expect(token.parcels[0]!.dueDate).toBe(Date.UTC(2026, 1, 10) / 1000)
    await expect(
      simulator.create.debtTokens({ createdAt: '2020-01-01T00:00:00Z' }, { state: 'active' }),
    ).rejects.toThrow(
      /^overrides\.createdAt must leave the debt token active at the clock's now \(2026-03-02T12:00:00\.000Z\): with it the token would be (settled|overdue)$/,
    )
  })
})

describe('the other tables', () => {
  it('create users, security tokens with their series, contracts and payments the API answers', async () => {
    const user = await simulator.create.users({ role: ['investor'], personalData: { fullName: 'Ana Souza' } })
    expectValid('users', user)
    expect(user.personalData.fullName).toBe('Ana Souza')
    expect((await get(`/users/${user.id.toUpperCase()}`)).json).toEqual(user)

    const fund = await simulator.create.securityTokens({
      series: [
        { name: 'SENIOR', seriesAmount: 300_000 },
        { name: 'MEZANINO', seriesAmount: 200_000 },
      ],
      expirationDate: '2020-12-31',
    })
    expectValid('securityTokens', fund)
    expect(fund.emissionAmount).toBe(500_000)
    expect(fund.vaultAddresses).toEqual(fund.series.map((series) => series.vault))
    expect(fund.adminAddress).toBe(simulator.host.world.platform.adminAddress)
    const [listed] = (await get(`/securityToken?contractAddress=${fund.contractAddress}`)).json
    expect(listed).toMatchObject({ expired: true, series: fund.series })

    const contract = await simulator.create.signatureContracts({ installments: '6', debtTotalValue: '6000.00' })
    expectValid('signatureContracts', contract)
    expect((await get(`/debtToken/signature-contract/${contract.signatureContractAddress}`)).json).toEqual(contract)
    // As POST /debtToken/signature-contract does, it opens its debt token awaiting signatures.
    const opened = (await get(`/debtToken/debtor/${contract.debtorWalletAddress}`)).json
    expect(opened).toHaveLength(1)
    expect(opened[0]).toMatchObject({ status: DebtTokenStatus.AwaitingSignatures, originalAmount: '6000.00' })
    expect(opened[0].parcels).toHaveLength(6)

    const paid = await simulator.create.managerPayments({ tokenAddress: fund.contractAddress, status: 'PAID' })
    expectValid('managerPayments', paid)
    expect(paid).toMatchObject({ managerAddress: fund.managerAddress, id: fixtures.managerPayments.length + 1 })
    expect(paid.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(['SENIOR', 'MEZANINO']).toContain(paid.serie)
    expect((await get(`/manager/${fund.managerAddress}/${fund.contractAddress}`)).json.at(-1)).toEqual(paid)

    const { records, linked } = await simulator.createRecords({ table: 'investorPayments', count: 2 })
    expect(records.map((payment) => payment.id)).toEqual([7, 8])
    expect(linked.users).toHaveLength(2) // the investor and the new fund's manager
    const investor = records[0]!.investorAddress
    expect(records[1]!.investorAddress).toBe(investor)
    expect((await get(`/investor/${investor}/${records[0]!.tokenAddress}`)).json).toEqual(records)
  })
})

describe('createMany', () => {
  it('creates n records of a table, typed by its overrides, as create.<table>.many does (the same function)', async () => {
    expect(simulator.createMany.users).toBe(simulator.create.users.many)
    const managers = await simulator.createMany.users(3, { role: ['manager'] })
    expect(managers.map((user) => user.role)).toEqual([['manager'], ['manager'], ['manager']])
    for (const user of managers) expect((await get(`/users/${user.id}`)).json).toEqual(user)
    const overdue = await simulator.createMany.debtTokens(2, { monthlyInterestRate: '1.5' }, { state: 'overdue' })
    expect(overdue.map((token) => token.status)).toEqual([DebtTokenStatus.Overdue, DebtTokenStatus.Overdue])
    const fresh = createSimulator()
    expect(await fresh.create.users.many(3, { role: ['manager'] })).toEqual(managers)
    // @ts-expect-error a user's email is a string, and only debt tokens take a state
    await expect(simulator.createMany.users(1, { email: 1 }, { state: 'overdue' })).rejects.toThrow(/email/)
    const own = await simulator.sessions.get('qa-many').createMany.investorPayments(2)
    expect((await get(`/investor/${own[0]!.investorAddress}/${own[0]!.tokenAddress}`, 'qa-many')).json).toEqual(own)
    await expect(simulator.createMany.users(1001)).rejects.toThrow(/count must be/)
  })
})

describe('determinism and sessions', () => {
  const script = async (target: typeof simulator) => [
    await target.create.debtTokens({}, { state: 'listed' }),
    await target.create.users(),
    await target.create.investorPayments.many(2),
  ]

  it('give the same records for the same calls on a fresh simulator, and after a reset', async () => {
    const first = await script(simulator)
    const fresh = await script(createSimulator())
    expect(JSON.stringify(fresh)).toBe(JSON.stringify(first))
    simulator.reset()
    expect(JSON.stringify(await script(simulator))).toBe(JSON.stringify(first))
  })

  it('create in a session only, drawing from its own sequence', async () => {
    const own = await simulator.sessions.get('qa-1').create.debtTokens({}, { state: 'overdue' })
    const path = `/debtToken/debtor/${own.debtorAddress}`
    expect((await get(path, 'qa-1')).json).toHaveLength(1)
    expect((await get(path)).json).toEqual([])
    expect((await get(path, 'qa-2')).json).toEqual([])
    // A session's sequence starts like a fresh simulator's.
    expect(await createSimulator().create.debtTokens({}, { state: 'overdue' })).toEqual(own)
  })
})

async function message(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(FactoryError)
  return (error as FactoryError).message
}

describe('mistakes', () => {
  it('name each bad field as request validation does', async () => {
    expect(
      await message(
        simulator.create.debtTokens(
          { debtorAddress: '0x12', originalAmount: '12.345' } as never,
          { state: 'late' } as never,
        ),
      ),
    ).toBe(
      'state must be one of awaiting, active, listed, overdue, settled, got "late"; overrides.debtorAddress must be an ADDRESS (0x followed by 40 hexadecimal characters), got "0x12"; overrides.originalAmount must be an amount of money written as a string with at most two decimals, such as "1500.00", got "12.345"',
    )
    expect(await message(simulator.create.debtTokens({ debtorAddress: '0x12', parcels: [] } as never))).toBe(
      'overrides.debtorAddress must be an ADDRESS (0x followed by 40 hexadecimal characters), got "0x12"; overrides.parcels is derived: the Price table of originalAmount, monthlyInterestRate and periodicity; ask for a state',
    )
    expect(await message(simulator.create.securityTokens({ series: [{ vault: 'x' }], colour: 'red' } as never))).toBe(
      'overrides.series[0].vault must be an ADDRESS (0x followed by 40 hexadecimal characters), got "x"; overrides must not hold "colour"',
    )
    // A typo names the field it was likely meant to be, however deep; a key near nothing is only refused.
    expect(await message(simulator.create.debtTokens({ originalAmout: '100.00' } as never))).toBe(
      'overrides must not hold "originalAmout" (did you mean "originalAmount"?)',
    )
    expect(await message(simulator.create.users({ personalData: { fulName: 'Ana' } } as never))).toBe(
      'overrides.personalData must not hold "fulName" (did you mean "fullName"?)',
    )
    expect(await message(simulator.create.users({ personalData: { birthDate: '1990-01-01' } }))).toMatch(
      /^overrides\.personalData\.birthDate must be an ISO 8601 date-time/,
    )
    expect(await message(simulator.create.managerPayments({ id: 3 } as never))).toMatch(/^overrides\.id is derived: /)
    expect(await message(simulator.create.users.many(1001))).toBe(
      'count must be a whole number from 1 to 1000, got 1001',
    )
    expect(await message(simulator.create.users({}, { state: 'active' } as never))).toMatch(/^state must be left out/)
    expect(await message(simulator.create.debtTokens.many(2, { address: UNKNOWN_ADDRESS }))).toBe(
      'overrides.address must be left out when count is 2: it names one record',
    )
  })

  it('refuse links that do not exist and keys that do, storing and drawing nothing', async () => {
    const before = simulator.state().counts
    expect(await message(simulator.create.debtTokens({ securityTokenAddress: UNKNOWN_ADDRESS }))).toBe(
      `overrides.securityTokenAddress must name a security token of this world, got "${UNKNOWN_ADDRESS}"`,
    )
    expect(await message(simulator.create.investorPayments({ tokenAddress: UNKNOWN_ADDRESS }))).toMatch(
      /^overrides\.tokenAddress must name a security token of this world/,
    )
    expect(await message(simulator.create.users({ id: fixtures.users[0]!.id }))).toMatch(
      /^overrides\.id must be a new user id/,
    )
    // Refused after drawing (the creation date cannot give the state): the sequence is rewound too.
    expect(
      await message(simulator.create.debtTokens({ createdAt: '2001-01-01T00:00:00Z' }, { state: 'listed' })),
    ).toMatch(/^overrides\.createdAt must leave/)
    expect(simulator.state().counts).toEqual(before)
    expect(await simulator.create.debtTokens()).toEqual(await createSimulator().create.debtTokens())
  })

  it('count against the capacity of written records, like the API, and refuse beyond it with 507', async () => {
    const small = createSimulator({ maxRecords: 30 })
    await small.create.debtTokens.many(2, { securityTokenAddress: fixtures.securityTokens[0]!.contractAddress })
    const written = small.model.writtenCount()
    expect(written).toBeGreaterThanOrEqual(2 * (1 + 1 + 3)) // a contract, a token and at least three parcels each
    const refused = await small.create.debtTokens.many(5).then(
      () => undefined,
      (error: { status: number; message: string }) => error,
    )
    expect(refused?.status).toBe(507)
    expect(refused?.message).toMatch(
      /^createRecords would add to debtTokens, but this world's written records would pass its capacity of 30/,
    )
    expect(small.model.writtenCount()).toBe(written)
  })
})

describe('near the ends of the calendar', () => {
  it('answer a clear error naming what to give, never an invalid record', async () => {
    simulator.clock.set(new Date('9999-11-01T00:00:00Z'))
    expect(await message(simulator.create.debtTokens({}, { state: 'awaiting' }))).toBe(
      "state: a debt token awaiting at the clock's now (9999-11-01T00:00:00.000Z) leaves no room in the calendar: with 7 monthly installments from 9999-11-23 the last would fall after 9999-12-31; move the clock (PUT /__sim/clock)",
    )
    const refused = await simulator.create.debtTokens().then(
      () => undefined,
      (error: { status: number; message: string }) => error,
    )
    expect(refused?.status).toBe(400)
    expect(refused?.message).toMatch(
      /^overrides\.securityTokenAddress must be given here: a security token cannot be created for it \(maxExpirationDate: the clock's now \(9999-11-01T00:00:00\.000Z\) is too close to the end of the calendar/,
    )
    const contract = await simulator.create.signatureContracts().then(
      () => undefined,
      (error: { status: number; message: string }) => error,
    )
    expect(contract?.message).toMatch(
      /^overrides\.firstInstallmentDueDate: leaves no room in the calendar: with \d+ \w+ installments from 9999-12-01 the last would fall after 9999-12-31/,
    )
    simulator.clock.set(new Date('0001-01-02T00:00:00Z'))
    for (const table of ['users', 'securityTokens', 'debtTokens', 'managerPayments', 'investorPayments'] as const) {
      const error = await simulator.create[table]().then(
        () => undefined,
        (thrown: { status: number }) => thrown,
      )
      expect(error?.status, table).toBe(400)
    }
  })
})
