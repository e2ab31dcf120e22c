/**
 * The cold figures of a plain Node process, each sample a fresh `node` in the user's project:
 *
 * - import time of each entry (`./node` as ESM and CommonJS, `.`, `./standalone`) beside msw's own
 *   `msw/node` (ESM and CommonJS): `performance.now()` around the one `import()` / `require()`;
 *   and `./node` beside `msw/node` + `msw` again with Node's compile cache (`NODE_COMPILE_CACHE`, a
 *   directory in the project: the first round writes it, the later ones read it);
 * - a fresh process's first answer: from spawning `node` to the first line it prints after its
 *   first in-process `fetch` (`GET /securityToken`) was answered, with the simulator's ./node
 *   entry (`setupSimulatorServer`, default world) against a one-handler-per-route msw `setupServer`
 *   answering the same JSON;
 * - in the same processes, the first write after that first read (`POST /manager`, a stored
 *   payment) and the median of the next five writes, on both sides.
 *
 * Rounds are interleaved (every probe once per round), so a busy spell of the machine hits all.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { lastJsonLine, median, round1, runChild } from './child.ts'
import type { Project } from './project.ts'

export const API = 'https://api.bench.test'
export const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'

/**
 * One process: starts a side ('simulator' or 'msw'), reads, prints "answered", writes six times.
 * 'capture' prints the simulator's answers, for the msw side and the vitest suite to give back.
 */
const FIRST_ANSWER_PROBE = `import { readFileSync } from 'node:fs'
const side = process.argv[2]
const API = ${JSON.stringify(API)}
const headers = { authorization: ${JSON.stringify(AUTH)}, 'content-type': 'application/json' }
let server
if (side === 'msw') {
  const [{ setupServer }, { http, HttpResponse }] = await Promise.all([import('msw/node'), import('msw')])
  const answers = JSON.parse(readFileSync(new URL('./answers.json', import.meta.url), 'utf8'))
  server = setupServer(
    http.get(API + '/securityToken', () => HttpResponse.json(answers.tokens)),
    http.post(API + '/manager', async ({ request }) => {
      await request.json()
      return HttpResponse.json(answers.written)
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
} else {
  const { setupSimulatorServer, strictListenOptions } = await import('debt-token-simulator/node')
  server = setupSimulatorServer({ baseUrl: API }).server
  server.listen(strictListenOptions)
}
const tokens = await (await fetch(API + '/securityToken', { headers })).json()
process.stdout.write('answered\\n')
const payment = (i) => JSON.stringify({
  managerAddress: tokens[0].managerAddress,
  tokenAddress: tokens[0].contractAddress,
  hash: '0x' + String(i).padStart(64, 'a'),
  date: '2026-03-01T12:00:00.000Z',
  status: 'PAID',
  amount: 15000 + i,
  serie: 'SENIOR',
  type: 'JUROS',
})
const writes = []
let written
for (let i = 0; i < 6; i++) {
  const started = performance.now()
  const response = await fetch(API + '/manager', { method: 'POST', headers, body: payment(i) })
  written = await response.json()
  writes.push(performance.now() - started)
  if (response.status !== 200) throw new Error('POST /manager answered ' + response.status + ': ' + JSON.stringify(written))
}
server.close()
if (side === 'capture') console.log(JSON.stringify({ tokens, written }))
else console.log(JSON.stringify({ writes }))
`

const IMPORT_PROBE_ESM = `const started = performance.now()
await Promise.all(process.argv.slice(2).map((specifier) => import(specifier)))
console.log(JSON.stringify({ ms: performance.now() - started }))
`
const IMPORT_PROBE_CJS = `const started = performance.now()
for (const specifier of process.argv.slice(2)) require(specifier)
console.log(JSON.stringify({ ms: performance.now() - started }))
`

/** What an import is measured against: which specifier, and how. */
interface ImportProbe {
  label: string
  /** One or more, imported together (ESM) or one after the other (CommonJS). */
  specifiers: string[]
  format: 'esm' | 'cjs'
  /** Run with NODE_COMPILE_CACHE set (Node keeps the compiled code of every module it loads there). */
  compileCache?: true
}
const IMPORT_PROBES: ImportProbe[] = [
  { label: 'debt-token-simulator/node (ESM)', specifiers: ['debt-token-simulator/node'], format: 'esm' },
  { label: 'debt-token-simulator/node (CommonJS)', specifiers: ['debt-token-simulator/node'], format: 'cjs' },
  { label: 'debt-token-simulator (ESM)', specifiers: ['debt-token-simulator'], format: 'esm' },
  { label: 'debt-token-simulator/standalone (ESM)', specifiers: ['debt-token-simulator/standalone'], format: 'esm' },
  { label: 'msw/node (ESM): baseline', specifiers: ['msw/node'], format: 'esm' },
  { label: 'msw/node (CommonJS): baseline', specifiers: ['msw/node'], format: 'cjs' },
  // What a test file over plain msw handlers imports (`http`, `HttpResponse` come from msw), as ./node does.
  { label: 'msw/node + msw (ESM): baseline', specifiers: ['msw/node', 'msw'], format: 'esm' },
  {
    label: 'debt-token-simulator/node (ESM), NODE_COMPILE_CACHE',
    specifiers: ['debt-token-simulator/node'],
    format: 'esm',
    compileCache: true,
  },
  {
    label: 'msw/node + msw (ESM), NODE_COMPILE_CACHE: baseline',
    specifiers: ['msw/node', 'msw'],
    format: 'esm',
    compileCache: true,
  },
]

/** The simulator's answers to `GET /securityToken` and a `POST /manager`, for the baselines to give back. */
export interface Answers {
  tokens: unknown[]
  written: unknown
}

/** Writes the probes into the project and captures the simulator's answers (also written, as answers.json). */
export async function prepareProbes(project: Project): Promise<Answers> {
  writeFileSync(join(project.dir, 'first-answer.mjs'), FIRST_ANSWER_PROBE)
  writeFileSync(join(project.dir, 'import-probe.mjs'), IMPORT_PROBE_ESM)
  writeFileSync(join(project.dir, 'import-probe.cjs'), IMPORT_PROBE_CJS)
  const { stdout } = await runChild(process.execPath, ['first-answer.mjs', 'capture'], { cwd: project.dir })
  const answers = lastJsonLine(stdout) as Answers
  writeFileSync(join(project.dir, 'answers.json'), JSON.stringify(answers))
  return answers
}

export interface ProcessFigures {
  samples: number
  imports: { label: string; samplesMs: number[]; medianMs: number }[]
  firstAnswer: Record<'simulator' | 'msw', { samplesMs: number[]; medianMs: number }>
  firstWrite: Record<'simulator' | 'msw', { samplesMs: number[]; medianMs: number; laterWriteMedianMs: number }>
}

export async function measureProcesses(project: Project, samples: number): Promise<ProcessFigures> {
  const imports = IMPORT_PROBES.map(() => [] as number[])
  const sides = ['simulator', 'msw'] as const
  const answer = { simulator: [] as number[], msw: [] as number[] }
  const write = { simulator: [] as number[], msw: [] as number[] }
  const later = { simulator: [] as number[], msw: [] as number[] }
  const { NODE_COMPILE_CACHE: _, ...withoutCache } = process.env
  const withCache = { ...withoutCache, NODE_COMPILE_CACHE: join(project.dir, '.node-compile-cache') }
  for (let round = 0; round < samples; round++) {
    for (const [i, probe] of IMPORT_PROBES.entries()) {
      const file = probe.format === 'esm' ? 'import-probe.mjs' : 'import-probe.cjs'
      const env = probe.compileCache ? withCache : withoutCache
      const { stdout } = await runChild(process.execPath, [file, ...probe.specifiers], { cwd: project.dir, env })
      imports[i]!.push(lastJsonLine(stdout).ms)
    }
    for (const side of sides) {
      const run = await runChild(process.execPath, ['first-answer.mjs', side], {
        cwd: project.dir,
        env: withoutCache,
        mark: 'answered',
      })
      const { writes } = lastJsonLine(run.stdout) as { writes: number[] }
      answer[side].push(run.markMs!)
      write[side].push(writes[0]!)
      later[side].push(median(writes.slice(1)))
    }
  }
  const summary = (values: number[]) => ({ samplesMs: values.map(round1), medianMs: round1(median(values)) })
  return {
    samples,
    imports: IMPORT_PROBES.map((probe, i) => ({ label: probe.label, ...summary(imports[i]!) })),
    firstAnswer: { simulator: summary(answer.simulator), msw: summary(answer.msw) },
    firstWrite: {
      simulator: { ...summary(write.simulator), laterWriteMedianMs: round1(median(later.simulator)) },
      msw: { ...summary(write.msw), laterWriteMedianMs: round1(median(later.msw)) },
    },
  }
}
