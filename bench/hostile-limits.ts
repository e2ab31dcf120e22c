/**
 * `npm run bench:limits`: does any request at the documented limits hold the event loop for more
 * than 100 ms (issue 20, "What must hold" 3)? It starts the command from the sources
 * (`src/runtimes/cli/main.ts serve --size 100000`, default --max-records) on 127.0.0.1 and sends,
 * one at a time, the largest documented requests:
 *  - a factory call of the largest count (1,000) for debt tokens, users and security tokens;
 *  - a scenario whose world.create asks for the most records (1,000 debt tokens), by PUT /__sim/scenario;
 *  - the largest `GET /__sim/state` pages (2,000 debt tokens deep in the table; 333 of each table);
 *  - the largest API list the default capacity allows: one security token's manager payments
 *    after 9 factory calls of 1,000 (about 9,000 records; 20,000 needs a larger --max-records).
 * Meanwhile this process polls `GET /__sim/health` back to back on its own connection and reports,
 * per request, the worst health latency among the polls that overlapped it. The health answer
 * itself costs well under a millisecond, so its latency is how long the server could not answer.
 * Prints a markdown table; exits 1 when a worst latency passes 100 ms (the machine's own noise
 * included: run it on a quiet machine).
 *
 * Options: --size <n> (100000).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { AUTH, option, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const size = option('size', '100000')
const BUDGET_MS = 100

/** Health polls, back to back: when each was sent and how long its answer took. */
function pollHealth(url: string) {
  const polls: { sent: number; ms: number }[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const sent = performance.now()
      await (await fetch(`${url}/__sim/health`)).arrayBuffer()
      polls.push({ sent, ms: performance.now() - sent })
    }
  })()
  return {
    /** The worst latency of the polls that overlapped [from, to], and how many there were. */
    worst(from: number, to: number) {
      const overlapping = polls.filter((poll) => poll.sent <= to && poll.sent + poll.ms >= from)
      return { ms: Math.max(0, ...overlapping.map((poll) => poll.ms)), polls: overlapping.length }
    },
    async stop() {
      running = false
      await done
    },
  }
}

interface Row {
  request: string
  status: number
  bytes: number
  ms: number
  worstHealthMs: number
  polls: number
}

async function main(): Promise<number> {
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/runtimes/cli/main.ts'), 'serve', '--port', '0', '--size', size, '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const rows: Row[] = []
  try {
    const url = await started(server)
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength }
    }
    // Warm up: the generator's modules, the first build of each table's rows.
    await send('POST', '/__sim/factories/users', { count: 2 })
    await send('GET', '/__sim/state?limit=10')
    await send('POST', '/__sim/reset')
    const health = pollHealth(url)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const measure = async (label: string, method: string, path: string, body?: unknown) => {
      const from = performance.now()
      const answer = await send(method, path, body)
      const to = performance.now()
      const worst = health.worst(from, to)
      rows.push({ request: label, ...answer, ms: to - from, worstHealthMs: worst.ms, polls: worst.polls })
    }
    for (const table of ['debtTokens', 'users', 'securityTokens']) {
      await measure(`POST /__sim/factories/${table} {count: 1000}`, 'POST', `/__sim/factories/${table}`, {
        count: 1000,
      })
      await send('POST', '/__sim/reset')
    }
    const scenario = {
      description: 'the largest world.create',
      rules: [],
      world: { create: [{ table: 'debtTokens', count: 1000 }] },
    }
    await measure('PUT /__sim/scenario, world.create of 1000 debt tokens', 'PUT', '/__sim/scenario', { scenario })
    await send('POST', '/__sim/reset')
    await measure(
      'GET /__sim/state?table=debtTokens&limit=2000&offset=90000',
      'GET',
      '/__sim/state?table=debtTokens&limit=2000&offset=90000',
    )
    await measure('GET /__sim/state?limit=333', 'GET', '/__sim/state?limit=333')
    const tokens = (await (await fetch(`${url}/securityToken`, { headers: { authorization: AUTH } })).json()) as {
      contractAddress: string
      managerAddress: string
    }[]
    const token = tokens[0]!
    for (let i = 0; i < 9; i++)
      await send('POST', '/__sim/factories/managerPayments', {
        count: 1000,
        overrides: { tokenAddress: token.contractAddress },
      })
    await measure(
      'GET /manager/{manager}/{token} (about 9,000 payments)',
      'GET',
      `/manager/${token.managerAddress}/${token.contractAddress}`,
    )
    await health.stop()
  } finally {
    server.kill('SIGTERM')
  }
  console.log(
    `\nLargest documented requests on a --size ${size} world (worst GET /__sim/health latency while each ran)\n`,
  )
  console.log('| request | status | bytes | request ms | worst health ms | health polls |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const row of rows)
    console.log(
      `| ${row.request} | ${row.status} | ${row.bytes} | ${row.ms.toFixed(0)} | ${row.worstHealthMs.toFixed(1)} | ${row.polls} |`,
    )
  const over = rows.filter((row) => row.worstHealthMs > BUDGET_MS)
  if (over.length > 0) console.log(`\n${over.length} request(s) held health past ${BUDGET_MS} ms`)
  return over.length > 0 ? 1 : 0
}

process.exitCode = await main()
