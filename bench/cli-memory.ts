/**
 * `npm run bench:cli-memory`: the peak memory of the two commands that read a whole input at once
 * (issue 45), as a multiple of their input. Builds the package (`npm run build`), copies the built
 * command aside (others' builds may replace dist/ meanwhile) and generates, in a temporary directory:
 *
 * - HAR files of about 5, 20 and 40 MB in two shapes, as Chromium's Network panel saves them
 *   (pretty-printed, Chromium's fields): a session of an app of this API (pages, each with its
 *   HTML, a script, two images in base64, the CORS preflights, then one call of every operation)
 *   and the same calls alone (the panel filtered to Fetch/XHR first). The calls are answered by the
 *   simulator and exported whole by `journal.toHar()`;
 * - coverage directories of 100, 1,000 and 10,000 parts, each what one test process leaves
 *   (`setupSimulatorServer({ coverage: { dir } })`): some operations called, some refused, a
 *   scenario's rule answering a 503; and 100 parts of 0.8 MB that each bring a rule of their own,
 *   which no suite leaves (refused once their merge passes the bound).
 *
 * Each is given to the built command in a child process: `scenarios from-har <file> --out <file>`,
 * the same with `--world <dir>`, and `coverage report <dir>`. Its peak resident memory (Linux:
 * `VmHWM` of /proc/self/status, read by a preloaded module as the process exits) is the median of
 * --runs runs. The multiple: that peak minus the same command's on a tiny input (a 17 KB HAR, one
 * part), divided by the input's size. Exits 1 when a peak passes the bound docs/har-import.md and
 * docs/coverage.md state: from-har, the tiny input's peak plus 60 MB plus 4× the HAR (6× with
 * --world); coverage report, the tiny input's plus 60 MB whatever the parts.
 *
 * Options: --har-mb 5,20,40; --parts 100,1000,10000; --runs 3; --cli <dist/cli/cli.js of another
 * checkout, built> (measured as it is, nothing built: the figures before a change).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { CoverageReport } from '../src/contract/coverage-report.ts'
import { coverageOf } from '../src/coverage/coverage-tally.ts'
import { createSimulator } from '../src/runtimes/msw/simulator.ts'
import { samples } from '../test/support/samples.ts'
import { option } from './server-child.ts'

const root = join(import.meta.dirname, '..')
const harSizes = option('har-mb', '5,20,40').split(',').map(Number)
const partCounts = option('parts', '100,1000,10000').split(',').map(Number)
const runs = Number(option('runs', '3'))
const MB = 1024 * 1024
/** The bounds the docs state, beyond the tiny input's peak: MB, plus MB per MB of input. */
interface Bound {
  readonly mb: number
  readonly perMB: number
}
const HAR_BOUND = { out: { mb: 60, perMB: 4 }, world: { mb: 60, perMB: 6 } } as const satisfies Record<string, Bound>
const COVERAGE_BOUND: Bound = { mb: 60, perMB: 0 }

const work = mkdtempSync(join(tmpdir(), 'cli-memory-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

const given = option('cli', '')
if (given === '') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
}
/** The built command, copied aside: the bundle in dist/cli needs nothing else of the package. */
const cli = join(work, 'cli/cli.js')
cpSync(given === '' ? join(root, 'dist/cli') : dirname(given), join(work, 'cli'), { recursive: true })

/** Reports the process's peak resident memory, in kB, into the file the environment names, as it exits. */
const preload = join(work, 'peak-rss.mjs')
writeFileSync(
  preload,
  `import { readFileSync, writeFileSync } from 'node:fs'
process.on('exit', () => {
  const peak = /VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
  writeFileSync(process.env.CLI_MEMORY_PEAK, peak === null ? '0' : peak[1])
})
`,
)

interface Measured {
  /** Peak RSS, MB. */
  readonly peak: number
  /** Wall time, s. */
  readonly seconds: number
  readonly status: number | null
  readonly stderr: string
}

/**
 * The command's peak RSS and time, the run of the median peak of `runs`; throws when it exits
 * otherwise than `status` (null: any status).
 */
function measure(args: readonly string[], status: number | null = 0): Measured {
  const measured: Measured[] = []
  for (let run = 0; run < runs; run++) {
    const out = join(work, 'peak')
    rmSync(out, { force: true })
    rmSync(join(work, 'out-scenario.json'), { force: true })
    rmSync(join(work, 'out-world'), { recursive: true, force: true })
    const started = performance.now()
    const child = spawnSync(process.execPath, ['--import', preload, cli, ...args], {
      env: { ...process.env, CLI_MEMORY_PEAK: out },
      encoding: 'utf8',
      maxBuffer: 256 * MB,
    })
    const seconds = (performance.now() - started) / 1000
    if (status !== null && child.status !== status)
      throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}${child.stdout.slice(0, 2000)}`)
    measured.push({
      peak: Number(readFileSync(out, 'utf8')) / 1024,
      seconds,
      status: child.status,
      stderr: child.stderr,
    })
  }
  return measured.sort((a, b) => a.peak - b.peak)[Math.floor(measured.length / 2)]!
}

// ---- HAR files ----------------------------------------------------------------------------------

const ORIGIN = 'http://localhost:4010'
const APP = 'http://localhost:5173'
const AUTHORIZATION = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

/** Bytes that do not compress, as a PNG's are, in base64. */
function imageBase64(bytes: number, seed: number): string {
  const data = Buffer.alloc(bytes)
  let x = seed * 2654435761
  for (let i = 0; i < bytes; i++) {
    x = (x * 1103515245 + 12345) >>> 0
    data[i] = x >>> 24
  }
  return data.toString('base64')
}

/** A minified script's text (with a character past Latin-1, as most bundles have: the file is read as UTF-16 then). */
const SCRIPT = `${Array.from(
  { length: 900 },
  (_, i) => `function c${i}(e,t){return e.map(n=>({...n,k${i}:t[n.id]??null})).filter(Boolean)}`,
).join(';')};const ellipsis="…"`
const HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pagamentos</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`

/** One call of every operation, answered by the simulator, as `journal.toHar()` exports them. */
async function apiEntries(): Promise<Record<string, any>[]> {
  const simulator = createSimulator({ journalBodyLimit: MB })
  for (const sample of Object.values(samples)) {
    const body = sample.body === undefined ? '' : JSON.stringify(sample.body)
    const q = sample.path.indexOf('?')
    await simulator.host.handle({
      method: sample.method,
      path: q === -1 ? sample.path : sample.path.slice(0, q),
      query: new URLSearchParams(q === -1 ? '' : sample.path.slice(q + 1)),
      header: (name) =>
        ({ authorization: AUTHORIZATION, 'content-type': body === '' ? null : 'application/json' })[name] ?? null,
      text: async () => body,
    })
  }
  const har = await simulator.journal.toHar({ baseUrl: ORIGIN })
  return har.log.entries.map((entry) => {
    const { _seq, _operation, _session, _scenario, _caller, ...chromium } = entry as Record<string, any>
    chromium.request.headers = chromium.request.headers.map((header: { name: string; value: string }) =>
      header.name.toLowerCase() === 'authorization' ? { ...header, value: AUTHORIZATION } : header,
    )
    return { ...chromium, _initiator: { type: 'script' }, _priority: 'High', _resourceType: 'fetch' }
  })
}

function assetEntry(url: string, mimeType: string, content: { text: string; encoding?: string }, type: string) {
  return {
    startedDateTime: '2026-12-07T10:00:00.000Z',
    time: 3.2,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: mimeType }],
      cookies: [],
      content: { size: content.text.length, mimeType, ...content },
      redirectURL: '',
      headersSize: -1,
      bodySize: content.text.length,
    },
    cache: {},
    timings: { send: 0.1, wait: 2.5, receive: 0.6 },
    _initiator: { type: 'parser' },
    _priority: 'High',
    _resourceType: type,
  }
}

function preflight(entry: Record<string, any>) {
  return {
    ...assetEntry(entry.request.url, 'text/plain', { text: '' }, 'preflight'),
    request: { ...entry.request, method: 'OPTIONS', postData: undefined, bodySize: 0 },
    response: {
      ...entry.response,
      status: 204,
      statusText: 'No Content',
      content: { size: 0, mimeType: 'text/plain' },
    },
  }
}

type HarShape = 'session' | 'calls'

/** A HAR of about `megabytes` MB: pages of a session (or their API calls alone) until it is that large. */
function harText(api: readonly Record<string, any>[], megabytes: number, shape: HarShape): string {
  const entries: unknown[] = []
  const pages: unknown[] = []
  let bytes = 0
  for (let page = 0; bytes < megabytes * MB * 0.98; page++) {
    const id = `page_${page + 1}`
    const at = new Date(Date.UTC(2026, 11, 7, 10) + page * 60_000).toISOString()
    pages.push({ startedDateTime: at, id, title: `${APP}/`, pageTimings: { onContentLoad: 120, onLoad: 200 } })
    const assets = [
      assetEntry(`${APP}/`, 'text/html', { text: HTML }, 'document'),
      assetEntry(`${APP}/assets/index.js`, 'text/javascript', { text: SCRIPT }, 'script'),
      assetEntry(
        `${APP}/assets/logo.png`,
        'image/png',
        { text: imageBase64(12_000, page), encoding: 'base64' },
        'image',
      ),
      assetEntry(
        `${APP}/assets/chart.png`,
        'image/png',
        { text: imageBase64(30_000, page), encoding: 'base64' },
        'image',
      ),
      ...api.map(preflight),
    ]
    const pageEntries = [...(shape === 'session' ? assets : []), ...api].map((entry) => ({
      ...entry,
      startedDateTime: at,
      pageref: id,
    }))
    entries.push(...pageEntries)
    bytes += JSON.stringify(pageEntries, null, 2).length
  }
  const har = { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages, entries } }
  return `${JSON.stringify(har, null, 2)}\n`
}

// ---- coverage parts -----------------------------------------------------------------------------

/** A few kinds of test process: each calls some operations, has some refused, and one meets a scenario's 503. */
async function coverageParts(kinds: number): Promise<string[]> {
  const sampleList = Object.values(samples)
  const parts: string[] = []
  for (let kind = 0; kind < kinds; kind++) {
    const simulator = createSimulator()
    if (kind % 3 === 0)
      simulator.scenarios.use({
        description: `the service down (${kind})`,
        rules: [{ operation: 'listSecurityTokens', respond: { status: 503, message: 'The service is down' } }],
      })
    for (let i = 0; i < 6; i++) {
      const sample = sampleList[(kind * 5 + i) % sampleList.length]!
      const refused = i % 3 === 2
      const body = refused ? '{}' : sample.body === undefined ? '' : JSON.stringify(sample.body)
      const q = sample.path.indexOf('?')
      await simulator.host.handle({
        method: sample.method,
        path: q === -1 ? sample.path : sample.path.slice(0, q),
        query: new URLSearchParams(q === -1 ? '' : sample.path.slice(q + 1)),
        header: (name) => ({ authorization: refused && i === 5 ? null : AUTHORIZATION })[name] ?? null,
        text: async () => body,
      })
    }
    const report: CoverageReport = await simulator.coverage()
    parts.push(`${JSON.stringify(report, null, 2)}\n`)
  }
  return parts
}

function coverageDirectory(name: string, parts: readonly string[], count: number): { dir: string; bytes: number } {
  const dir = join(work, name)
  mkdirSync(dir)
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const text = parts[i % parts.length]!
    writeFileSync(join(dir, `coverage-${10_000 + i}-${(i * 7919).toString(16).padStart(8, '0')}.json`), text)
    bytes += Buffer.byteLength(text)
  }
  return { dir, bytes }
}

/** Parts no suite leaves: each a 503 of a rule of its own, whose message makes the part about 0.8 MB. */
function distinctParts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const message = `part ${i}: `.repeat(800_000 / `part ${i}: `.length)
    const rule = { operation: 'listSecurityTokens', respond: { status: 503, message } }
    const exchange = {
      operation: 'listSecurityTokens',
      status: 503,
      scenario: `part-${i}`,
      rule,
      fields: [],
      own: false,
    }
    return `${JSON.stringify(coverageOf([exchange]), null, 2)}\n`
  })
}

// ---- the runs -----------------------------------------------------------------------------------

interface Row {
  readonly command: string
  readonly input: string
  readonly bytes: number
  readonly measured: Measured
  readonly baseline: Measured
  readonly bound: Bound
}
const rows: Row[] = []
const scenarioOut = join(work, 'out-scenario.json')
const worldOut = join(work, 'out-world')
const fromHar = (har: string, world: boolean) => [
  'scenarios',
  'from-har',
  har,
  '--out',
  scenarioOut,
  ...(world ? ['--world', worldOut] : []),
]

const tinyHar = join(root, 'test/fixtures/har/chromium-devtools.har')
const harBaselines = { out: measure(fromHar(tinyHar, false)), world: measure(fromHar(tinyHar, true)) }
const api = await apiEntries()
for (const shape of ['session', 'calls'] as const)
  for (const megabytes of harSizes) {
    const file = join(work, `${shape}-${megabytes}.har`)
    writeFileSync(file, harText(api, megabytes, shape))
    const bytes = statSync(file).size
    const input = `${shape === 'session' ? 'a session' : 'its API calls alone'}, ${(bytes / MB).toFixed(1)} MB`
    for (const world of [false, true] as const)
      rows.push({
        command: `scenarios from-har${world ? ' --world' : ''}`,
        input,
        bytes,
        measured: measure(fromHar(file, world)),
        baseline: harBaselines[world ? 'world' : 'out'],
        bound: HAR_BOUND[world ? 'world' : 'out'],
      })
    rmSync(file)
  }

const parts = await coverageParts(24)
const coverageBaseline = measure(['coverage', 'report', coverageDirectory('parts-1', parts, 1).dir])
const coverageRow = (input: string, { dir, bytes }: { dir: string; bytes: number }) => {
  const measured = measure(['coverage', 'report', dir], null)
  // What it said after `coverage: <file>: `, without the temporary directory's name.
  const said = measured.stderr.trim().split(': ').slice(2).join(': ')
  const outcome = measured.status === 0 ? '' : ` (exit ${measured.status}: ${said.slice(0, 110)}…)`
  rows.push({
    command: 'coverage report',
    input: `${input}${outcome}`,
    bytes,
    measured,
    baseline: coverageBaseline,
    bound: COVERAGE_BOUND,
  })
  rmSync(dir, { recursive: true })
}
for (const count of partCounts)
  coverageRow(`${count.toLocaleString('en')} parts of a suite`, coverageDirectory(`parts-${count}`, parts, count))
coverageRow('100 parts of 0.8 MB, each with a rule of its own', coverageDirectory('distinct', distinctParts(100), 100))

const mb = (value: number) => value.toFixed(0)
console.log(`\nPeak resident memory of the built command, median of ${runs} runs (${new Date().toISOString()})\n`)
console.log("| command | input | input MB | peak RSS MB | time s | tiny input's peak MB | (peak − tiny) ÷ input |")
console.log('| --- | --- | --- | --- | --- | --- | --- |')
let over = false
for (const { command, input, bytes, measured, baseline, bound } of rows) {
  const growth = measured.peak - baseline.peak
  if (growth > bound.mb + bound.perMB * (bytes / MB)) over = true
  console.log(
    `| ${command} | ${input} | ${(bytes / MB).toFixed(1)} | ${mb(measured.peak)} | ${measured.seconds.toFixed(1)} | ${mb(baseline.peak)} | ${(growth / (bytes / MB)).toFixed(1)}× |`,
  )
}
const bounded = (bound: Bound) => `${bound.mb} MB${bound.perMB === 0 ? '' : ` + ${bound.perMB}× the input`}`
console.log(
  `\nBounds beyond the tiny input's peak: from-har ${bounded(HAR_BOUND.out)}, with --world ${bounded(HAR_BOUND.world)}; coverage report ${bounded(COVERAGE_BOUND)}, whatever the parts: ${over ? 'one broken' : 'all kept'}`,
)
process.exitCode = over ? 1 : 0
