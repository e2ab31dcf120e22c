/**
 * `npm run bench`: the speed figures of issue #4 (target 5), measured on loopback against a bare
 * node:http ceiling run in the same script.
 *
 * 1. Starts the simulator's standalone server (CLI, `--quiet`) on a world whose
 *    `GET /securityToken` list is about 15 KB (`--size`, default 1000: 10 security tokens), fetches
 *    the real responses of `GET /securityToken` and `POST /manager`, and writes them for
 *    bench/bare-server.mjs, which answers with exactly those bytes (status, headers, body).
 * 2. For each target (bare, the simulator, the simulator with the default operations log as a
 *    reference, bare again), each in its own child process: checks the bytes, warms up, then runs
 *    autocannon's command (a child process of its own, bench/autocannon-lean.cjs preloaded) for a
 *    fixed duration at `--connections` (50) on both requests, twice: with `--pipelining` (10)
 *    requests in flight per connection, so that the load generator outruns every server (req/s, the
 *    ratio to the mean of the bare runs, the server's CPU time per request, how busy its core was),
 *    then one request at a time per connection (p50 / p99 latency). When `taskset` exists, servers
 *    run on CPU 1 and autocannon (and this script) on CPU 0.
 *    Then the coverage pair (bench/coverage-load.ts): the standalone server from the sources with and
 *    without API coverage recording, the same two requests pipelined, in turns over --coverage-rounds
 *    rounds (5; --quick 3), the medians and the cost of recording.
 * 3. The cold paths (bench/cold.ts, `npm run bench:cold` alone), in a process of its own on every
 *    core: in a fresh project with the packed package installed, the bin's start to first response
 *    against a bare node:http bin, the import of each entry and a fresh process's first answer and
 *    first write against msw's own, a 20-file vitest suite against plain msw handlers, the first
 *    write in a Playwright worker, and what a browser page loads before its first answer.
 * 4. `createSimulator()` and `reset()` of the default world (bench/in-process.ts, own process), and
 *    a request through the simulator's msw handlers against one through a one-handler msw server
 *    answering the same bytes (bench/msw-handlers.ts, own process).
 * 5. The large world (bench/large-world.ts, own process with --expose-gc), unless `--no-large`.
 *
 * The machine may be shared: before each measured run the script waits (up to --quiet-wait s)
 * until other processes use less than 0.1 core, measures that "foreign" CPU during the run and
 * repeats a run (up to twice) that others disturbed by more than 0.3 core.
 *
 * Options: --duration <s> (10) --quick (3 s runs, 1 s warm-ups, fewer rows) --connections <n> (50)
 *          --pipelining <n> (10)
 *          --size <n> (1000) --json <file> --no-large --no-pin --quiet-wait <s> (60)
 *          --only <ids> (e.g. direct,direct-log: those rows and bare; coverage: the coverage pair alone)
 *          --coverage-rounds <n> --load-only (skip steps 3-5)
 * Everything listens on 127.0.0.1; every run is bounded; children are killed on exit and on error.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderColdTable } from './cold/table.ts'
import { measureCoverageCost } from './coverage-load.ts'
import { coreTicks, machineBusyMs, ownCpuMs, processCpuMs, waitUntilQuiet } from './machine-load.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const flag = (name: string) => args.includes(`--${name}`)
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`)
  return i === -1 ? fallback : args[i + 1]!
}
const quick = flag('quick')
const duration = Number(option('duration', quick ? '3' : '10'))
const warmup = quick ? 1 : 3
const connections = Number(option('connections', '50'))
const pipelining = Number(option('pipelining', '10'))
const size = Number(option('size', '1000'))
const jsonFile = option('json', '')
const quietWait = Number(option('quiet-wait', quick ? '10' : '60'))
const pin = !flag('no-pin') && process.platform === 'linux' && existsSync('/usr/bin/taskset')
const HOST = '127.0.0.1'
const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

// ---------------------------------------------------------------------------------------------
// Children: started here, always killed (by their own process group id) on exit.

const children = new Set<ChildProcess>()
function killChild(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
const killAll = () => {
  for (const child of children) killChild(child)
}
process.on('exit', killAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll()
    process.exit(130)
  })
}

/**
 * @param cpu the core to pin the child to, or 'all' for every core: a child otherwise inherits this
 * process's own pinning to CPU 0.
 */
function launch(
  command: string,
  argv: string[],
  cpu: number | 'all',
  stdout: 'pipe' | 'ignore' = 'pipe',
  cwd = root,
): ChildProcess {
  const cores = cpu === 'all' ? `0-${cpus().length - 1}` : String(cpu)
  const [file, fileArgs] = pin ? ['taskset', ['-c', cores, command, ...argv]] : [command, argv]
  const child = spawn(file, fileArgs, { cwd, detached: true, stdio: ['ignore', stdout, 'pipe'] })
  children.add(child)
  child.on('exit', () => children.delete(child))
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    if (stderr.length > 10_000) stderr = stderr.slice(-10_000)
  })
  ;(child as ChildProcess & { stderrText: () => string }).stderrText = () => stderr
  return child
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(-child.pid!, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => killChild(child), 3000)
  await exited
  clearTimeout(timer)
}

/** Waits for the "listening on http://host:port" line a server prints; returns the URL. */
function listeningUrl(child: ChildProcess, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within ${timeoutMs} ms`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening on (http:\/\/[^\s)]+)/.exec(out)
      if (match !== null) {
        clearTimeout(timer)
        child.stdout!.off('data', onData)
        child.stdout!.resume() // later output (the operations log) is read and dropped
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(
        new Error(
          `server exited (${code}) before listening: ${(child as ChildProcess & { stderrText: () => string }).stderrText()}`,
        ),
      )
    })
  })
}

/** Waits until others use less than 0.1 core for a second (at most --quiet-wait seconds). */
const waitForQuiet = (pids: number[]) => waitUntilQuiet(pids, quietWait)

// ---------------------------------------------------------------------------------------------
// Load runs.

interface Probe {
  name: string
  path: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
}

/** The part of autocannon's `--json` result used here. */
interface CannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number; max: number }
  errors: number
  timeouts: number
  non2xx: number
}

/** One load run: throughput and server CPU (pipelined), or latency (one request at a time per connection). */
interface RunResult {
  reqPerSec: number
  p50Ms: number
  p99Ms: number
  meanMs: number
  maxMs: number
  requests: number
  errors: number
  timeouts: number
  non2xx: number
  serverCpuUsPerRequest: number
  /** How busy the servers' core (CPU 1) was, kernel work on the server's behalf included: near 1 when the server sets the pace. */
  serverCoreBusy: number | null
  foreignCores: number
  tries: number
}

const AUTOCANNON = fileURLToPath(import.meta.resolve('autocannon'))
const LEAN = join(root, 'bench', 'autocannon-lean.cjs')

/**
 * autocannon's command in a child process on CPU 0 (the servers run on CPU 1), so that nothing of
 * this script shares its event loop. Resolves its JSON result.
 */
function cannon(url: string, probe: Probe, seconds: number, pipelining: number): Promise<CannonResult> {
  const argv = [AUTOCANNON, '-c', String(connections), '-p', String(pipelining), '-d', String(seconds)]
  argv.push('-t', '10', '-m', probe.method, '--json', '-n')
  for (const [name, value] of Object.entries(probe.headers)) argv.push('-H', `${name}=${value}`)
  if (probe.body !== undefined) argv.push('-b', probe.body)
  argv.push(`${url}${probe.path}`)
  const child = launch(process.execPath, ['--require', LEAN, ...argv], 0)
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  // A hard bound in case the server stops answering.
  const guard = setTimeout(() => killChild(child), (seconds + 30) * 1000)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      clearTimeout(guard)
      try {
        if (code !== 0) throw new Error(`exit code ${code}`)
        resolve(JSON.parse(out) as CannonResult)
      } catch (error) {
        const stderr = (child as ChildProcess & { stderrText: () => string }).stderrText()
        reject(new Error(`autocannon failed (${String(error)}): ${stderr.slice(-2000)}`))
      }
    })
  })
}

/** One load run of `probe` against the server `pid`, with the CPU it and others used meanwhile. */
async function measureOnce(url: string, pid: number, probe: Probe, pipelining: number, tries = 1): Promise<RunResult> {
  const before = { busy: machineBusyMs(), own: ownCpuMs(), server: processCpuMs(pid), at: performance.now() }
  const core = coreTicks(1)
  const result = await cannon(url, probe, duration, pipelining)
  const coreAfter = coreTicks(1)
  const elapsed = performance.now() - before.at
  const serverMs = processCpuMs(pid) - before.server
  const foreign = Math.max(0, machineBusyMs() - before.busy - (ownCpuMs() - before.own) - serverMs) / elapsed
  const run: RunResult = {
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    maxMs: result.latency.max,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    serverCpuUsPerRequest: Math.round((serverMs * 1000) / Math.max(1, result.requests.total)),
    serverCoreBusy:
      pin && coreAfter.all > core.all
        ? Math.round(((coreAfter.busy - core.busy) / (coreAfter.all - core.all)) * 100) / 100
        : null,
    foreignCores: Math.round(foreign * 100) / 100,
    tries,
  }
  return run
}

/** The best of up to three runs (the least disturbed by others), each after waiting for a quiet machine. */
async function measure(url: string, pid: number, probe: Probe, pipelining: number): Promise<RunResult> {
  let best: RunResult | undefined
  for (let tries = 1; tries <= 3; tries++) {
    await waitForQuiet([pid])
    const run = await measureOnce(url, pid, probe, pipelining, tries)
    if (best === undefined || run.foreignCores < best.foreignCores) best = run
    if (run.foreignCores <= 0.3) break
  }
  return best!
}

/** A target's figures per probe: the pipelined run (req/s, ratio, CPU), and the one-at-a-time run's latency. */
interface LoadRow {
  id: string
  label: string
  results: Record<string, RunResult & { ratio: number; latency: RunResult }>
}

interface Target {
  id: string
  label: string
  start: () => Promise<{ child: ChildProcess; url: string }>
}

/** The package's command as npm start and the bin run it (dist/cli/cli.js, built first), with the benchmark's options. */
// --max-records: a 10 s run stores a few hundred thousand payments, past the default capacity.
const cli = (extra: string[]) => [
  'dist/cli/cli.js',
  'serve',
  '--port',
  '0',
  '--host',
  HOST,
  '--size',
  String(size),
  '--max-records',
  '5000000',
  ...extra,
]

function simulatorTarget(id: string, label: string, extra: string[]): Target {
  return {
    id,
    label,
    start: async () => {
      const child = launch(process.execPath, cli(extra), 1)
      return { child, url: await listeningUrl(child) }
    },
  }
}

// ---------------------------------------------------------------------------------------------

async function fetchExchange(url: string, probe: Probe) {
  const response = await fetch(`${url}${probe.path}`, {
    method: probe.method,
    headers: probe.headers,
    ...(probe.body !== undefined && { body: probe.body }),
  })
  const body = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name))
      headers[name] = value
  })
  return { status: response.status, headers, body }
}

/** Runs a node script on CPU 1 (bounded to 10 min) and returns its standard output. */
function runNode(argv: string[]): string {
  const [file, fileArgs] = pin ? ['taskset', ['-c', '1', process.execPath, ...argv]] : [process.execPath, argv]
  return execFileSync(file, fileArgs, { cwd: root, encoding: 'utf8', timeout: 600_000, maxBuffer: 1 << 24 })
}
/** The JSON object a script prints on its last line. */
const runJson = (argv: string[]): unknown => JSON.parse(runNode(argv).trim().split('\n').pop()!)

async function main(): Promise<void> {
  if (pin) execFileSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' })
  const work = mkdtempSync(join(tmpdir(), 'dts-bench-'))
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '',
      memoryGB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      pinned: pin,
    },
    settings: { duration, warmup, connections, pipelining, size, quick },
  }
  try {
    // 0. The command npm start runs, built now so that no measured start includes a build.
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
    // 1. Real responses from the simulator, for the bare server and for checking every target.
    const reference = await simulatorTarget('direct', '', ['--quiet']).start()
    const tokens = JSON.parse(
      (
        await fetchExchange(reference.url, {
          name: '',
          path: '/securityToken',
          method: 'GET',
          headers: { authorization: AUTH },
        })
      ).body,
    ) as {
      contractAddress: string
      managerAddress: string
    }[]
    const probes: Probe[] = [
      { name: 'GET /securityToken', path: '/securityToken', method: 'GET', headers: { authorization: AUTH } },
      {
        name: 'POST /manager',
        path: '/manager',
        method: 'POST',
        headers: { authorization: AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({
          managerAddress: tokens[0]!.managerAddress,
          tokenAddress: tokens[0]!.contractAddress,
          hash: `0x${'ab'.repeat(32)}`,
          date: '2026-03-01T12:00:00.000Z',
          status: 'PAID',
          amount: 15000,
          serie: 'SENIOR',
          type: 'JUROS',
        }),
      },
    ]
    const expected = await Promise.all(probes.map((probe) => fetchExchange(reference.url, probe)))
    await stop(reference.child)
    const routes = probes.map((probe, i) => ({ method: probe.method, path: probe.path, ...expected[i]! }))
    const routesFile = join(work, 'routes.json')
    writeFileSync(routesFile, JSON.stringify({ routes }))
    const getBytes = Buffer.byteLength(expected[0]!.body)
    console.log(
      `GET /securityToken: ${tokens.length} security tokens, ${getBytes} bytes; POST /manager → ${expected[1]!.status} ${expected[1]!.body}`,
    )
    report.responses = {
      getBytes,
      securityTokens: tokens.length,
      postStatus: expected[1]!.status,
      postBody: expected[1]!.body,
    }

    // 2. Load.
    const bare: Target = {
      id: 'bare',
      label: 'bare node:http, pre-serialized bytes (the ceiling)',
      start: async () => {
        const child = launch(process.execPath, ['bench/bare-server.mjs', '0', routesFile], 1)
        return { child, url: await listeningUrl(child) }
      },
    }
    const targets: Target[] = [
      bare,
      simulatorTarget('direct', 'simulator, --quiet', ['--quiet']),
      ...(quick
        ? []
        : [simulatorTarget('direct-log', 'simulator, default operations log (stdout piped): reference', [])]),
      { ...bare, id: 'bare-again', label: 'bare node:http again' },
    ]
    const only = option('only', '')
    const selected =
      only === ''
        ? targets
        : targets.filter((target) => only.split(',').includes(target.id) || target.id.startsWith('bare'))
    const rows: LoadRow[] = []
    // --only coverage: the coverage pair alone, without the bare and simulator rows.
    const coverageOnly = only === 'coverage'
    for (const target of coverageOnly ? [] : selected) {
      const { child, url } = await target.start()
      try {
        // Same bytes as the simulator (the bare server) or the same status and body (the simulator's targets).
        const got = await Promise.all(probes.map((probe) => fetchExchange(url, probe)))
        if (got[0]!.body !== expected[0]!.body || got[0]!.status !== 200)
          throw new Error(`${target.id}: GET /securityToken differs from the simulator's`)
        if (got[1]!.status !== 200 || !got[1]!.body.startsWith('{"status":"success"'))
          throw new Error(`${target.id}: POST /manager answered ${got[1]!.status} ${got[1]!.body}`)
        for (const probe of probes) await cannon(url, probe, warmup, pipelining) // warm-up
        const results: LoadRow['results'] = {}
        for (const probe of probes) {
          const throughput = await measure(url, child.pid!, probe, pipelining)
          const latency = await measure(url, child.pid!, probe, 1)
          results[probe.name] = { ...throughput, ratio: 0, latency }
          console.log(
            `${target.id.padEnd(10)} ${probe.name.padEnd(18)} ${String(throughput.reqPerSec).padStart(6)} req/s  server ${throughput.serverCpuUsPerRequest} µs/req, its core ${throughput.serverCoreBusy ?? '?'} busy  foreign ${throughput.foreignCores} cores | -p 1: ${String(latency.reqPerSec).padStart(6)} req/s  p50 ${latency.p50Ms} ms  p99 ${latency.p99Ms} ms  server ${latency.serverCpuUsPerRequest} µs/req  foreign ${latency.foreignCores} cores`,
          )
        }
        rows.push({ id: target.id, label: target.label, results })
      } finally {
        await stop(child)
      }
    }
    const bareRows = rows.filter((row) => row.id.startsWith('bare'))
    const ceiling = (name: string) =>
      bareRows.reduce((sum, row) => sum + row.results[name]!.reqPerSec, 0) / bareRows.length
    for (const row of rows) {
      for (const probe of probes) {
        const result = row.results[probe.name]!
        result.ratio = Math.round((result.reqPerSec / ceiling(probe.name)) * 1000) / 1000
      }
    }
    report.load = rows

    // 2b. What recording API coverage costs the standalone server: the same server with and without, in turns.
    if (only === '' || only.split(',').includes('coverage')) {
      report.coverageLoad = await measureCoverageCost({
        probes,
        rounds: Number(option('coverage-rounds', quick ? '3' : '5')),
        start: async (coverage) => {
          const argv = ['--import', 'tsx', 'bench/coverage-server.ts', '--size', String(size)]
          const child = launch(process.execPath, coverage ? argv : [...argv, '--no-coverage'], 1)
          return { child, url: await listeningUrl(child) }
        },
        stop,
        warm: (url, probe) => cannon(url, probe, warmup, pipelining),
        measure: (url, pid, probe) => measureOnce(url, pid, probe, pipelining),
        log: (line) => console.log(line),
      })
    }

    if (!flag('load-only')) {
      // 3. The cold paths (bench/cold.ts, own process on every core, as a developer's would run):
      // installed bin's start, imports, first answer and first write, vitest, Playwright, browser page.
      const coldFile = join(work, 'cold.json')
      const coldArgs = ['--import', 'tsx', 'bench/cold.ts', '--json', coldFile, '--quiet-wait', String(quietWait / 2)]
      execFileSync(
        pin ? 'taskset' : process.execPath,
        [
          ...(pin ? ['-c', `0-${cpus().length - 1}`, process.execPath] : []),
          ...coldArgs,
          ...(quick ? ['--quick'] : []),
        ],
        { cwd: root, stdio: 'inherit', timeout: 3_600_000 },
      )
      report.cold = JSON.parse(readFileSync(coldFile, 'utf8'))

      // 4. createSimulator() / reset().
      await waitForQuiet([])
      report.inProcess = runJson(['--import', 'tsx', 'bench/in-process.ts', '--runs', quick ? '50' : '200'])
      console.log(`in-process: ${JSON.stringify(report.inProcess)}`)
      await waitForQuiet([])
      report.mswHandlers = runJson(['--import', 'tsx', 'bench/msw-handlers.ts', ...(quick ? ['--rounds', '7'] : [])])
      console.log(`msw handlers: ${JSON.stringify(report.mswHandlers)}`)

      // 5. Large world.
      if (!flag('no-large')) {
        await waitForQuiet([])
        const largeFile = join(work, 'large.json')
        const sizeArgs = quick ? ['--size', '100000', '--queries', '50'] : ['--size', '100000']
        console.log(
          runNode(['--expose-gc', '--import', 'tsx', 'bench/large-world.ts', ...sizeArgs, '--json', largeFile]),
        )
        report.largeWorld = JSON.parse(readFileSync(largeFile, 'utf8'))
      }
    }
  } finally {
    killAll()
    rmSync(work, { recursive: true, force: true })
  }

  const markdown = renderMarkdown(report)
  console.log(`\n${markdown}`)
  if (jsonFile !== '') writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`)
}

function renderMarkdown(report: Record<string, any>): string {
  const row = (cells: unknown[]) => `| ${cells.join(' | ')} |`
  const num = (value: number) => value.toLocaleString('en-US')
  const lines: string[] = []
  const m = report.machine
  lines.push(
    `## npm run bench: ${report.date.slice(0, 10)}, Node ${m.node}, ${m.cpus} × ${m.model}${m.pinned ? ' (servers on CPU 1, autocannon on CPU 0)' : ''}`,
  )
  lines.push('')
  const settings = report.settings
  lines.push(
    `autocannon's command in its own process, -c ${settings.connections}, ${settings.duration} s per run after a ${settings.warmup} s warm-up; GET /securityToken = ${report.responses.securityTokens} security tokens, ${num(report.responses.getBytes)} bytes (--size ${settings.size}). req/s, ratio (req/s ÷ mean of the bare runs) and server CPU per request: with ${settings.pipelining} requests pipelined per connection, so that the load generator outruns every server; p50 / p99: one request at a time per connection.`,
  )
  lines.push('')
  lines.push(
    row([
      'server',
      'GET req/s',
      '× bare',
      'GET CPU µs/req',
      'GET p50 / p99 ms',
      'POST req/s',
      '× bare',
      'POST CPU µs/req',
      'POST p50 / p99 ms',
      'server core busy GET / POST',
      'foreign load (cores)',
    ]),
  )
  lines.push(row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']))
  for (const target of report.load) {
    const get = target.results['GET /securityToken']
    const post = target.results['POST /manager']
    lines.push(
      row([
        target.label || target.id,
        num(get.reqPerSec),
        get.ratio.toFixed(3),
        get.serverCpuUsPerRequest,
        `${get.latency.p50Ms} / ${get.latency.p99Ms}`,
        num(post.reqPerSec),
        post.ratio.toFixed(3),
        post.serverCpuUsPerRequest,
        `${post.latency.p50Ms} / ${post.latency.p99Ms}`,
        `${get.serverCoreBusy ?? '?'} / ${post.serverCoreBusy ?? '?'}`,
        `${Math.max(get.foreignCores, get.latency.foreignCores)} / ${Math.max(post.foreignCores, post.latency.foreignCores)}`,
      ]),
    )
  }
  lines.push('')
  lines.push(row(['figure', 'measured', 'target']))
  lines.push(row(['---', '---', '---']))
  const direct = report.load.find((target: any) => target.id === 'direct')?.results
  const bare = report.load.find((target: any) => target.id === 'bare')?.results
  if (direct !== undefined) {
    for (const name of ['GET /securityToken', 'POST /manager']) {
      const cpu =
        bare === undefined
          ? `${direct[name].serverCpuUsPerRequest} µs of server CPU per request`
          : `${direct[name].serverCpuUsPerRequest} µs of server CPU per request, bare ${bare[name].serverCpuUsPerRequest} (bare ÷ simulator: ${(bare[name].serverCpuUsPerRequest / direct[name].serverCpuUsPerRequest).toFixed(2)})`
      lines.push(row([`${name}, standalone, × bare`, `${direct[name].ratio.toFixed(3)}; ${cpu}`, '≥ 0.5']))
    }
    lines.push(
      row([
        `p99 at ${settings.connections} connections, GET / POST`,
        `${direct['GET /securityToken'].latency.p99Ms} / ${direct['POST /manager'].latency.p99Ms} ms`,
        '≤ 15 ms',
      ]),
    )
  }
  const signed = (value: number) => `${value > 0 ? '+' : ''}${value}%`
  for (const [name, cost] of Object.entries((report.coverageLoad ?? {}) as Record<string, any>)) {
    // The recorder's own CPU per exchange (in-process, below) beside this server's CPU per request: steadier than the pair's difference.
    const recorderUs = report.inProcess?.coverage?.[name]?.recorderUs
    const share =
      recorderUs === undefined
        ? ''
        : `; the recorder alone ${recorderUs} µs, ${((recorderUs / cost.offCpuUs) * 100).toFixed(2)}% of it`
    lines.push(
      row([
        `${name}, standalone: API coverage recording on ÷ off, req/s (median of ${cost.rounds} rounds in turns); server CPU per request`,
        `${(cost.onReqPerSec / cost.offReqPerSec).toFixed(3)}× (${num(cost.onReqPerSec)} / ${num(cost.offReqPerSec)} req/s); ${signed(cost.cpuCostPercent)} (${cost.onCpuUs} / ${cost.offCpuUs} µs)${share}`,
        '≥ 0.98×',
      ]),
    )
  }
  if (report.inProcess !== undefined) {
    lines.push(
      row([
        '`createSimulator()`, default world, median',
        `${report.inProcess.createMedianMs} ms (first in a process: ${report.inProcess.firstCreateMs} ms)`,
        '≤ 30 ms',
      ]),
    )
    lines.push(row(['`reset()`, default world, median', `${report.inProcess.resetMedianMs} ms`, '≤ 2 ms']))
    lines.push(
      row([
        `a stored \`POST /manager\` in-process (\`simulator.host.handle()\`, ${num(report.inProcess.writes)} writes), CPU per request; of which @msw/data's \`Collection.create\` of the record alone`,
        `${report.inProcess.postUs} µs; ${report.inProcess.collectionCreateUs} µs`,
        '',
      ]),
    )
    for (const [name, figure] of Object.entries((report.inProcess.coverage ?? {}) as Record<string, any>)) {
      lines.push(
        row([
          `in-process ${name} (\`simulator.handle()\`): API coverage recording on ÷ off (CPU µs per request); the recorder alone, share of the request`,
          `${signed(figure.costPercent)} (${figure.onUs} / ${figure.offUs} µs); ${figure.recorderPercent}% (${figure.recorderUs} µs)`,
          '≤ +2%',
        ]),
      )
    }
  }
  if (report.mswHandlers !== undefined) {
    for (const [name, figure] of Object.entries(report.mswHandlers.results as Record<string, any>)) {
      lines.push(
        row([
          `in-process ${name} through the simulator's ${report.mswHandlers.handlers} msw handlers ÷ through one msw handler answering the same bytes (CPU µs per request)`,
          `${figure.ratio.toFixed(2)}× (${figure.simulatorUs} / ${figure.oneHandlerUs} µs)`,
          '≤ 1.2×',
        ]),
      )
    }
    for (const [name, figure] of Object.entries((report.mswHandlers.coverage ?? {}) as Record<string, any>)) {
      lines.push(
        row([
          `in-process ${name}: API coverage recording on ÷ off, same handlers (CPU µs per request)`,
          `${signed(figure.costPercent)} (${figure.onUs} / ${figure.offUs} µs)`,
          '≤ +2%',
        ]),
      )
    }
  }
  if (report.largeWorld !== undefined) {
    const large = report.largeWorld
    lines.push(
      row([
        `seeding ${num(large.size)} debt tokens (\`createSimulator({ size })\`)`,
        `${num(large.seedingMs)} ms`,
        '≤ 3,000 ms',
      ]),
    )
    lines.push(
      row([
        'RSS after seeding / after the queries',
        `${large.memory.afterSeeding.rssMB} / ${large.memory.afterQueries.rssMB} MB`,
        '≤ 600 MB',
      ]),
    )
    for (const query of large.queries) {
      lines.push(
        row([
          `${query.kind} query at ${num(large.size)} (${query.meanHits} tokens, ${num(query.meanBytes)} B), median first read / warm`,
          `${query.cold.medianMs} / ${query.warm.medianMs} ms (p95 ${query.cold.p95Ms} / ${query.warm.p95Ms})`,
          query.kind === 'security token' ? 'median first read ≤ 5 ms' : '',
        ]),
      )
    }
    lines.push(row(['large-world lists checked against a full scan', large.verified, 'correct']))
  }
  if (report.cold !== undefined) lines.push('', renderColdTable(report.cold))
  return lines.join('\n')
}

main().catch((error: unknown) => {
  killAll()
  console.error(error)
  process.exit(1)
})
