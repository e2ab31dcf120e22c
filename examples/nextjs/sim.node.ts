// sim.node.ts: Node.js only (instrumentation.ts imports it under NEXT_RUNTIME === 'nodejs')
import { ensureStandaloneServer } from 'debt-token-simulator/standalone'

export async function startSimulator() {
  const { port } = new URL(process.env.NEXT_PUBLIC_API_URL ?? 'http://127.0.0.1:4010')
  const server = await ensureStandaloneServer({ port: Number(port), persist: { dir: '.sim-data' } })
  console.log(`[simulator] ${server.reused ? 'reusing' : 'serving'} ${server.url} (dashboard: ${server.url}/__sim/ui)`)
}
