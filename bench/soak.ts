/**
 * `npm run bench:soak [-- --minutes 10]`: full-speed writes against the command for minutes, to
 * show that storage stays bounded (issue "Hardening", item 2). It starts the built command
 * (`dist/cli/cli.js serve`, default options: the documented capacity of written records) on
 * 127.0.0.1, runs autocannon's command in a child process (`POST /manager`, -c 50) for the whole
 * time, and meanwhile, from this process: polls `GET /__sim/health` every 250 ms (latency), reads
 * the manager's payment list every 10 s (status, bytes, latency) and samples the server's RSS
 * every second. It prints a table and exits 1 when a bound is broken: RSS at 1 GB or more, a health
 * answer slower than 100 ms, a list answered otherwise than 200 or the documented 422, or any 5xx
 * other than the documented 507.
 *
 * Build first (`npm run build`). Options: --minutes <n> (10) --connections <n> (50).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { AUTH, option, rssMB, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const minutes = Number(option('minutes', '10'))
const connections = Number(option('connections', '50'))

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0

async function main(): Promise<number> {
  const server = spawn(process.execPath, [join(root, 'dist/cli/cli.js'), 'serve', '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const url = await started(server)
    const tokens = (await (await fetch(`${url}/securityToken`, { headers: { authorization: AUTH } })).json()) as {
      contractAddress: string
      managerAddress: string
    }[]
    const manager = tokens[0]!.managerAddress
    const token = tokens[0]!.contractAddress
    const body = JSON.stringify({
      managerAddress: manager,
      tokenAddress: token,
      amount: 1500,
      serie: 'SENIOR',
      type: 'JUROS',
    })
    const seconds = Math.round(minutes * 60)
    const cannon = spawn(
      process.execPath,
      [
        join(root, 'node_modules/autocannon/autocannon.js'),
        '-c',
        String(connections),
        '-d',
        String(seconds),
        '-m',
        'POST',
        '-H',
        `authorization=${AUTH}`,
        '-H',
        'content-type=application/json',
        '-b',
        body,
        '--json',
        `${url}/manager`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    let cannonOutput = ''
    cannon.stdout!.on('data', (chunk: Buffer) => (cannonOutput += chunk.toString()))
    const cannonDone = new Promise<void>((resolve) => cannon.on('exit', () => resolve()))

    const health: number[] = []
    const lists: { status: number; bytes: number; ms: number }[] = []
    let rssMax = 0
    let running = true
    void cannonDone.then(() => (running = false))
    const poll = async () => {
      while (running) {
        const t = performance.now()
        const reply = await fetch(`${url}/__sim/health`)
        await reply.arrayBuffer()
        health.push(performance.now() - t)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
    const readLists = async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, 10_000))
        const t = performance.now()
        const reply = await fetch(`${url}/manager/${manager}/${token}`, { headers: { authorization: AUTH } })
        const bytes = (await reply.arrayBuffer()).byteLength
        lists.push({ status: reply.status, bytes, ms: performance.now() - t })
      }
    }
    const sample = setInterval(() => (rssMax = Math.max(rssMax, rssMB(server.pid!))), 1000)
    await Promise.all([poll(), readLists(), cannonDone])
    clearInterval(sample)
    const load = JSON.parse(cannonOutput) as {
      requests: { total: number }
      non2xx: number
      statusCodeStats?: Record<string, { count: number }>
      errors: number
    }
    const statuses = Object.fromEntries(
      Object.entries(load.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
    )
    const state = (await (await fetch(`${url}/__sim/state?limit=0`)).json()) as { counts: Record<string, number> }
    const failures: string[] = []
    if (rssMax >= 1024) failures.push(`RSS reached ${rssMax} MB`)
    if (Math.max(...health) > 100) failures.push(`a health answer took ${Math.round(Math.max(...health))} ms`)
    if (lists.some((list) => list.status !== 200 && list.status !== 422))
      failures.push('a list answered otherwise than 200 or 422')
    for (const code of Object.keys(statuses))
      if (Number(code) >= 500 && code !== '507') failures.push(`answers with status ${code}`)
    const row = (cells: unknown[]) => `| ${cells.join(' | ')} |`
    console.log(
      [
        `## npm run bench:soak: ${new Date().toISOString()}, ${minutes} min of POST /manager at -c ${connections}, Node ${process.version}`,
        '',
        row(['figure', 'measured', 'bound']),
        row(['---', '---', '---']),
        row([
          'writes sent / answers by status',
          `${load.requests.total} / ${JSON.stringify(statuses)}`,
          'only 200 and 507',
        ]),
        row([
          'manager payments stored at the end',
          state.counts.managerPayments,
          'the seeded ones + --max-records (10,000)',
        ]),
        row(['server RSS, max', `${rssMax} MB`, '< 1,024 MB']),
        row([
          'GET /__sim/health latency, p50 / p99 / max',
          `${percentile(health, 0.5).toFixed(1)} / ${percentile(health, 0.99).toFixed(1)} / ${Math.max(...health).toFixed(1)} ms (${health.length} polls)`,
          '≤ 100 ms',
        ]),
        row([
          'list reads (every 10 s): statuses, bytes max, latency max',
          `${[...new Set(lists.map((list) => list.status))].join(', ')}; ${Math.max(...lists.map((list) => list.bytes))} B; ${Math.max(...lists.map((list) => list.ms)).toFixed(1)} ms (${lists.length} reads)`,
          '200 or 422',
        ]),
        '',
        failures.length === 0 ? 'Every bound held.' : `Broken: ${failures.join('; ')}`,
      ].join('\n'),
    )
    return failures.length === 0 ? 0 : 1
  } finally {
    server.kill('SIGKILL')
  }
}

process.exitCode = await main()
