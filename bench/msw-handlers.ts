/**
 * What the simulator's msw handlers cost in a test process, against the least msw itself costs:
 * `setupServer` and real `fetch` (msw intercepts it, nothing reaches a socket), once with the
 * simulator's handlers and once with one handler per request answering the very same bytes
 * (status, headers, body; the POST one reads and parses its JSON body, as any handler must). Both
 * run in one process on one msw server, alternating round by round (`server.resetHandlers`), and
 * each figure is the median over the rounds (after four not counted) of the mean CPU time per
 * request, sequential requests. Then the cost of API coverage recording (issue 33: at most 2% of a
 * request): the simulator's handlers alone, recording on and off alternating round by round.
 * Prints one JSON object; `npm run bench` runs it in a process of its own.
 *
 * Usage: node --import tsx bench/msw-handlers.ts [--requests 500] [--rounds 11]
 */
import { HttpResponse, http, type RequestHandler } from 'msw'
import { setupServer } from 'msw/node'
import { coverageRecorderOf, recordCoverage } from '../src/coverage/coverage-recorder.ts'
import { createSimulator } from '../src/runtimes/msw/simulator.ts'
import { strictListenOptions } from '../src/runtimes/node.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : Number(args[i + 1])
}
const requests = option('requests', 500)
const rounds = option('rounds', 11)
/** Rounds run first and not counted: the simulator's code takes a couple of thousand requests to be optimized. */
const WARMUP_ROUNDS = 4
const API = 'http://api.bench.test'
const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

// The world of the load bench (`--size 1000`: a list of 10 security tokens, about 14 KB).
const simulator = createSimulator({ size: 1000 })
const server = setupServer(...simulator.handlers)
server.listen(strictListenOptions)

interface Probe {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}
interface Exchange {
  status: number
  headers: [string, string][]
  body: string
}

async function send(probe: Probe): Promise<Exchange> {
  const response = await fetch(`${API}${probe.path}`, {
    method: probe.method,
    headers: probe.headers,
    ...(probe.body !== undefined && { body: probe.body }),
  })
  return { status: response.status, headers: [...response.headers], body: await response.text() }
}

const tokens = JSON.parse(
  (await send({ name: '', method: 'GET', path: '/securityToken', headers: { authorization: AUTH } })).body,
)
const probes: Probe[] = [
  { name: 'GET /securityToken', method: 'GET', path: '/securityToken', headers: { authorization: AUTH } },
  {
    name: 'POST /manager',
    method: 'POST',
    path: '/manager',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({
      managerAddress: tokens[0].managerAddress,
      tokenAddress: tokens[0].contractAddress,
      hash: `0x${'ab'.repeat(32)}`,
      date: '2026-03-01T12:00:00.000Z',
      status: 'PAID',
      amount: 15000,
      serie: 'SENIOR',
      type: 'JUROS',
    }),
  },
]

// The simulator's answers, and one handler per probe that gives back exactly those.
simulator.reset()
const expected = await Promise.all(probes.map(send))
simulator.reset()
const answer = (exchange: Exchange) =>
  new HttpResponse(exchange.body, { status: exchange.status, headers: exchange.headers })
const oneHandler: Record<string, RequestHandler> = {
  'GET /securityToken': http.get('*/securityToken', () => answer(expected[0]!)),
  'POST /manager': http.post('*/manager', async ({ request }) => {
    JSON.parse(await request.text())
    return answer(expected[1]!)
  }),
}

const same = (a: Exchange, b: Exchange) =>
  a.status === b.status && a.body === b.body && JSON.stringify(a.headers) === JSON.stringify(b.headers)

/**
 * Mean µs of this process's CPU per request over `requests` sequential requests: CPU time rather
 * than elapsed time, which other processes on a shared machine stretch.
 */
async function timeBatch(probe: Probe): Promise<number> {
  const started = process.cpuUsage()
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`${API}${probe.path}`, {
      method: probe.method,
      headers: probe.headers,
      ...(probe.body !== undefined && { body: probe.body }),
    })
    await response.text()
  }
  const used = process.cpuUsage(started)
  return (used.user + used.system) / requests
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const results: Record<string, { simulatorUs: number; oneHandlerUs: number; ratio: number }> = {}
for (const [i, probe] of probes.entries()) {
  const sides = {
    simulator: { handlers: simulator.handlers, samples: [] as number[] },
    oneHandler: { handlers: [oneHandler[probe.name]!], samples: [] as number[] },
  }
  for (const side of Object.values(sides)) {
    server.resetHandlers(...side.handlers)
    if (!same(await send(probe), expected[i]!)) throw new Error(`${probe.name}: the answers differ`)
  }
  for (let round = -WARMUP_ROUNDS; round < rounds; round++) {
    for (const side of Object.values(sides)) {
      server.resetHandlers(...side.handlers)
      simulator.reset() // the same world each round: written payments do not pile up
      const us = await timeBatch(probe)
      if (round >= 0) side.samples.push(us)
    }
  }
  const simulatorUs = median(sides.simulator.samples)
  const oneHandlerUs = median(sides.oneHandler.samples)
  results[probe.name] = {
    simulatorUs: Math.round(simulatorUs),
    oneHandlerUs: Math.round(oneHandlerUs),
    ratio: Math.round((simulatorUs / oneHandlerUs) * 100) / 100,
  }
}

// Coverage recording on and off on the same simulator and handlers: only the recorder differs.
server.resetHandlers(...simulator.handlers)
const coverage: Record<string, { onUs: number; offUs: number; costPercent: number }> = {}
for (const probe of probes) {
  const samples = { on: [] as number[], off: [] as number[] }
  for (let round = -WARMUP_ROUNDS; round < rounds; round++) {
    for (const side of ['on', 'off'] as const) {
      if (side === 'on') recordCoverage(simulator)
      else coverageRecorderOf(simulator)?.stop()
      simulator.reset()
      const us = await timeBatch(probe)
      if (round >= 0) samples[side].push(us)
    }
  }
  const onUs = median(samples.on)
  const offUs = median(samples.off)
  coverage[probe.name] = {
    onUs: Math.round(onUs * 10) / 10,
    offUs: Math.round(offUs * 10) / 10,
    costPercent: Math.round(((onUs - offUs) / offUs) * 1000) / 10,
  }
}
server.close()
console.log(JSON.stringify({ requests, rounds, handlers: simulator.handlers.length, results, coverage }))
