// A frontend's module, as in a create-vite vanilla-ts app: the browser runtime and the root entry,
// type-checked without Node's types.

import { createSimulator, DebtTokenStatus, operationTable, type ScenarioInput } from 'debt-token-simulator'
import { setupSimulatorWorker } from 'debt-token-simulator/browser'

const { simulator, worker } = setupSimulatorWorker({ baseUrl: 'https://api.example.test' })

export async function startMocks(): Promise<void> {
  await worker.start({ onUnhandledRequest: 'bypass' })
  simulator.clock.set(new Date('2026-06-01T00:00:00Z'))
}

export const rejectPayments: ScenarioInput = {
  description: 'Manager payments answer 400',
  rules: [{ operation: 'createManagerPayment', respond: { status: 400, message: 'Insufficient balance' } }],
}

export const typo: ScenarioInput = {
  description: 'typo',
  // @ts-expect-error: a typo in an operation id does not compile
  rules: [{ operation: 'createManagerPaymnt', respond: { status: 400, message: 'x' } }],
}

export const operationIds: string[] = operationTable.map((operation) => operation.id)
export const overdue: number = DebtTokenStatus.Overdue
export const another = createSimulator({ seed: 7 })
