// A Playwright suite's config and global setup on debt-token-simulator/playwright (its tests are
// in example.spec.ts), as a user writes them: type-checked (with @playwright/test and
// @msw/playwright installed) under strict NodeNext with exactOptionalPropertyTypes and under the
// tsconfig `tsc --init` writes.
import { defineConfig } from '@playwright/test'
import type { PageSimulator, RemoteSimulator, SimulatorTestOptions } from 'debt-token-simulator/playwright'
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

/** The session a shared-server test runs in, or null in-process. */
export function sessionOf(simulator: PageSimulator): string | null {
  const remote: RemoteSimulator | null = 'handlers' in simulator ? null : simulator
  return remote?.session ?? null
}
