/** The `./standalone` entry on its own: what a globalSetup imports, without the in-process entries. */
import { expect, it, vi } from 'vitest'

it('activates a scenario with a generated world synchronously on the server it starts', async () => {
  vi.resetModules() // a module graph in which nothing else has provided the world generator
  const { startStandaloneServer } = await import('../../src/runtimes/standalone/index.ts')
  const server = await startStandaloneServer({ port: 0 })
  try {
    server.simulator.scenarios.use('rich-world')
    const state = (await (await fetch(`${server.url}/__sim/state?limit=0`)).json()) as {
      counts: { debtTokens: number }
    }
    expect(state.counts.debtTokens).toBe(200)
  } finally {
    await server.close()
  }
})
