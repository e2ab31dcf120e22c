// A Node test suite's setup, type-checked under strict NodeNext with exactOptionalPropertyTypes.
import { createSimulator, type JournalEntry, type Simulator } from 'debt-token-simulator'
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
import { type StandaloneServer, startStandaloneServer } from 'debt-token-simulator/standalone'

export const { simulator, server } = setupSimulatorServer({ seed: 42, now: '2026-03-02T12:00:00Z' })
server.listen(strictListenOptions)

// Exported under declaration emit (`tsc --init` turns it on): its type must be nameable (no TS4023).
export const listen = server.listen.bind(server)

export async function globalSetup(): Promise<StandaloneServer> {
  return startStandaloneServer({ port: 0, log: 'quiet' })
}

export function lastRequest(sim: Simulator): JournalEntry | undefined {
  return sim.journal.list().at(-1)
}

const inProcess: Simulator = createSimulator({ size: 20 })
inProcess.scenarios.use('flaky-backend')
export const tableCounts: Record<string, number> = inProcess.state().counts
