/** The operation table: every operation of the spec, merged from the group modules, with lookup by id. */
import { debtTokenOperations } from './debt-tokens.ts'
import { investorPaymentOperations, managerPaymentOperations } from './payments.ts'
import { securityTokenOperations } from './security-tokens.ts'
import { signatureContractOperations } from './signature-contracts.ts'
import { userOperations } from './users.ts'

export const operations = [
  ...signatureContractOperations,
  ...userOperations,
  ...managerPaymentOperations,
  ...investorPaymentOperations,
  ...debtTokenOperations,
  ...securityTokenOperations,
] as const

export type Operation = (typeof operations)[number]
export type OperationId = Operation['id']
export type OperationById<Id extends OperationId> = Extract<Operation, { id: Id }>

export const operationIds: readonly OperationId[] = operations.map((operation) => operation.id)

const byId = new Map<string, Operation>(operations.map((operation) => [operation.id, operation]))

export function findOperation(id: string): Operation | undefined {
  return byId.get(id)
}
