/**
 * The first write inside a Playwright worker, as a user's suite meets it: the example app
 * (examples/playwright/app) and a create-then-see test written as docs/playwright.md shows, in both
 * modes of debt-token-simulator/playwright: in-process (the test's own simulator, through
 * @msw/playwright) and shared-server (`startStandaloneServer` in a globalSetup, the test's session
 * through the remote simulator). Each `playwright test` run starts one worker per mode (one worker
 * at a time), in the user's project, with the system Chromium.
 *
 * The figure: from the start of the test's create-then-see step (fill the amount, click "Create
 * payment") to the new row on the page, the first time in the worker; beside it, its baseline,
 * the same step done again right after in the same test (warm). Playwright's default `expect`
 * timeout is 5 s; the bench raises it so that a slow first write is measured, not failed.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { median, round1, runChild } from './child.ts'
import type { Project } from './project.ts'

const CONFIG = `import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: './tests',
  outputDir: './results',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 60_000 },
  reporter: 'line',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'in-process', use: { simulatorMode: 'in-process', simulatorOptions: { baseUrl: 'https://api.example.test' } } },
    { name: 'shared-server', use: { simulatorMode: 'shared-server' } },
  ],
})
`

const GLOBAL_SETUP = `import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { startStandaloneServer } from 'debt-token-simulator/standalone'

const files = { '/': ['index.html', 'text/html'], '/app.js': ['app.js', 'text/javascript'] }

export default async function globalSetup() {
  const simulator = await startStandaloneServer({ port: 0 })
  const app = createServer(async (request, response) => {
    const file = files[new URL(request.url, 'http://localhost').pathname]
    if (file === undefined) return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': file[1] }).end(await readFile(new URL('./app/' + file[0], import.meta.url)))
  })
  await new Promise((resolve) => app.listen(0, '127.0.0.1', resolve))
  process.env.SIM_URL = simulator.url
  process.env.APP_URL = 'http://127.0.0.1:' + app.address().port
  return async () => {
    await simulator.close()
    await new Promise((resolve) => app.close(resolve))
  }
}
`

const SPEC = `import { appendFileSync } from 'node:fs'
import { expect, test } from 'debt-token-simulator/playwright'

test('a created payment is listed', async ({ page, apiUrl }, testInfo) => {
  await page.goto(process.env.APP_URL + '/?api=' + encodeURIComponent(apiUrl))
  await expect(page.locator('body[data-ready]')).toBeAttached()
  const rows = page.getByRole('table', { name: 'Payments' }).locator('tbody tr')
  await expect(rows).not.toHaveCount(0)
  const createThenSee = async (amount) => {
    const before = await rows.count()
    const started = performance.now()
    await page.getByLabel('Amount').fill(String(amount))
    await page.getByRole('button', { name: 'Create payment' }).click()
    await expect(rows).toHaveCount(before + 1)
    await expect(rows.last()).toContainText(String(amount))
    return performance.now() - started
  }
  const firstMs = await createThenSee(1500)
  const warmMs = await createThenSee(2500)
  appendFileSync(process.env.COLD_RESULTS, JSON.stringify({ mode: testInfo.project.name, firstMs, warmMs }) + '\\n')
})
`

type Mode = 'in-process' | 'shared-server'
export interface PlaywrightFigures {
  runs: number
  modes: Record<Mode, { firstMs: number[]; warmMs: number[]; firstMedianMs: number; warmMedianMs: number }>
}

export async function measurePlaywrightWorkers(
  root: string,
  project: Project,
  runs: number,
): Promise<PlaywrightFigures> {
  const dir = join(project.dir, 'playwright')
  mkdirSync(join(dir, 'tests'), { recursive: true })
  mkdirSync(join(dir, 'app'), { recursive: true })
  writeFileSync(join(dir, 'playwright.config.ts'), CONFIG)
  writeFileSync(join(dir, 'global-setup.ts'), GLOBAL_SETUP)
  writeFileSync(join(dir, 'tests', 'create-then-see.spec.ts'), SPEC)
  for (const file of ['index.html', 'app.js'])
    copyFileSync(join(root, 'examples', 'playwright', 'app', file), join(dir, 'app', file))
  const results = join(dir, 'results.jsonl')
  writeFileSync(results, '')
  const cli = join(project.dir, 'node_modules', '@playwright', 'test', 'cli.js')
  for (let i = 0; i < runs; i++) {
    await runChild(process.execPath, [cli, 'test', '-c', 'playwright/playwright.config.ts'], {
      cwd: project.dir,
      env: { ...process.env, COLD_RESULTS: results, CI: '1' },
      timeoutMs: 600_000,
    })
  }
  const lines = readFileSync(results, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { mode: Mode; firstMs: number; warmMs: number })
  const of = (mode: Mode) => {
    const mine = lines.filter((line) => line.mode === mode)
    const firstMs = mine.map((line) => round1(line.firstMs))
    const warmMs = mine.map((line) => round1(line.warmMs))
    return { firstMs, warmMs, firstMedianMs: median(firstMs), warmMedianMs: median(warmMs) }
  }
  return { runs, modes: { 'in-process': of('in-process'), 'shared-server': of('shared-server') } }
}
