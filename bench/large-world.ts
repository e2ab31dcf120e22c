/**
 * Large worlds (issue #4, target 6): seeds a world of `--size` debt tokens (default 100k) in this
 * process and measures
 *  - seeding: wall time of `createSimulator({ size })` (generation, snapshot, model);
 *  - RSS (and heap) after seeding, after a full GC when run with --expose-gc;
 *  - debtor, creditor and security-token queries through `simulator.host.handle()` (routing, auth,
 *    validation, resolver, serialization): the first query of each address ("cold": its records
 *    are built then, from their rows' seeded streams) and the same queries again ("warm"),
 *    median / p95 / max;
 *  - RSS after the queries;
 *  - correctness: each sampled list equals a full scan of every record (`--no-verify` skips it;
 *    the scan builds the whole world, so it runs after the memory figures).
 *
 * Usage: node --expose-gc --import tsx bench/large-world.ts [--size 100000] [--queries 200] [--json file]
 * (`npm run bench:large` re-runs itself that way.) Prints a markdown table; no network is used.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SimRequest } from '../src/http/sim-request.ts'

const args = process.argv.slice(2)
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]!
}
const size = Number(flag('size', '100000'))
const queryCount = Number(flag('queries', '200'))
const jsonFile = flag('json', '')
const verify = !args.includes('--no-verify')

const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined && process.env.LARGE_WORLD_CHILD === undefined) {
  // Re-run with --expose-gc so memory is measured after a full collection.
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...args],
    {
      stdio: 'inherit',
      env: { ...process.env, LARGE_WORLD_CHILD: '1' },
    },
  )
  process.exit(result.status ?? 1)
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10
function memory() {
  gc?.()
  gc?.()
  const usage = process.memoryUsage()
  return { rssMB: mb(usage.rss), heapMB: mb(usage.heapUsed) }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  const round = (ms: number) => Math.round(ms * 1000) / 1000
  return {
    n: sorted.length,
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted[sorted.length - 1]!),
  }
}

function get(path: string): SimRequest {
  return {
    method: 'GET',
    path,
    query: new URLSearchParams(),
    header: (name) => (name === 'authorization' ? 'Bearer bench' : null),
    text: async () => '',
  }
}

/** A small seeded generator for picking sample rows (independent of the world's). */
function picker(seed: number) {
  let state = seed >>> 0
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return Math.floor((state / 4294967296) * below)
  }
}

const { createSimulator } = await import('../src/runtimes/msw/simulator.ts')
const { presentDebtToken } = await import('../src/resolvers/presenters.ts')
createSimulator() // load and warm every module first, so seeding is measured alone
const before = memory()

const started = performance.now()
const simulator = createSimulator({ size })
const seedingMs = performance.now() - started
const afterSeeding = memory()

// Sample addresses without building debt tokens: creditors and debtors from signature contracts
// (a separate table), security tokens from their own (small) table.
const world = simulator.host.world
const pick = picker(42)
const contracts = world.tables.signatureContracts
const creditors = new Set<string>()
const debtors = new Set<string>()
for (let tries = 0; (creditors.size < queryCount || debtors.size < queryCount) && tries < queryCount * 20; tries++) {
  const contract = contracts.record(pick(contracts.size))
  if (creditors.size < queryCount) creditors.add(contract.creditorWalletAddress)
  if (debtors.size < queryCount) debtors.add(contract.debtorWalletAddress)
}
const securityTokenRecords = world.tables.securityTokens.records
const securityTokens = new Set<string>()
for (
  let tries = 0;
  securityTokens.size < Math.min(queryCount, securityTokenRecords.length) && tries < queryCount * 20;
  tries++
) {
  securityTokens.add(securityTokenRecords[pick(securityTokenRecords.length)]!.contractAddress)
}

const kinds = [
  { kind: 'debtor', field: 'debtorAddress', addresses: [...debtors], path: (a: string) => `/debtToken/debtor/${a}` },
  {
    kind: 'creditor',
    field: 'creditorAddress',
    addresses: [...creditors],
    path: (a: string) => `/debtToken/creditor/${a}`,
  },
  {
    kind: 'security token',
    field: 'securityTokenAddress',
    addresses: [...securityTokens],
    path: (a: string) => `/manager/debt-tokens/${a}`,
  },
] as const

/**
 * How many debt tokens a list body holds (each starts with `{"address":`, a key no parcel has),
 * counted without JSON.parse: parsing 241 KB leaves ~10k objects of garbage, whose collection
 * would then land inside the next timed query. The lists' content is checked by `verify`.
 */
function countTokens(body: string): number {
  let count = 0
  for (let at = body.indexOf('{"address":'); at !== -1; at = body.indexOf('{"address":', at + 1)) count++
  return count
}

const queries = []
/** sha1 of each list (the lists themselves would weigh in the memory figures). */
const bodies = new Map<string, string>()
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')
for (const { kind, addresses, path } of kinds) {
  const cold: number[] = []
  const warm: number[] = []
  let hits = 0
  let bytes = 0
  for (const address of addresses) {
    const t0 = performance.now()
    const response = await simulator.host.handle(get(path(address)))
    cold.push(performance.now() - t0)
    if (response.status !== 200) throw new Error(`${kind} ${address}: ${response.status} ${response.body}`)
    hits += countTokens(response.body!)
    bytes += response.body!.length
    bodies.set(path(address), sha1(response.body!))
  }
  for (const address of addresses) {
    const t0 = performance.now()
    await simulator.host.handle(get(path(address)))
    warm.push(performance.now() - t0)
  }
  queries.push({
    kind,
    addresses: addresses.length,
    meanHits: Math.round((hits / addresses.length) * 10) / 10,
    meanBytes: Math.round(bytes / addresses.length),
    cold: stats(cold),
    warm: stats(warm),
  })
}
const afterQueries = memory()

let verified: string = 'skipped'
if (verify) {
  const all = world.tables.debtTokens.records
  const lower = (value: string | null) => (value ?? '').toLowerCase()
  let checked = 0
  for (const { kind, field, addresses, path } of kinds) {
    const byAddress = new Map<string, unknown[]>()
    for (const record of all) {
      const key = lower(record[field])
      if (key === '') continue
      let list = byAddress.get(key)
      if (list === undefined) byAddress.set(key, (list = []))
      list.push(presentDebtToken(record, simulator.clock.now()))
    }
    for (const address of addresses) {
      const expected = sha1(JSON.stringify(byAddress.get(lower(address)) ?? []))
      if (bodies.get(path(address)) !== expected)
        throw new Error(`${kind} ${address}: the list differs from a full scan`)
      checked++
    }
  }
  verified = `${checked} lists equal a full scan of ${all.length} debt tokens`
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  size,
  seedingMs: Math.round(seedingMs),
  memory: { beforeSeeding: before, afterSeeding, afterQueries },
  queries,
  verified,
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
const lines = [
  `### Large world: ${size.toLocaleString('en-US')} debt tokens (Node ${process.version})`,
  '',
  row(['figure', 'value', 'target']),
  row(['---', '---', '---']),
  row(['seeding: `createSimulator({ size })`', `${result.seedingMs} ms`, '≤ 3,000 ms']),
  row(['RSS after seeding (heap)', `${afterSeeding.rssMB} MB (${afterSeeding.heapMB} MB)`, '≤ 600 MB']),
  row(['RSS after the queries (heap)', `${afterQueries.rssMB} MB (${afterQueries.heapMB} MB)`, '≤ 600 MB']),
  row(['RSS before seeding, modules loaded (heap)', `${before.rssMB} MB (${before.heapMB} MB)`, '']),
  row([
    'security-token query, median first read',
    `${queries.find((q) => q.kind === 'security token')!.cold.medianMs} ms`,
    '≤ 5 ms',
  ]),
  '',
  row([
    'query (through `simulator.host.handle`)',
    'addresses',
    'mean hits',
    'mean bytes',
    'cold median / p95 / max ms',
    'warm median / p95 / max ms',
  ]),
  row(['---', '---', '---', '---', '---', '---']),
  ...queries.map((q) =>
    row([
      q.kind,
      q.addresses,
      q.meanHits,
      q.meanBytes,
      `${q.cold.medianMs} / ${q.cold.p95Ms} / ${q.cold.maxMs}`,
      `${q.warm.medianMs} / ${q.warm.p95Ms} / ${q.warm.maxMs}`,
    ]),
  ),
  '',
  `Correctness: ${verified}.`,
]
console.log(lines.join('\n'))
if (jsonFile !== '') writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`)
