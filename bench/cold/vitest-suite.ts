/**
 * A vitest suite as users write one: 20 files, each importing the simulator's ./node entry,
 * `setupSimulatorServer()`, `reset()`, one `GET /securityToken` and one `POST /manager` through
 * `fetch`; against the same 20 files over plain msw handlers (`setupServer` from msw/node) answering
 * the same JSON. Generated into the user's project (the package installed, vitest the repository's
 * own), run with vitest's defaults (`vitest run`, no config), the two suites interleaved after one
 * uncounted run of each (vitest's and vite's caches then hold what a developer's would); the figure
 * is the median wall time of each and their ratio.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, round1, runChild } from './child.ts'
import { type Answers, API, AUTH } from './process-probes.ts'
import type { Project } from './project.ts'

const FILES = 20

const common = (tokenCount: number) => `
const API = ${JSON.stringify(API)}
const headers = { authorization: ${JSON.stringify(AUTH)}, 'content-type': 'application/json' }

async function readThenWrite() {
  const tokens = await (await fetch(\`\${API}/securityToken\`, { headers })).json()
  expect(tokens).toHaveLength(${tokenCount})
  const body = JSON.stringify({
    managerAddress: tokens[0].managerAddress,
    tokenAddress: tokens[0].contractAddress,
    amount: 1500,
    status: 'PAID',
    serie: 'SENIOR',
    type: 'JUROS',
  })
  const response = await fetch(\`\${API}/manager\`, { method: 'POST', headers, body })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ status: 'success' })
}
`

const simulatorFile = (answers: Answers) => `import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupSimulatorServer, strictListenOptions } from 'debt-token-simulator/node'
${common(answers.tokens.length)}
const { simulator, server } = setupSimulatorServer({ baseUrl: API })
beforeAll(() => server.listen(strictListenOptions))
afterAll(() => server.close())

it('lists the security tokens and stores a payment', async () => {
  simulator.reset()
  await readThenWrite()
})
`

const mswFile = (answers: Answers) => `import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
${common(answers.tokens.length)}
const tokens = ${JSON.stringify(answers.tokens)}
const written = ${JSON.stringify(answers.written)}
const server = setupServer(
  http.get(\`\${API}/securityToken\`, () => HttpResponse.json(tokens)),
  http.post(\`\${API}/manager\`, async ({ request }) => {
    await request.json()
    return HttpResponse.json(written)
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

it('lists the security tokens and stores a payment', async () => {
  server.resetHandlers()
  await readThenWrite()
})
`

export interface VitestFigures {
  files: number
  simulatorMs: number[]
  mswMs: number[]
  simulatorMedianMs: number
  mswMedianMs: number
  ratio: number
  perFileExtraMs: number
  /** vitest's "Duration" line of each suite's last run. */
  vitestDurations: Record<string, string>
}

export async function measureVitestSuite(project: Project, answers: Answers, rounds: number): Promise<VitestFigures> {
  const suites = { simulator: simulatorFile(answers), msw: mswFile(answers) }
  for (const [side, source] of Object.entries(suites)) {
    const dir = join(project.dir, 'suites', side)
    mkdirSync(dir, { recursive: true })
    for (let i = 1; i <= FILES; i++) writeFileSync(join(dir, `file-${String(i).padStart(2, '0')}.test.ts`), source)
  }
  const vitest = join(project.dir, 'node_modules', 'vitest', 'vitest.mjs')
  /** vitest's own account of a run (its "Duration" line: transform, setup, import, tests, environment). */
  const durations: Record<string, string> = {}
  const run = async (side: string) => {
    const { stdout, totalMs } = await runChild(process.execPath, [vitest, 'run', `suites/${side}/`], {
      cwd: project.dir,
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
    })
    durations[side] = /Duration\s+(.*)/.exec(stdout)?.[1]?.trim() ?? ''
    return totalMs
  }
  const times = { simulator: [] as number[], msw: [] as number[] }
  for (let round = -1; round < rounds; round++) {
    for (const side of ['simulator', 'msw'] as const) {
      const ms = await run(side)
      if (round >= 0) times[side].push(round1(ms))
    }
  }
  const simulatorMedianMs = median(times.simulator)
  const mswMedianMs = median(times.msw)
  return {
    files: FILES,
    simulatorMs: times.simulator,
    mswMs: times.msw,
    simulatorMedianMs,
    mswMedianMs,
    ratio: Math.round((simulatorMedianMs / mswMedianMs) * 100) / 100,
    perFileExtraMs: Math.round((simulatorMedianMs - mswMedianMs) / FILES),
    vitestDurations: durations,
  }
}
