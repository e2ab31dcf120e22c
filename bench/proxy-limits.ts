/**
 * `npm run bench:proxy`: does one large answer of the real service hold `serve --proxy`'s event
 * loop (issue 31, finding 7)? It starts a fake service (bench/proxy-service.mjs) and the command
 * from the sources (`serve --proxy <service>`) in child processes on 127.0.0.1, then sends, one at
 * a time, requests whose answers are a small one that comes late (the machine's own noise over as
 * long a request), the wide object, the list of objects with distinct keys, the largest realistic
 * list and two past the forwarder's limit (one declaring its length, one sent chunked), while a
 * process of its own polls `GET /__sim/health` back to back. It prints the worst health latency
 * that overlapped each request (how long the server could not answer), as bench/hostile-limits.ts
 * does for the simulator's own largest requests. Exits 1 when a worst latency passes 100 ms (the
 * machine's noise included: run it on a quiet machine). Options: --rounds <n> (3): each request is
 * sent that many times; the median and the worst of the rounds' worst latencies are printed. */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { AUTH, option, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const rounds = Number(option('rounds', '3'))
const BUDGET_MS = 100

const ADDRESS = `0x${'1'.repeat(40)}`
const REQUESTS = [
  ["`{}` after 800 ms (the machine's own noise)", `/debtToken/creditor/${ADDRESS}`],
  ['one object of 200,000 keys (4 MB)', '/users/1'],
  ['100,000 objects with keys of their own (3 MB)', '/securityToken'],
  ['20,000 records of 15 fields (10 MB)', `/debtToken/debtor/${ADDRESS}`],
  ['40 MiB, past the limit, its length declared', `/manager/debt-tokens/${ADDRESS}`],
  ['40 MiB, past the limit, sent chunked', `/investor/${ADDRESS}/${ADDRESS}`],
] as const

/**
 * Health polls, back to back, from a process of its own: the requests' large answers are read in
 * this one, and reading them must not count as the server's delay. Times are epoch milliseconds.
 */
const POLLER = `
const url = process.argv[1]
const now = () => performance.timeOrigin + performance.now()
;(async () => {
  for (;;) {
    const sent = now()
    await (await fetch(url + '/__sim/health')).arrayBuffer()
    process.stdout.write(JSON.stringify([sent, now() - sent]) + '\\n')
  }
})()
`

const now = () => performance.timeOrigin + performance.now()

function pollHealth(url: string) {
  const polls: { sent: number; ms: number }[] = []
  const poller = spawn(process.execPath, ['-e', POLLER, url], { stdio: ['ignore', 'pipe', 'inherit'] })
  let pending = ''
  poller.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n')
    pending = lines.pop()!
    for (const line of lines) {
      const [sent, ms] = JSON.parse(line) as [number, number]
      polls.push({ sent, ms })
    }
  })
  return {
    /** The worst latency of the polls that overlapped [from, to]. */
    worst: (from: number, to: number) =>
      Math.max(0, ...polls.filter((poll) => poll.sent <= to && poll.sent + poll.ms >= from).map((poll) => poll.ms)),
    stop: () => poller.kill('SIGTERM'),
  }
}

async function main(): Promise<number> {
  const children: ChildProcess[] = []
  const rows: { label: string; status: number; bytes: number; ms: number; worst: number[] }[] = []
  try {
    const service = spawn(process.execPath, [join(root, 'bench/proxy-service.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    children.push(service)
    const serviceUrl = await started(service)
    const proxy = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'src/runtimes/cli/main.ts'),
        'serve',
        '--port',
        '0',
        '--proxy',
        serviceUrl,
        '--quiet',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    children.push(proxy)
    const url = await started(proxy)
    const send = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { authorization: AUTH } })
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength }
    }
    for (const [, path] of REQUESTS) await send(path) // warm up
    const health = pollHealth(url)
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const [label, path] of REQUESTS) {
      const row = { label, status: 0, bytes: 0, ms: 0, worst: [] as number[] }
      for (let round = 0; round < rounds; round++) {
        const from = now()
        Object.assign(row, await send(path))
        const to = now()
        row.ms = Math.max(row.ms, to - from)
        row.worst.push(health.worst(from, to))
      }
      row.worst.sort((a, b) => a - b)
      rows.push(row)
    }
    // The polls that overlapped the last request may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 500))
    health.stop()
  } finally {
    for (const child of children) child.kill('SIGTERM')
  }
  console.log(
    `\nLarge answers through serve --proxy (worst GET /__sim/health latency while each ran, ${rounds} rounds)\n`,
  )
  console.log(
    '| the service answers | status | bytes | request ms | worst health ms, median of rounds | worst health ms |',
  )
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const row of rows) {
    const median = row.worst[Math.floor(row.worst.length / 2)]!
    const worst = row.worst.at(-1)!
    console.log(
      `| ${row.label} | ${row.status} | ${row.bytes} | ${row.ms.toFixed(0)} | ${median.toFixed(1)} | ${worst.toFixed(1)} |`,
    )
  }
  const over = rows.filter((row) => row.worst.at(-1)! > BUDGET_MS)
  if (over.length > 0) console.log(`\n${over.length} answer(s) held health past ${BUDGET_MS} ms`)
  return over.length > 0 ? 1 : 0
}

process.exitCode = await main()
