/**
 * What the factories make, the API answers as the OpenAPI document says, formats included (date,
 * date-time, uuid, email, patterns and minimums): records of every table and debt token state are
 * created, read back through real fetch and validated against the document's 200 answer. An override
 * the document would refuse (a negative amount, an e-mail that is not one) is refused at creation,
 * naming the field, so no reply can carry it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FactoryError } from '../../src/factories/factory-error.ts'
import { setupSimulatorServer, strictListenOptions } from '../../src/runtimes/node.ts'
import { validatorOf } from '../support/json-schema-arbitrary.ts'
import { documentAjv, documented, requestTarget } from '../support/openapi-document.ts'

const BASE = 'https://api.example.test'
const { simulator, server } = setupSimulatorServer({ baseUrl: BASE })
beforeAll(() => server.listen(strictListenOptions))
beforeEach(() => simulator.reset())
afterAll(() => server.close())

const ajv = documentAjv()

/** Reads `operationId` with these parameters and expects a 200 the document describes; answers its body. */
async function readValid(operationId: string, values: Record<string, unknown>): Promise<any> {
  const operation = documented(operationId)
  const response = await fetch(`${BASE}${requestTarget(operation, values)}`, {
    headers: { authorization: 'Bearer factories-document' },
  })
  const json = await response.json()
  expect(response.status, JSON.stringify(json)).toBe(200)
  const validate = validatorOf(ajv, operation.responses['200']!.content!['application/json']!.schema)
  expect(validate(json), `${operationId}: ${ajv.errorsText((validate as any).errors)}`).toBe(true)
  return json
}

describe('records made by the factories', () => {
  it('are answered by the API as the document describes them, formats on', async () => {
    const users = await simulator.create.users.many(5)
    for (const user of users) expect((await readValid('getUser', { id: user.id })).id).toBe(user.id)

    const funds = await simulator.create.securityTokens.many(3, { expirationDate: '2027-01-31' })
    for (const fund of funds) {
      const listed = await readValid('listSecurityTokens', { contractAddress: fund.contractAddress })
      expect(listed).toHaveLength(1)
    }

    for (const state of ['awaiting', 'active', 'listed', 'overdue', 'settled'] as const) {
      const [token] = await simulator.create.debtTokens.many(2, {}, { state })
      // A token awaiting signatures backs no security token yet.
      if (token!.securityTokenAddress !== null)
        await readValid('getSecurityTokenDebtToken', {
          securityTokenAddress: token!.securityTokenAddress,
          debtTokenAddress: token!.address,
        })
      await readValid('listDebtorDebtTokens', { address: token!.debtorAddress })
      await readValid('listCreditorDebtTokens', { address: token!.creditorAddress })
    }

    const contract = await simulator.create.signatureContracts()
    await readValid('getSignatureContract', { address: contract.signatureContractAddress })

    const [paid] = await simulator.create.managerPayments.many(2, { status: 'PAID' })
    await readValid('listManagerPayments', { address: paid!.managerAddress, tokenAddressOrId: paid!.tokenAddress })
    const [invested] = await simulator.create.investorPayments.many(2)
    await readValid('listInvestorPayments', {
      address: invested!.investorAddress,
      tokenAddressOrId: invested!.tokenAddress,
    })
  })

  it('never carry a negative amount or an e-mail that is not one: such overrides are refused, naming the field', async () => {
    const refusal = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).toBeInstanceOf(FactoryError)
      return (error as FactoryError).message
    }
    expect(
      await refusal(() =>
        simulator.create.securityTokens({ series: [{ seriesAmount: -5 }], totalInvestmentAmount: -100 }),
      ),
    ).toBe(
      'overrides.totalInvestmentAmount must be at least 0, got -100; overrides.series[0].seriesAmount must be at least 0, got -5',
    )
    expect(await refusal(() => simulator.create.users({ email: 'not-an-email' }))).toBe(
      'overrides.email must be an e-mail address such as name@example.com, got "not-an-email"',
    )
    expect(await refusal(() => simulator.create.users({ annualGrossIncome: -1 }))).toBe(
      'overrides.annualGrossIncome must be at least 0, got -1',
    )
  })
})
