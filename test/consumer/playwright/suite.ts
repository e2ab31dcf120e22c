// A Playwright suite's config, global setup and a test on debt-token-simulator/playwright, as a
// user writes them: type-checked (with @playwright/test and @msw/playwright installed) under strict
// NodeNext with exactOptionalPropertyTypes and under the tsconfig `tsc --init` writes.
import { defineConfig } from '@playwright/test'
import {
  expect,
  inProcess,
  type PageSimulator,
  type RemoteSimulator,
  type SimulatorTestOptions,
  test,
} from 'debt-token-simulator/playwright'
import { type StandaloneServer, startStandaloneServer } from 'debt-token-simulator/standalone'

export default defineConfig<SimulatorTestOptions>({
  fullyParallel: true,
  workers: 2,
  projects: [
    {
      name: 'in-process',
      use: { simulatorMode: 'in-process', simulatorOptions: { baseUrl: 'https://api.example.test', seed: 7 } },
    },
    { name: 'shared-server', use: { simulatorMode: 'shared-server', simulatorServerUrl: 'http://127.0.0.1:4010' } },
  ],
})

export async function globalSetup(): Promise<StandaloneServer> {
  return startStandaloneServer({ port: 0, now: '2026-06-01T00:00:00Z' })
}

test.use({ simulatorOptions: { now: '2026-06-01T00:00:00Z', size: 50 } })

test('works in both modes', async ({ page, apiUrl, simulator, simulatorMode }) => {
  await simulator.useScenario('flaky-backend')
  await page.goto(`http://localhost:5173/?api=${encodeURIComponent(apiUrl)}`)
  const created = await simulator.journal.list({ operation: 'createManagerPayment', status: 200 })
  expect(created.at(-1)?.path).toBe('/manager')
  const { counts, tables } = await simulator.state({ table: 'managerPayments', limit: 10 })
  expect(counts.managerPayments).toBeGreaterThan(0)
  expect(tables.managerPayments?.length).toBeLessThanOrEqual(10)
  expect((await simulator.scenarioStatus())?.name).toBe('flaky-backend')
  expect(await simulator.clock.now()).toBeInstanceOf(Date)
  await simulator.useScenario(null)
  await simulator.reset()
  if (simulatorMode === 'in-process') inProcess(simulator).clock.advance(86_400_000)
})

/** The session a shared-server test runs in, or null in-process. */
export function sessionOf(simulator: PageSimulator): string | null {
  const remote: RemoteSimulator | null = 'handlers' in simulator ? null : simulator
  return remote?.session ?? null
}
