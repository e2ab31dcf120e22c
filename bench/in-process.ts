/**
 * In-process figures of the default world: `createSimulator()` and `reset()`, each the median of
 * many runs after a warm-up, plus the very first `createSimulator()` of the process (cold: nothing
 * compiled yet); and what a stored write costs: the CPU time of a `POST /manager` through
 * `simulator.host.handle()` (every payment stored), beside the CPU time @msw/data's `Collection.create`
 * alone takes to store the same record, the floor of any write; and what API coverage recording
 * adds to a request through `simulator.host.handle()` (issue 33: at most 2%), recording on and off on
 * the same simulator, alternating round by round. Prints one JSON object;
 * `npm run bench` runs it in a process of its own.
 *
 * Usage: node --import tsx bench/in-process.ts [--runs 200] [--writes 20000]
 */
const args = process.argv.slice(2)
const runsFlag = args.indexOf('--runs')
const runs = runsFlag === -1 ? 200 : Number(args[runsFlag + 1])
const writesFlag = args.indexOf('--writes')
const writes = writesFlag === -1 ? 20_000 : Number(args[writesFlag + 1])

const importStarted = performance.now()
const { createSimulator } = await import('../src/runtimes/msw/simulator.ts')
const importMs = performance.now() - importStarted

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const round = (ms: number) => Math.round(ms * 1000) / 1000

let started = performance.now()
const first = createSimulator()
const firstCreateMs = performance.now() - started

for (let i = 0; i < 20; i++) createSimulator() // warm-up
const create: number[] = []
for (let i = 0; i < runs; i++) {
  started = performance.now()
  createSimulator()
  create.push(performance.now() - started)
}

// reset() after a write, so there is something to drop.
const request = {
  method: 'POST',
  path: '/manager',
  query: new URLSearchParams(),
  header: (name: string) =>
    name === 'authorization' ? 'Bearer bench' : name === 'content-type' ? 'application/json' : null,
  text: async () =>
    JSON.stringify({
      managerAddress: `0x${'1'.repeat(40)}`,
      tokenAddress: `0x${'2'.repeat(40)}`,
      amount: 1000,
      status: 'PAID',
    }),
}
for (let i = 0; i < 50; i++) {
  await first.host.handle(request)
  first.reset()
}
const reset: number[] = []
for (let i = 0; i < runs * 5; i++) {
  await first.host.handle(request)
  started = performance.now()
  first.reset()
  reset.push(performance.now() - started)
}

// A stored write, whole and @msw/data's part of it (CPU time, so other processes count less).
const cpuUsPer = async (count: number, run: (i: number) => Promise<unknown>) => {
  for (let i = 0; i < 2000; i++) await run(i) // warm-up: optimized code, as a running server has
  const before = process.cpuUsage()
  for (let i = 0; i < count; i++) await run(i)
  const used = process.cpuUsage(before)
  return Math.round(((used.user + used.system) / count) * 10) / 10
}
const writer = createSimulator({ maxRecords: 10_000_000 })
let stored: unknown
const postUs = await cpuUsPer(writes, async () => {
  const answer = await writer.host.handle(request)
  if (answer.status !== 200) throw new Error(`POST /manager answered ${answer.status}: ${answer.body}`)
})
for (const record of writer.model.managerPayments.all()) stored = record
const { Collection } = await import('@msw/data')
const { tables } = await import('../src/model/records.ts')
const collection = new Collection({ schema: tables.managerPayments.schema })
const collectionCreateUs = await cpuUsPer(writes, (i) => collection.create({ ...(stored as object), id: i }))

// API coverage recording on and off: a list, a stored write and a refused one (a 400, whose message the recorder keeps).
const { coverageRecorderOf, recordCoverage } = await import('../src/coverage/coverage-recorder.ts')
const recorded = createSimulator()
const refused = { ...request, text: async () => JSON.stringify({ managerAddress: 'not an address', amount: -1 }) }
const list = { ...request, method: 'GET', path: '/securityToken' }
const coverage: Record<
  string,
  { onUs: number; offUs: number; costPercent: number; recorderUs: number; recorderPercent: number }
> = {}
for (const [name, probe, status] of [
  ['GET /securityToken', list, 200],
  ['POST /manager', request, 200],
  ['POST /manager (400)', refused, 400],
] as const) {
  const samples = { on: [] as number[], off: [] as number[] }
  for (let round = -4; round < 15; round++) {
    for (const side of ['on', 'off'] as const) {
      if (side === 'on') recordCoverage(recorded)
      else coverageRecorderOf(recorded)?.stop()
      recorded.reset()
      const us = await cpuUsPer(2000, async () => {
        const answer = await recorded.host.handle(probe)
        if (answer.status !== status) throw new Error(`${name} answered ${answer.status}: ${answer.body}`)
      })
      if (round >= 0) samples[side].push(us)
    }
  }
  const [onUs, offUs] = [median(samples.on), median(samples.off)]
  // The recorder alone, told the very exchange `handle()` stored, many times: the share of a request
  // it takes, steadier on a busy machine than the difference of two request timings.
  const { journal } = recorded
  journal.clear()
  await recorded.host.handle(probe)
  const [stored] = journal.list()
  let counter: ((exchange: typeof stored) => void) | undefined
  const stop = recordCoverage({
    host: {
      countExchanges: (told: typeof counter) => {
        counter = told
        return () => {}
      },
    },
    scenarios: { active: null, definition: () => undefined, activeDefinition: () => null },
  } as never).stop
  const calls = 200_000
  const before = process.cpuUsage()
  for (let i = 0; i < calls; i++) counter!(stored!)
  const used = process.cpuUsage(before)
  stop()
  const recorderUs = (used.user + used.system) / calls
  coverage[name] = {
    onUs,
    offUs,
    costPercent: Math.round(((onUs - offUs) / offUs) * 1000) / 10,
    recorderUs: Math.round(recorderUs * 1000) / 1000,
    recorderPercent: Math.round((recorderUs / offUs) * 1000) / 10,
  }
}

console.log(
  JSON.stringify({
    postUs,
    collectionCreateUs,
    writes,
    importMs: round(importMs),
    firstCreateMs: round(firstCreateMs),
    createMedianMs: round(median(create)),
    createRuns: create.length,
    resetMedianMs: round(median(reset)),
    resetRuns: reset.length,
    coverage,
  }),
)
