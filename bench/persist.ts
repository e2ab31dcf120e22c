/**
 * `npm run bench:persist`: what `serve --persist` costs (issue 24, item 4). It starts the built
 * command (`dist/cli/cli.js serve --quiet`) on 127.0.0.1 and measures:
 *
 * 1. POST /manager answers/s without and with --persist, alternated over rounds in the same run,
 *    each on a fresh server (and directory), autocannon's command in a child process at -c 50 -p 10
 *    as bench/run.ts loads a server (--max-records raised so that every answer is a stored write,
 *    not a 507); bound: with ≥ 0.7 × without (medians of the rounds). Then, reported, one request
 *    at a time per connection: there every answer waits for its fdatasync, so the figure follows
 *    the disk's sync latency rather than the server;
 * 2. start time (spawn to "listening") on a directory holding 10,000 written records, against the
 *    same start without --persist; bound: ≤ 1 s;
 * 3. a write soak with --persist (PUT of one seeded payment, which never runs out of room, plus
 *    POST /manager up to the capacity), sampling the directory's size every second: it stays
 *    bounded by compaction (at most the log's ceiling, 2× the snapshot or 1 MiB, plus the snapshot
 *    and one written aside), whatever was written.
 *
 * Build first (`npm run build`). Options: --seconds <n> per throughput run (8) --rounds <n> (3)
 * --minutes <n> of soak (10).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AUTH, option, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const seconds = Number(option('seconds', '8'))
const rounds = Number(option('rounds', '3'))
const minutes = Number(option('minutes', '10'))
const cli = join(root, 'dist/cli/cli.js')

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const directories: string[] = []
const children = new Set<ChildProcess>()

function serve(args: string[]): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  child.on('exit', () => children.delete(child))
  return { child, url: started(child) }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

function newDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-persist-'))
  directories.push(dir)
  return dir
}

function directoryBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0)
}

interface Load {
  perSecond: number
  statuses: Record<string, number>
}

/** autocannon's command against `path` for `duration` s (or `amount` requests): answers/s and their statuses. */
function load(
  url: string,
  path: string,
  method: string,
  body: string,
  duration: number,
  { amount, pipelining = 1 }: { amount?: number; pipelining?: number } = {},
): Promise<Load> {
  const cannon = spawn(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      ...['-c', '50', '-p', String(pipelining)],
      ...(amount === undefined ? ['-d', String(duration)] : ['-a', String(amount)]),
      ...['-m', method, '-H', `authorization=${AUTH}`, '-H', 'content-type=application/json'],
      ...['-b', body, '--json', `${url}${path}`],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  let output = ''
  cannon.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) =>
    cannon.on('exit', () => {
      const result = JSON.parse(output) as {
        requests: { total: number }
        duration: number
        statusCodeStats?: Record<string, { count: number }>
      }
      const statuses = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
      )
      resolve({ perSecond: result.requests.total / result.duration, statuses })
    }),
  )
}

async function paymentBodies(url: string) {
  const tokens = (await (await fetch(`${url}/securityToken`, { headers: { authorization: AUTH } })).json()) as {
    contractAddress: string
    managerAddress: string
  }[]
  const { managerAddress, contractAddress } = tokens[0]!
  const payments = (await (
    await fetch(`${url}/manager/${managerAddress}/${contractAddress}`, { headers: { authorization: AUTH } })
  ).json()) as { id: number }[]
  return {
    create: JSON.stringify({
      managerAddress,
      tokenAddress: contractAddress,
      amount: 1500,
      serie: 'SENIOR',
      type: 'JUROS',
    }),
    updatePath: `/manager/${contractAddress}/${payments[0]!.id}`,
    update: JSON.stringify({
      hash: `0x${'ab'.repeat(32)}`,
      date: '2026-03-02T09:00:00.000Z',
      status: 'PAID',
      amount: 2000,
    }),
  }
}

/** CPU time a process used so far, in ms (Linux, /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/**
 * Spawn to "listening": wall time, and the CPU time the server used to get there (on a busy
 * machine the wall time mostly measures the wait for a core; the CPU time is what starting costs).
 */
async function startTime(args: string[]): Promise<{ wall: number; cpu: number }> {
  const t = performance.now()
  const { child, url } = serve(args)
  await url
  const wall = performance.now() - t
  const cpu = cpuMs(child.pid!)
  await stop(child)
  return { wall, cpu }
}

async function main(): Promise<number> {
  const failures: string[] = []
  const lines: string[] = []
  const row = (cells: unknown[]) => lines.push(`| ${cells.join(' | ')} |`)

  // 1. Throughput, alternated. Pipelined as bench/run.ts loads a server (the load generator
  // outruns it), then one request at a time per connection, where each answer waits for its
  // sync: latency-bound, reported.
  const without: number[] = []
  const withPersist: number[] = []
  const serial = { without: [] as number[], with: [] as number[] }
  const statuses: Record<string, number> = {}
  for (let round = 0; round < rounds; round++) {
    for (const persisted of [false, true]) {
      const { child, url } = serve(['--max-records', '10000000', ...(persisted ? ['--persist', newDirectory()] : [])])
      const base = await url
      const { create } = await paymentBodies(base)
      const result = await load(base, '/manager', 'POST', create, seconds, { pipelining: 10 })
      ;(persisted ? withPersist : without).push(result.perSecond)
      if (persisted)
        for (const [code, count] of Object.entries(result.statuses)) statuses[code] = (statuses[code] ?? 0) + count
      const oneAtATime = await load(base, '/manager', 'POST', create, seconds)
      ;(persisted ? serial.with : serial.without).push(oneAtATime.perSecond)
      await stop(child)
    }
  }
  const ratio = median(withPersist) / median(without)
  if (ratio < 0.7) failures.push(`POST with --persist at ${ratio.toFixed(2)} of without`)

  // 2. Start time with 10,000 written records.
  const dir = newDirectory()
  {
    const { child, url } = serve(['--persist', dir])
    const base = await url
    const { create } = await paymentBodies(base)
    await load(base, '/manager', 'POST', create, 0, { amount: 10_000 })
    await stop(child)
  }
  const persistedBytes = directoryBytes(dir)
  const starts = { without: [] as { wall: number; cpu: number }[], with: [] as { wall: number; cpu: number }[] }
  for (let i = 0; i < 5; i++) {
    starts.without.push(await startTime([]))
    starts.with.push(await startTime(['--persist', dir]))
  }
  const wall = (list: { wall: number }[]) => median(list.map((start) => start.wall))
  const cpu = (list: { cpu: number }[]) => median(list.map((start) => start.cpu))
  const persistedStart = wall(starts.with)
  if (persistedStart > 1000) failures.push(`start with 10,000 written records took ${Math.round(persistedStart)} ms`)

  // 3. Soak.
  const soakDir = newDirectory()
  const soak = serve(['--persist', soakDir])
  const soakUrl = await soak.url
  const bodies = await paymentBodies(soakUrl)
  let maxBytes = 0
  const sampler = setInterval(() => {
    try {
      maxBytes = Math.max(maxBytes, directoryBytes(soakDir))
    } catch {
      // a file renamed away between the listing and its stat: the next sample sees the new one
    }
  }, 1000)
  const soakSeconds = Math.max(1, Math.round(minutes * 60))
  const [updates, creates] = await Promise.all([
    load(soakUrl, bodies.updatePath, 'PUT', bodies.update, soakSeconds),
    load(soakUrl, '/manager', 'POST', bodies.create, soakSeconds),
  ])
  clearInterval(sampler)
  await stop(soak.child)
  const snapshotBytes = statSync(join(soakDir, 'snapshot.jsonl')).size
  const ceiling = Math.max(1 << 20, 2 * snapshotBytes) + 2 * snapshotBytes + 64 * 1024
  if (maxBytes > ceiling) failures.push(`the soak's directory reached ${maxBytes} B, over ${ceiling} B`)
  const written = Math.round((updates.perSecond + creates.perSecond) * soakSeconds)

  const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`
  lines.push(
    `## npm run bench:persist: ${new Date().toISOString()}, ${rounds} rounds of ${seconds} s, soak ${minutes} min, Node ${process.version}`,
    '',
  )
  row(['figure', 'measured', 'bound'])
  row(['---', '---', '---'])
  row([
    'POST /manager answers/s without / with --persist, -c 50 -p 10 (median of rounds; rounds)',
    `${Math.round(median(without))} / ${Math.round(median(withPersist))} (${without.map(Math.round).join(', ')} / ${withPersist.map(Math.round).join(', ')}); with --persist: ${JSON.stringify(statuses)}`,
    `with ≥ 0.7 × without: ${ratio.toFixed(2)}`,
  ])
  row([
    'the same one request at a time per connection (-c 50): each answer waits for a sync',
    `${Math.round(median(serial.without))} / ${Math.round(median(serial.with))}: ${(median(serial.with) / median(serial.without)).toFixed(2)}`,
    'reported',
  ])
  row([
    'start (spawn to listening) without / with --persist of 10,000 written records, median of 5: wall; CPU time of the server',
    `${Math.round(wall(starts.without))} / ${Math.round(persistedStart)} ms; ${cpu(starts.without)} / ${cpu(starts.with)} ms (directory ${mb(persistedBytes)})`,
    '≤ 1,000 ms',
  ])
  row([
    `soak ${minutes} min with --persist: writes answered (PUT + POST), directory max / snapshot at the end`,
    `${written} (${JSON.stringify(updates.statuses)} + ${JSON.stringify(creates.statuses)}); ${mb(maxBytes)} / ${mb(snapshotBytes)}`,
    `≤ ${mb(ceiling)} (log ceiling + snapshot + one aside)`,
  ])
  lines.push('', failures.length === 0 ? 'Every bound held.' : `Broken: ${failures.join('; ')}`)
  console.log(lines.join('\n'))
  return failures.length === 0 ? 0 : 1
}

try {
  process.exitCode = await main()
} finally {
  for (const child of children) child.kill('SIGKILL')
  for (const dir of directories) rmSync(dir, { recursive: true, force: true })
}
