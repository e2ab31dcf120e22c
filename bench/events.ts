/**
 * `npm run bench:events`: what `GET /__sim/events` subscribers cost the server (issue 20, item 4).
 * It starts the built command (`dist/cli/cli.js serve --quiet`) on 127.0.0.1 and measures, with
 * autocannon's command sending `POST /manager` (-c 20) in a child process:
 *
 * 1. writes/s with no subscriber and with 100 live subscribers that read everything (raw sockets in
 *    this process), alternated over several rounds; bound: with ≥ 0.8 × without (median of rounds);
 * 2. the server's RSS (max, sampled every 250 ms) under the same write load with 150 stalled
 *    subscribers (sockets that never read), and for comparison with none, each on a fresh server;
 *    bound: < 300 MB with the stalled ones;
 * 3. `GET /__sim/health` latency while 20 clients reconnect in a loop as a browser does (with the
 *    Last-Event-ID of the last event they saw) under the write load; reported.
 *
 * Build first (`npm run build`). Options: --seconds <n> per measurement (8) --rounds <n> (3).
 */
import { spawn } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { AUTH, option, rssMB, started } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const seconds = Number(option('seconds', '8'))
const rounds = Number(option('rounds', '3'))

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs autocannon's command for `seconds`: answers per second (every status counts: a write was answered). */
function writeLoad(url: string, body: string): Promise<number> {
  const cannon = spawn(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      ...['-c', '20', '-d', String(seconds), '-m', 'POST', '-H', `authorization=${AUTH}`],
      ...['-H', 'content-type=application/json', '-b', body, '--json', `${url}/manager`],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  )
  let output = ''
  cannon.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) =>
    cannon.on('exit', () => {
      const result = JSON.parse(output) as { requests: { total: number }; duration: number }
      resolve(result.requests.total / result.duration)
    }),
  )
}

/** An event stream on a raw socket: `read: false` never reads (the kernel buffers fill, then the server's). */
function subscribe(url: string, read: boolean, onClose: () => void): Socket {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname, () =>
    socket.write(`GET /__sim/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`),
  )
  if (read) socket.on('data', () => {})
  else socket.once('data', () => socket.pause())
  socket.on('error', () => {})
  socket.on('close', onClose)
  return socket
}

async function main(): Promise<number> {
  const server = spawn(process.execPath, [join(root, 'dist/cli/cli.js'), 'serve', '--port', '0', '--quiet'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const sockets = new Set<Socket>()
  try {
    const url = await started(server)
    const tokens = (await (await fetch(`${url}/securityToken`, { headers: { authorization: AUTH } })).json()) as {
      contractAddress: string
      managerAddress: string
    }[]
    const body = JSON.stringify({
      managerAddress: tokens[0]!.managerAddress,
      tokenAddress: tokens[0]!.contractAddress,
      amount: 1500,
      serie: 'SENIOR',
      type: 'JUROS',
    })
    const reset = () => fetch(`${url}/__sim/reset`, { method: 'POST' }).then((reply) => reply.arrayBuffer())
    const closeAll = async () => {
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      await pause(200)
    }

    // 1. Writes/s with none and with 100 reading subscribers, alternated (after a warm-up run).
    // The default capacity: the first 10,000 writes of a run are stored, the rest answered 507.
    await writeLoad(url, body)
    const without: number[] = []
    const withLive: number[] = []
    for (let round = 0; round < rounds; round++) {
      await reset()
      without.push(await writeLoad(url, body))
      await reset()
      for (let i = 0; i < 100; i++) sockets.add(subscribe(url, true, () => {}))
      await pause(300)
      withLive.push(await writeLoad(url, body))
      await closeAll()
    }
    const ratio = median(withLive.map((value, i) => value / without[i]!))

    // 2. The server's RSS under the write load with no subscriber, then with 150 stalled ones, each on
    // a fresh server (so one run's heap does not carry into the other).
    const rssUnder = async (stalled: number) => {
      const fresh = spawn(process.execPath, [join(root, 'dist/cli/cli.js'), 'serve', '--port', '0', '--quiet'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      try {
        const freshUrl = await started(fresh)
        for (let i = 0; i < stalled; i++) sockets.add(subscribe(freshUrl, false, () => {}))
        await pause(500)
        const before = rssMB(fresh.pid!)
        let max = before
        const sample = setInterval(() => (max = Math.max(max, rssMB(fresh.pid!))), 250)
        const writes = await writeLoad(freshUrl, body)
        clearInterval(sample)
        await closeAll()
        return { before, max, writes }
      } finally {
        fresh.kill('SIGKILL')
      }
    }
    const quiet = await rssUnder(0)
    const stalledRun = await rssUnder(150)
    const rssMax = stalledRun.max

    // 3. Health while 20 clients reconnect without Last-Event-ID, under the write load.
    let reconnecting = true
    let reconnects = 0
    // As a browser: the first connection gets the ring, each reconnection only what followed its last id.
    const reconnector = async () => {
      let lastId: string | undefined
      while (reconnecting) {
        const reply = await fetch(`${url}/__sim/events`, {
          headers: lastId === undefined ? {} : { 'last-event-id': lastId },
        })
        const reader = reply.body!.getReader()
        const { value } = await reader.read()
        const ids = [...new TextDecoder().decode(value).matchAll(/^id: (.+)$/gm)]
        lastId = ids.at(-1)?.[1] ?? lastId
        await reader.cancel()
        reconnects++
      }
    }
    const health: number[] = []
    const probe = async () => {
      while (reconnecting) {
        const t = performance.now()
        await (await fetch(`${url}/__sim/health`)).arrayBuffer()
        health.push(performance.now() - t)
        await pause(100)
      }
    }
    const load = writeLoad(url, body).finally(() => (reconnecting = false))
    await Promise.all([load, probe(), ...Array.from({ length: 20 }, reconnector)])

    const failures: string[] = []
    if (ratio < 0.8) failures.push(`writes/s with 100 subscribers at ${ratio.toFixed(2)} of without`)
    if (rssMax >= 300) failures.push(`RSS reached ${rssMax} MB with 150 stalled subscribers`)
    const row = (cells: unknown[]) => `| ${cells.join(' | ')} |`
    const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ')
    console.log(
      [
        `## npm run bench:events: ${new Date().toISOString()}, POST /manager at -c 20, ${seconds} s per measurement, Node ${process.version}`,
        '',
        row(['figure', 'measured', 'bound']),
        row(['---', '---', '---']),
        row(['writes/s, no subscriber (per round)', list(without), '']),
        row(['writes/s, 100 reading subscribers (per round)', list(withLive), '']),
        row(['ratio (median of rounds)', ratio.toFixed(2), '≥ 0.8']),
        row([
          'server RSS under the write load, no subscriber: before / max',
          `${quiet.before} / ${quiet.max} MB (${Math.round(quiet.writes)} writes/s)`,
          'reported',
        ]),
        row([
          'server RSS under the write load, 150 stalled subscribers: before / max',
          `${stalledRun.before} / ${stalledRun.max} MB (${Math.round(stalledRun.writes)} writes/s)`,
          '< 300 MB',
        ]),
        row([
          'GET /__sim/health with 20 clients reconnecting with Last-Event-ID, p50 / p99 / max',
          `${percentile(health, 0.5).toFixed(1)} / ${percentile(health, 0.99).toFixed(1)} / ${Math.max(...health).toFixed(1)} ms (${reconnects} reconnects)`,
          'reported',
        ]),
        '',
        failures.length === 0 ? 'Every bound held.' : `Broken: ${failures.join('; ')}`,
      ].join('\n'),
    )
    return failures.length === 0 ? 0 : 1
  } finally {
    for (const socket of sockets) socket.destroy()
    server.kill('SIGKILL')
  }
}

process.exitCode = await main()
