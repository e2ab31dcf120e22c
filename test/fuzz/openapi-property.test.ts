/**
 * The document is one a tool can trust: requests generated from its schemas alone (path
 * parameters, query, bodies), as Schemathesis or a generated client would send them, are accepted.
 * Each operation gets a seeded, bounded run of such requests through real fetch to the in-process
 * simulator; every answer must be a status the document declares for the operation, a 2xx or a
 * documented domain refusal (a 404 for an unknown id, a 400 only for a documented domain rule,
 * never for a value the schemas call valid), and its body must validate against the document's
 * schema for that status. Known ids of the seeded world are mixed into the generated ones, so the
 * reads also answer real records.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OperationId, operations } from '../../src/contract/operations.ts'
import { jsonSchemaArbitrary, validatorOf } from '../support/json-schema-arbitrary.ts'
import {
  type DocumentedOperation,
  document,
  documentAjv,
  documented,
  requestTarget,
} from '../support/openapi-document.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { inProcessTarget, type SimulatorTarget } from '../support/target.ts'

const SEED = 20260302
const RUNS = propertyRuns(60)

/** The 400s an operation answers for a domain rule, by the rule's words; any other 400 is a document bug. */
const DOMAIN_REFUSALS: Readonly<Record<string, RegExp>> = {
  createSignatureContract: /the last would fall after 9999-12-31/,
  updateManagerPayment: /^cannot change a payment's status/,
  updateInvestorPayment: /^cannot change a payment's status/,
}

const ajv = documentAjv()
const components = document.components.schemas

/**
 * Parameter values of the seeded world, by operation, as the document names the parameters. Typed by
 * the operation table, so a new operation does not compile until it says which values reach its work
 * (none for a create, whose body the generator writes whole).
 */
function knownParameters(target: SimulatorTarget): Record<OperationId, Record<string, string>[]> {
  const tables = target.simulator.state({ limit: 1_000_000 }).tables as Record<string, any[]>
  const { users = [], signatureContracts = [], managerPayments = [], investorPayments = [] } = tables
  const { debtTokens = [], securityTokens = [] } = tables
  return {
    createSignatureContract: [],
    createManagerPayment: [],
    createInvestorPayment: [],
    createSecurityToken: [],
    getUser: users.map((user) => ({ id: user.id })),
    getSignatureContract: signatureContracts.map((contract) => ({ address: contract.signatureContractAddress })),
    listManagerPayments: managerPayments.map((p) => ({ address: p.managerAddress, tokenAddressOrId: p.tokenAddress })),
    updateManagerPayment: managerPayments.map((p) => ({ address: p.tokenAddress, tokenAddressOrId: String(p.id) })),
    listInvestorPayments: investorPayments.map((p) => ({
      address: p.investorAddress,
      tokenAddressOrId: p.tokenAddress,
    })),
    updateInvestorPayment: investorPayments.map((p) => ({
      address: p.investorAddress,
      tokenAddressOrId: String(p.id),
    })),
    listSecurityTokenDebtTokens: securityTokens.map((token) => ({ securityTokenAddress: token.contractAddress })),
    getSecurityTokenDebtToken: debtTokens
      .filter((token) => token.securityTokenAddress !== null)
      .map((token) => ({ securityTokenAddress: token.securityTokenAddress, debtTokenAddress: token.address })),
    listDebtorDebtTokens: debtTokens.map((token) => ({ address: token.debtorAddress })),
    getDebtorDebtToken: debtTokens.map((token) => ({ address: token.debtorAddress, tokenAddress: token.address })),
    listCreditorDebtTokens: debtTokens.map((token) => ({ address: token.creditorAddress })),
    getCreditorDebtToken: debtTokens.map((token) => ({ address: token.creditorAddress, tokenAddress: token.address })),
    listSecurityTokens: securityTokens.map((token) => ({ contractAddress: token.contractAddress })),
    deleteSecurityToken: securityTokens.map((token) => ({ contractAddress: token.contractAddress })),
    updateSecurityToken: securityTokens.map((token) => ({ contractAddress: token.contractAddress })),
  }
}

/** Path and query values generated from the document's parameter schemas. */
function parametersArbitrary(operation: DocumentedOperation): fc.Arbitrary<Record<string, unknown>> {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header')
  const model = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      jsonSchemaArbitrary(parameter.schema, components, validatorOf(ajv, parameter.schema)),
    ]),
  )
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name)
  return fc.record(model, { requiredKeys: required })
}

function bodyArbitrary(operation: DocumentedOperation): fc.Arbitrary<unknown> {
  const body = operation.requestBody
  if (body === undefined) return fc.constant(undefined)
  const schema = body.content['application/json'].schema
  const value = jsonSchemaArbitrary(schema, components, validatorOf(ajv, schema))
  return body.required ? value : fc.option(value, { nil: undefined })
}

describe('requests generated from the OpenAPI document', () => {
  let target: SimulatorTarget
  let known: Record<OperationId, Record<string, string>[]>

  beforeAll(async () => {
    target = await inProcessTarget()
    known = knownParameters(target)
  })
  afterAll(() => target.close())

  const apiOperations = operations.map((operation) => documented(operation.id))

  it.each(apiOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s: every generated request gets a declared answer, with a body of the declared shape',
    async (id, operation) => {
      const seen = new Map<number, number>()
      const knownValues = known[id as OperationId]
      const parameters =
        knownValues.length === 0
          ? parametersArbitrary(operation)
          : fc.oneof(parametersArbitrary(operation), fc.constantFrom(...knownValues))
      await fc.assert(
        fc.asyncProperty(parameters, bodyArbitrary(operation), async (values, body) => {
          target.reset()
          const path = requestTarget(operation, values)
          const reply = await target.send(operation.method, path, body === undefined ? {} : { body })
          seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1)
          const declared = operation.responses[String(reply.status)]
          const what = `${operation.method} ${path} ${JSON.stringify(body)?.slice(0, 300)} → ${reply.status} ${reply.text.slice(0, 300)}`
          expect(declared, `undeclared status: ${what}`).toBeDefined()
          if (reply.status !== 200) {
            const domain = (operations.find((candidate) => candidate.id === id)!.errors as Record<number, string>)[
              reply.status
            ]
            expect(domain, `a valid request was refused: ${what}`).toBeDefined()
            if (reply.status === 400) expect(reply.json.message, what).toMatch(DOMAIN_REFUSALS[id] ?? /^$/)
          }
          const validate = validatorOf(ajv, declared!.content!['application/json']!.schema)
          expect(validate(reply.json), `${what}: ${ajv.errorsText((validate as any).errors)}`).toBe(true)
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
      // The generated requests reach the operation's work, not only its refusals.
      expect(seen.get(200) ?? 0, `${id} answered ${JSON.stringify([...seen])}`).toBeGreaterThan(0)
    },
  )
})
