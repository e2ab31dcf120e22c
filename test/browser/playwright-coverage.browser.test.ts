/**
 * The Playwright fixture leaves API coverage parts as a user's suite meets it: a project of its own
 * (written to a temporary directory, importing the built package) run by Playwright in real headless
 * Chromium, two spec files, two workers in parallel, both modes (in-process, and a shared standalone
 * server with a session per test). One run proves both ways of naming the directory: the two mode
 * projects give it with the `simulatorCoverage` option while DEBT_TOKEN_SIMULATOR_COVERAGE_DIR names
 * another for the whole run, which a third project (shared-server, no option) leaves its parts in;
 * the directory is chosen before the mode is (src/coverage/coverage-parts.ts), so one mode
 * suffices for the variable. `coverage report <dir>` merges each directory's parts, and the merged
 * calls are what that directory's projects sent: none of the option's projects' went to the
 * variable's directory (the option wins).
 *
 * The built package is outside node_modules, where Playwright would transpile its bundles (Babel,
 * cached by content: some 20 s on a cold cache, after every build); `build.external` leaves them
 * as they are, as a user's node_modules/debt-token-simulator would be.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/runtimes/cli/cli.ts'
import { temporaryDirectory } from '../temporary-directory.ts'
import { CHROMIUM_PATH, chromiumAvailability } from './support/chromium.ts'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
const root = fileURLToPath(new URL('../../', import.meta.url))
const mswMajor = Number.parseInt((require('msw/package.json') as { version: string }).version, 10)
/** The projects given the directory by the option: both modes (under msw 3, shared-server only: see playwright-example). */
const OPTION_PROJECTS = mswMajor >= 3 ? ['shared-server'] : ['in-process', 'shared-server']
/** The project that leaves its parts where DEBT_TOKEN_SIMULATOR_COVERAGE_DIR says: shared-server, no option. */
const VARIABLE_PROJECT = 'shared-server-by-variable'
const entry = (name: string) => JSON.stringify(pathToFileURL(join(root, 'dist', `${name}.js`)).href)

/** Requests each spec file's tests send (each test one, a navigation without a credential: a 401). */
const SENT = { 'a.spec.mjs': 2, 'b.spec.mjs': 1 }

/** Writes the project: config, global setup (the shared server), the spec files. */
function writeProject(directory: string, coverageOption: string): void {
  const option = `simulatorCoverage: { dir: ${JSON.stringify(coverageOption)} }`
  writeFileSync(
    join(directory, 'playwright.config.mjs'),
    `export default {
      testDir: '.', outputDir: ${JSON.stringify(join(directory, 'results'))}, globalSetup: './global-setup.mjs',
      build: { external: [${JSON.stringify(`${join(root, 'dist')}/**`)}] },
      fullyParallel: true, workers: 2, retries: 0,
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] },
      },
      projects: [
        { name: 'in-process', use: { simulatorMode: 'in-process', simulatorOptions: { baseUrl: 'https://api.example.test' }, ${option} } },
        { name: 'shared-server', use: { simulatorMode: 'shared-server', ${option} } },
        { name: ${JSON.stringify(VARIABLE_PROJECT)}, use: { simulatorMode: 'shared-server' } },
      ],
    }\n`,
  )
  writeFileSync(
    join(directory, 'global-setup.mjs'),
    `import { startStandaloneServer } from ${entry('standalone')}
    export default async function () {
      const server = await startStandaloneServer({ port: 0 })
      process.env.SIM_URL = server.url
      return () => server.close()
    }\n`,
  )
  for (const [file, count] of Object.entries(SENT))
    writeFileSync(
      join(directory, file),
      `import { expect, test } from ${entry('playwright')}
      for (let i = 0; i < ${count}; i++)
        test('sends one request ' + i, async ({ page, apiUrl }) => {
          const response = await page.goto(apiUrl + '/securityToken')
          expect(response?.status()).toBe(401)
        })\n`,
    )
}

async function runPlaywright(directory: string, env: Record<string, string>): Promise<void> {
  const cli = require.resolve('@playwright/test/cli')
  const args = [
    cli,
    'test',
    '-c',
    join(directory, 'playwright.config.mjs'),
    '--reporter=line',
    '--global-timeout=180000',
  ]
  const result = await run(
    process.execPath,
    [...args, ...[...OPTION_PROJECTS, VARIABLE_PROJECT].map((p) => `--project=${p}`)],
    {
      cwd: directory,
      env: { ...process.env, CHROMIUM_PATH, FORCE_COLOR: '0', ...env },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`playwright failed:\n${error.stdout}\n${error.stderr}`)
  })
  expect(result.stderr).not.toContain('could not be written')
}

/** `coverage report <dir> --json`: the merged report. */
async function merged(directory: string): Promise<{ totals: { calls: number }; operations: any[] }> {
  const out = join(temporaryDirectory('playwright-coverage-out-'), 'merged.json')
  const said: string[] = []
  const code = await dispatch(['coverage', 'report', directory, '--json', out], {
    out: (text) => said.push(text),
    err: (text) => said.push(text),
  })
  expect(code, said.join('\n')).toBe(0)
  return JSON.parse(readFileSync(out, 'utf8'))
}

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[playwright-coverage] skipped: ${availability.reason}`)

describe.skipIf(availability.kind === 'skip')('the Playwright fixture’s coverage parts', () => {
  const perProject = Object.values(SENT).reduce((sum, count) => sum + count, 0)
  let scratch: string | undefined
  const parts = { option: '', variable: '' }

  // One Playwright run for both tests: the option's projects and the variable's side by side.
  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    scratch = mkdtempSync(join(tmpdir(), 'playwright-coverage-'))
    const project = join(scratch, 'project')
    parts.option = join(scratch, 'parts-by-option')
    parts.variable = join(scratch, 'parts-by-variable')
    for (const directory of [project, parts.option, parts.variable]) mkdirSync(directory)
    writeProject(project, parts.option)
    await runPlaywright(project, { DEBT_TOKEN_SIMULATOR_COVERAGE_DIR: parts.variable })
  }, 240_000)

  afterAll(() => {
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true })
  })

  for (const [given, which, ran] of [
    ['the simulatorCoverage option', 'option', OPTION_PROJECTS],
    ['DEBT_TOKEN_SIMULATOR_COVERAGE_DIR', 'variable', ['shared-server']],
  ] as const)
    it(`leaves a part per worker in the directory ${given} names, merged to what the tests sent (${ran.join(', ')})`, async () => {
      const files = readdirSync(parts[which])
      expect(files.length).toBeGreaterThanOrEqual(1)
      for (const file of files) expect(file).toMatch(/^coverage-\d+-[0-9a-f]+\.json$/)
      const sent = perProject * ran.length
      const report = await merged(parts[which])
      expect(report.totals.calls).toBe(sent)
      const listed = report.operations.find((operation) => operation.operationId === 'listSecurityTokens')
      expect(listed.calls).toBe(sent)
      expect(listed.responses.find((response: { status: number }) => response.status === 401).seen).toBe(sent)
    })
})
