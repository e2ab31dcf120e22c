/**
 * The dashboard end to end, in headless Chromium (Debian's, through playwright-core) against a
 * running standalone server on 127.0.0.1: every panel driven as a user would, with the keyboard
 * where it matters; 10,000 streamed journal entries leave the page usable; the feed reconnects to a
 * restarted server; and each panel, brought once to its fuller state, is checked by axe-core (no
 * serious or critical violation); with UPDATE_SCREENSHOTS=1 each is also pictured into
 * docs/dashboard/ (fixed seed and clock; the few wall-clock values blanked first).
 *
 * Skipped with the reason when Chromium is missing locally; fails under CI (test/browser/support).
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AxeBuilder } from '@axe-core/playwright'
import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SimHar } from '../../../src/contract/control-har.ts'
import { callerAddress } from '../../../src/domain/caller.ts'
import { type StandaloneServer, startStandaloneServer } from '../../../src/runtimes/standalone/server.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from '../../browser/support/chromium.ts'
import { FULL_COUNTS } from '../../support/property-runs.ts'
import { fixtures } from '../../support/world.ts'
import { getPipelined } from '../support/pipelined.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const SHOTS = join(root, 'docs/dashboard')
const schema = JSON.parse(readFileSync(join(root, 'scenarios/scenario.schema.json'), 'utf8'))
const validateScenario = new Ajv2020({ strict: false, validateFormats: false, allErrors: true }).compile(schema)

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[dashboard] skipped: ${availability.reason}`)
const title = availability.kind === 'skip' ? `dashboard (skipped: ${availability.reason})` : 'dashboard'

describe.skipIf(availability.kind === 'skip')(title, { timeout: 120_000 }, () => {
  let server: StandaloneServer
  let chromium: LaunchedChromium
  let page: Page
  const problems: string[] = []
  const foreign: string[] = []

  const api = (path: string, init: RequestInit & { session?: string } = {}) => {
    const headers: Record<string, string> = { authorization: 'Bearer qa-dashboard', 'content-type': 'application/json' }
    if (init.session !== undefined) headers['x-sim-session'] = init.session
    return fetch(`${server.url}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } })
  }
  const open = async (panel: string) => {
    await page.getByRole('tab', { name: panel }).click()
    await page.getByRole('heading', { level: 2, name: panel }).waitFor()
  }

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    server = await startStandaloneServer({ port: 0 })
    chromium = await launchChromium({ timeoutMs: 60_000 })
    page = await chromium.context.newPage()
    await page.setViewportSize({ width: 1280, height: 900 })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(server.url) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url)
    })
    await page.goto(`${server.url}/__sim/ui`)
    try {
      await page.getByText('Feed: live').waitFor({ timeout: 90_000 })
    } catch (error) {
      const body = (await page.locator('body').innerText()).slice(0, 300)
      throw new Error(`the page never went live: ${body} | ${problems.join(' | ')} | ${(error as Error).message}`)
    }
    // Launching Chromium on a loaded 2-core machine (other test projects run alongside) takes a while.
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
    await server?.close()
  })

  it('loads from the server alone, with no error and no request elsewhere', async () => {
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('debt-token-simulator')
    expect(problems).toEqual([])
    expect(foreign).toEqual([])
  })

  it('is keyboard-operable: arrow keys move between the tabs', async () => {
    await page.getByRole('tab', { name: 'Overview' }).focus()
    await page.keyboard.press('ArrowRight')
    expect(await page.getByRole('tab', { name: 'Scenarios' }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('End')
    await page.getByRole('heading', { level: 2, name: 'Coverage' }).waitFor()
    await page.keyboard.press('Home')
    await page.getByRole('heading', { level: 2, name: 'Overview' }).waitFor()
  })

  it('moves the clock by a day and a month, and shows a token gone overdue', async () => {
    await open('Overview')
    await page.getByRole('button', { name: 'Advance one day' }).click()
    await page.getByText('2026-03-03T12:00:00.000Z').first().waitFor()
    await page.getByRole('button', { name: 'Advance one month' }).click()
    await page.getByText('2026-04-03T12:00:00.000Z').first().waitFor()
    await page.getByLabel('Set the clock to').fill('2027-06-01T00:00:00Z')
    await page.getByRole('button', { name: 'Set clock' }).click()
    await page.getByText('2027-06-01T00:00:00.000Z').first().waitFor()
    const active = fixtures.debtTokens.find((token) => token.status === 1)!
    await open('Data')
    await page.getByLabel('Address or id').fill(active.address)
    await page.getByRole('button', { name: 'Search' }).click()
    const row = page.getByRole('row').filter({ hasText: active.address.toLowerCase() })
    await row.getByText('4 overdue').waitFor()
    await row.getByRole('button', { name: active.address.toLowerCase() }).click()
    await page.getByRole('button', { name: 'Open security token' }).click()
    await page.getByRole('heading', { name: /^securityTokens 0x/ }).waitFor()
    await api('/__sim/reset', { method: 'POST' })
  })

  it('creates records with the factories', async () => {
    await open('Data')
    await page.getByLabel('Table', { exact: true }).selectOption('managerPayments')
    await page.getByLabel('How many').fill('2')
    await page.getByRole('button', { name: 'Create' }).click()
    await page.getByText(/^Created 2 record\(s\) in managerPayments/).waitFor()
    await expect.poll(() => page.getByTestId('data-count').textContent()).toMatch(/ of 8$/)
    await api('/__sim/reset', { method: 'POST' })
  })

  it('pages through a table with Next page and Previous page', async () => {
    const created = await api('/__sim/factories/debtTokens', { method: 'POST', body: JSON.stringify({ count: 20 }) })
    expect(created.status).toBe(200)
    await open('Data')
    await page.getByLabel('Table', { exact: true }).selectOption('debtTokens')
    const count = page.getByTestId('data-count')
    await expect.poll(() => count.textContent()).toBe('Records 1–25 of 35')
    const firstKey = await page.locator('table.records tbody tr').first().locator('button').textContent()
    await page.getByRole('button', { name: 'Next page' }).click()
    await expect.poll(() => count.textContent()).toBe('Records 26–35 of 35')
    expect(await page.locator('table.records tbody tr').count()).toBe(10)
    expect(await page.locator('table.records tbody').textContent()).not.toContain(firstKey)
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)
    await page.getByRole('button', { name: 'Previous page' }).click()
    await expect.poll(() => count.textContent()).toBe('Records 1–25 of 35')
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true)
    await api('/__sim/reset', { method: 'POST' })
  })

  it("follows a debt token's links to its signature contract and to the debtor's other debt tokens", async () => {
    const token = fixtures.debtTokens[0]!
    const debtor = token.debtorAddress.toLowerCase()
    const contract = fixtures.signatureContracts.find(
      (c) =>
        c.debtorWalletAddress.toLowerCase() === debtor &&
        c.creditorWalletAddress.toLowerCase() === token.originalCreditor.toLowerCase() &&
        c.debtTotalValue === token.originalAmount,
    )!
    await open('Data')
    await page.getByLabel('Table', { exact: true }).selectOption('debtTokens')
    await page.getByRole('button', { name: token.address.toLowerCase() }).click()
    await page.getByRole('heading', { name: `debtTokens ${token.address.toLowerCase()}` }).waitFor()
    await page.getByRole('button', { name: 'Open signature contract' }).click()
    await page
      .getByRole('heading', { name: `signatureContracts ${contract.signatureContractAddress.toLowerCase()}` })
      .waitFor()
    expect(await page.getByRole('region', { name: /^record / }).textContent()).toContain(
      `"debtTotalValue": "${contract.debtTotalValue}"`,
    )

    await page.getByRole('button', { name: token.address.toLowerCase() }).click()
    await page.getByRole('heading', { name: `debtTokens ${token.address.toLowerCase()}` }).waitFor()
    await page.getByRole('button', { name: "Show the debtor's debt tokens" }).click()
    const others = fixtures.debtTokens.filter((t) => t.debtorAddress.toLowerCase() === debtor)
    const count = page.getByTestId('data-count')
    await expect
      .poll(() => count.textContent())
      .toBe(`Records 1–${others.length} of ${others.length} matching "${debtor}"`)
    const rows = page.locator('table.records tbody tr')
    expect(await rows.count()).toBe(others.length)
    for (const row of await rows.all()) expect(await row.textContent()).toContain(debtor)
  })

  it('ends a session', async () => {
    await api('/securityToken', { session: 'qa-1' })
    await open('Overview')
    await page.getByRole('button', { name: 'End session qa-1' }).click()
    await page.getByText('No session: every client uses the shared world.').waitFor()
    expect((await (await api('/__sim/sessions')).json()).sessions).toEqual([])
  })

  it('activates a scenario for one session, acting on it, and leaves the shared world alone', async () => {
    await api('/securityToken', { session: 'qa-s' })
    await open('Scenarios')
    await page.getByLabel('Acting on').selectOption('qa-s')
    await page.getByRole('heading', { name: 'Active for session qa-s: none' }).waitFor()
    await page.getByRole('button', { name: 'Activate slow-backend for session qa-s' }).click()
    await page.getByRole('heading', { name: 'Active for session qa-s: slow-backend' }).waitFor()
    expect(await page.getByRole('button', { name: 'Active slow-backend for session qa-s' }).isDisabled()).toBe(true)
    expect((await (await api('/__sim/scenario', { session: 'qa-s' })).json()).active).toBe('slow-backend')
    expect((await (await api('/__sim/scenario')).json()).active).toBe(null)
    await page.getByLabel('Acting on').selectOption('')
    await page.getByRole('heading', { name: 'Active for the shared world: none' }).waitFor()
    await api('/__sim/sessions/qa-s', { method: 'DELETE' })
  })

  it('activates flaky-backend and shows its counters move as requests arrive', async () => {
    await open('Scenarios')
    await page.getByRole('button', { name: 'Activate flaky-backend for the shared world' }).click()
    await page.getByRole('heading', { name: 'Active for the shared world: flaky-backend' }).waitFor()
    const calls = page.locator('[data-rule="0"] [data-counter="calls"]')
    const fired = page.locator('[data-rule="0"] [data-counter="fired"]')
    expect(await calls.textContent()).toBe('0')
    for (let i = 0; i < 3; i++) await api('/securityToken')
    await expect.poll(() => calls.textContent(), { timeout: 5000 }).toBe('3')
    expect(await fired.textContent()).toBe('1')
    await page.getByRole('button', { name: 'Deactivate flaky-backend' }).click()
    await page.getByRole('heading', { name: 'Active for the shared world: none' }).waitFor()
  })

  it('filters the journal, opens an exchange, copies it as curl and adds it to the draft', async () => {
    await api('/__sim/journal', { method: 'DELETE' })
    await open('Journal')
    await api('/securityToken')
    await api('/users/nobody', { session: 'qa-2' })
    await api(`/manager/debt-tokens/${fixtures.securityTokens[0]!.contractAddress}`)
    const count = page.getByTestId('journal-count')
    await expect.poll(() => count.textContent()).toBe('Showing 3 of 3 entries')
    await page.getByLabel('Status', { exact: true }).selectOption('4')
    await expect.poll(() => count.textContent()).toBe('Showing 1 of 3 entries')
    await page.getByLabel('Status', { exact: true }).selectOption('')
    await page.getByLabel('Session', { exact: true }).selectOption('qa-2')
    await expect.poll(() => count.textContent()).toBe('Showing 1 of 3 entries')
    // The chosen session's exchanges as a HAR file, on the server's origin, the token masked.
    const downloadHar = async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download HAR' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('simulator-journal.har')
      const text = readFileSync((await download.path())!, 'utf8')
      expect(text).not.toContain('qa-dashboard')
      return SimHar.parse(JSON.parse(text)).log.entries.map(
        (entry) => `${entry.request.method} ${entry.request.url} ${entry.response.status}`,
      )
    }
    expect(await downloadHar()).toEqual([`GET ${server.url}/users/nobody 404`])
    await page.getByRole('button', { name: 'Clear filters' }).click()
    expect(await downloadHar()).toEqual([
      `GET ${server.url}/securityToken 200`,
      `GET ${server.url}/users/nobody 404`,
      `GET ${server.url}/manager/debt-tokens/${fixtures.securityTokens[0]!.contractAddress} 200`,
    ])
    await page.getByLabel('Text', { exact: true }).fill('debt-tokens')
    await expect.poll(() => count.textContent()).toBe('Showing 1 of 3 entries')
    await page.getByLabel('Operation', { exact: true }).selectOption('listSecurityTokens')
    await expect.poll(() => count.textContent()).toBe('Showing 0 of 3 entries')
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByRole('button', { name: /^Show exchange 1: GET \/securityToken 200/ }).click()
    await page.getByRole('heading', { name: 'Exchange 1: GET /securityToken' }).waitFor()
    expect(await page.getByRole('region', { name: 'response body' }).textContent()).toContain('"contractAddress"')
    // The list is longer than the 4096 characters the journal keeps: still indented, and said to be cut.
    expect(await page.getByRole('region', { name: 'response body' }).textContent()).toMatch(
      /^\[\n {2}\{\n {4}"contractAddress": "0x[0-9a-f]{40}",\n[\s\S]*\n…\[\d+ more\]$/,
    )
    await page.getByText(/^Response body \(the journal kept its first 4096 characters of \d+\)$/).waitFor()
    // The credential is kept nowhere (issue 31): masked, the caller said; curl sends $TOKEN in its place.
    const headers = page.getByRole('table', { name: 'Request headers' })
    expect(await headers.getByRole('row', { name: /^authorization/ }).textContent()).toMatch(
      /^authorizationBearer \*\*\*\d+$/,
    )
    await page.getByText(`Caller ${callerAddress('qa-dashboard')}`).waitFor()
    await page.getByRole('button', { name: 'Copy as curl' }).click()
    expect(await page.locator('pre.curl').textContent()).toBe(
      `curl '${server.url}/securityToken' -H "authorization: Bearer \${TOKEN:-replay-token}" -H 'content-type: application/json'`,
    )
    expect(await page.content()).not.toContain('qa-dashboard')
    await page.getByRole('button', { name: 'Add to scenario draft' }).click()
    await page.getByText(/Added exchange 1 to the scenario draft/).waitFor()
  })

  it('downloads the draft as a valid scenario file and replays it green', async () => {
    await open('Record and replay')
    await page.getByRole('heading', { name: 'Scenario draft (1 steps)' }).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the draft' }).click(),
    ])
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'))
    expect(validateScenario(file), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(file.steps[0].request).toMatchObject({ method: 'GET', path: '/securityToken' })
    expect(file.steps[0].expect.status).toBe(200)
    await page.getByRole('button', { name: 'Replay the draft' }).click()
    await page.getByRole('heading', { name: 'PASS draft: 1/1 steps passed' }).waitFor()
  })

  it('replays a shipped scenario in a fresh session, and records and downloads a session', async () => {
    await page.getByLabel('Scenario', { exact: true }).selectOption('flaky-backend')
    await page.getByRole('button', { name: 'Replay', exact: true }).click()
    await page.getByRole('heading', { name: /^PASS flaky-backend: (\d+)\/\1 steps passed$/ }).waitFor()
    await page.getByRole('button', { name: 'Start recording' }).click()
    await page.getByText('Recording: 0 requests so far').waitFor()
    await api('/securityToken')
    await api('/users/nobody')
    await page.getByRole('button', { name: 'Stop recording' }).click()
    await page.getByText('Stopped with 2 requests').waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the recording' }).click(),
    ])
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'))
    expect(validateScenario(file), JSON.stringify(validateScenario.errors)).toBe(true)
    expect(file.steps.map((step: any) => step.expect.status)).toEqual([200, 404])
  })

  it('replays a scenario file with wrong expectations red, its differences wrapped within the page', async () => {
    await open('Record and replay')
    const wrong = {
      description: 'Expectations the default world does not meet',
      rules: [],
      steps: [
        {
          name: 'the token list is an object',
          request: { method: 'GET', path: '/securityToken' },
          expect: { status: 200, body: { $type: 'object' } },
        },
        { name: 'a missing user answers', request: { method: 'GET', path: '/users/nobody' }, expect: { status: 200 } },
        {
          name: 'no token is listed',
          request: { method: 'GET', path: '/securityToken' },
          expect: { status: 200, body: { $not: { $contains: { contractAddress: { $type: 'string' } } } } },
        },
      ],
    }
    expect(validateScenario(wrong), JSON.stringify(validateScenario.errors)).toBe(true)
    await page.getByLabel('Or replay a scenario file').setInputFiles({
      name: 'wrong-expectations.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(wrong)),
    })
    const heading = page.getByRole('heading', { name: 'FAIL wrong-expectations: 0/3 steps passed' })
    await heading.waitFor()
    expect(await heading.getAttribute('class')).toBe('fail')
    const failed = page.locator('table.steps tbody tr.fail')
    expect(await failed.count()).toBe(3)
    const differences = page.locator('table.steps ul.problems li')
    expect(await differences.count()).toBeGreaterThanOrEqual(2)
    expect(await failed.nth(0).locator('ul.problems').textContent()).toMatch(/body.*object.*\[\{"contractAddress"/)
    expect(await failed.nth(1).locator('ul.problems').textContent()).toMatch(/status.*200.*404/)
    // A failed $not names the item that matched, below what was expected, the path as code.
    const negated = failed.nth(2).locator('ul.problems li')
    expect(await negated.locator('code').textContent()).toBe('body')
    expect(await negated.textContent()).toMatch(
      /^body: expected an array with no item matching \{"contractAddress":\{"\$type":"string"\}\}, got \d+ items, \d+ matching: body\[0\] \{"contractAddress":"0x/,
    )
    // The unbroken JSON of the first difference wraps in its cell: the page is no wider than the window.
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ])
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth!)
  })

  it('shows the API coverage as a matrix, a missing cell with its ready step to copy, which reaches it', async () => {
    await api('/__sim/coverage/reset', { method: 'POST' })
    await open('Coverage')
    const report = async (session?: string) =>
      (await (await api('/__sim/coverage', session === undefined ? {} : { session })).json()) as {
        totals: { operations: { covered: number; total: number }; calls: number }
        operations: { operationId: string; responses: { status: number; ready?: { steps?: any[] } }[] }[]
      }
    const totals = page.getByTestId('coverage-totals')
    const { operations } = (await report()).totals
    await expect.poll(() => totals.textContent()).toContain(`Operations called0 of ${operations.total} (0%)`)
    for (let i = 0; i < 3; i++) await api('/securityToken')
    await api('/users/nobody')
    await expect.poll(() => totals.textContent()).toContain(`Operations called2 of ${operations.total}`)
    const row = (operationId: string) => page.locator(`tr[data-operation="${operationId}"]`)
    expect(await row('listSecurityTokens').locator('td.cell-seen').textContent()).toBe('3')
    expect(await row('getUser').locator('td.cell-seen').textContent()).toBe('1')
    // A missing cell opens its ready step: the report's steps, copied as they are.
    await chromium.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await page.getByRole('button', { name: '401 of listSecurityTokens: never seen, show how to reach it' }).click()
    await page.getByRole('heading', { name: /^How to reach 401 of listSecurityTokens/ }).waitFor()
    const declared = (await report()).operations.find((o) => o.operationId === 'listSecurityTokens')!
    const steps = declared.responses.find((r) => r.status === 401)!.ready!.steps!
    expect(JSON.parse((await page.getByTestId('ready-json').textContent())!)).toEqual(steps)
    await page.getByRole('button', { name: 'Copy the ready step for 401 of listSecurityTokens' }).click()
    await page.getByText('Copied the ready step for 401 of listSecurityTokens').waitFor()
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(steps)
    // Sent as the step says, it reaches the status: the cell turns seen and the card lets go.
    const { request } = steps.at(-1)
    const headers: Record<string, string> =
      request.headers?.authorization === null ? {} : { authorization: 'Bearer qa-dashboard' }
    expect((await fetch(`${server.url}${request.path}`, { method: request.method, headers })).status).toBe(401)
    await expect.poll(() => row('listSecurityTokens').locator('td.cell-seen').allTextContents()).toEqual(['3', '1'])
    await page.getByRole('heading', { name: 'How to reach a missing response' }).waitFor()
    // A scenario's 503 is listed apart with its rule; the simulator's own 400 too; neither counted.
    await api('/__sim/scenario', { method: 'PUT', body: JSON.stringify({ name: 'flaky-backend' }) })
    for (let i = 0; i < 3; i++) await api('/securityToken')
    await api('/__sim/scenario', { method: 'DELETE' })
    await api('/securityToken', { headers: { 'x-sim-session': 'not a session!' } })
    const undeclared = page.getByRole('region', { name: /^Statuses the contract does not declare/ })
    await expect
      .poll(() => undeclared.getByRole('row').allTextContents())
      .toContainEqual(expect.stringMatching(/^listSecurityTokens\d+1scenario flaky-backend ×1: \{"operation"/))
    const own = page.getByRole('region', { name: /^The simulator's own statuses/ })
    await expect
      .poll(() => own.getByRole('row').allTextContents())
      .toContainEqual(expect.stringMatching(/^listSecurityTokens4001an X-Sim-Session/))
    // A rule answering a status the operation declares is forced: beside the count, never counted as reached.
    const forcedRule = { operation: 'getUser', respond: { status: 404, message: 'gone' } }
    const inline = { scenario: { description: 'forced', rules: [forcedRule] }, name: 'forced-404' }
    await api('/__sim/scenario', { method: 'PUT', body: JSON.stringify(inline) })
    await api('/users/nobody')
    await api('/__sim/scenario', { method: 'DELETE' })
    const forced = page.getByRole('region', { name: /^Declared statuses a scenario rule forced/ })
    await expect
      .poll(() => forced.getByRole('row').allTextContents())
      .toContainEqual(`getUser4041scenario forced-404 ×1: ${JSON.stringify(forcedRule)}`)
    expect(await row('getUser').locator('td.cell-seen').textContent()).toBe('1 +1 forced')
    // Acting on a session shows that session's requests alone.
    await api('/users/nobody', { session: 'qa-cov' })
    await page.getByLabel('Acting on').selectOption('qa-cov')
    await page.getByRole('heading', { name: 'The requests of session qa-cov' }).waitFor()
    expect((await report('qa-cov')).totals.calls).toBe(1)
    // The whole server's count, still shown a moment, is 11 by now: 'Calls1' alone would match it.
    await expect.poll(() => totals.textContent()).toContain('Calls1Requests no operation matched')
    expect(await row('getUser').locator('td.cell-seen').textContent()).toBe('1')
    expect(await row('listSecurityTokens').locator('td.cell-seen').count()).toBe(0)
    await page.getByLabel('Acting on').selectOption('')
    await page.getByRole('button', { name: 'Start counting coverage again' }).click()
    await expect.poll(() => totals.textContent()).toContain(`Operations called0 of ${operations.total}`)
    expect((await report()).totals.calls).toBe(0)
    await api('/__sim/reset', { method: 'POST' })
  })

  // The documented 10,000 at the full counts (CI); 2,000 (four times the journal's ring) otherwise.
  const streamed = FULL_COUNTS ? 10_000 : 2_000
  it(`stays usable with ${streamed.toLocaleString('en')} journal entries streamed (the list renders only what is in view)`, async () => {
    await api('/__sim/journal', { method: 'DELETE' })
    await open('Journal')
    const count = page.getByTestId('journal-count')
    await expect.poll(() => count.textContent()).toBe('Showing 0 of 0 entries')
    const total = streamed
    const paths = Array.from({ length: total }, (_, i) => (i % 10 === 9 ? `/users/missing-${i}` : '/securityToken'))
    // Real requests, pipelined (a fetch each costs this process several times what the answer costs
    // the server), half a ring at a time while the page takes in the half before. Each half is sent
    // once the page shows all but the last: what it has not seen is never more than the journal's
    // ring holds, so a page that falls behind (on a loaded machine) catches up from the ring and
    // loses none; one lost would show in the count ("fell off") and fail the last poll.
    const { capacity } = (await (await api('/__sim/journal?limit=1')).json()) as { capacity: number }
    const half = Math.max(1, Math.floor(capacity / 2))
    const headers = { authorization: 'Bearer qa-dashboard', 'content-type': 'application/json' }
    const shown = async () => {
      const text = (await count.textContent()) ?? ''
      const all = /^Showing (\d+) of \1 entries$/.exec(text)
      if (all === null) throw new Error(`the journal's count reads ${JSON.stringify(text)}`)
      return Number(all[1])
    }
    for (let sent = 0; sent < total; sent += half) {
      await expect.poll(shown, { timeout: 60_000 }).toBeGreaterThanOrEqual(sent + half - capacity)
      const batch = paths.slice(sent, sent + half)
      expect(await getPipelined(server.url, batch, headers)).toEqual(
        batch.map((path) => (path === '/securityToken' ? 200 : 404)),
      )
    }
    await expect.poll(() => count.textContent(), { timeout: 60_000 }).toBe(`Showing ${total} of ${total} entries`)
    expect(await page.locator('table.journal tbody tr:not(.spacer)').count()).toBeLessThan(80)
    const started = Date.now()
    await page.getByLabel('Text', { exact: true }).fill(`missing-${total - 1}`)
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe(`Showing 1 of ${total} entries`)
    console.info(`[dashboard] filtering ${total} entries answered in ${Date.now() - started} ms`)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    // The server's journal is still its ring buffer.
    const journal = await (await api('/__sim/journal?limit=1')).json()
    expect(journal).toMatchObject({ capacity: 500, total })
    expect(problems).toEqual([])
  })

  it('goes reconnecting when the server stops, and live again, alert gone, when one starts on the same port', async () => {
    await open('Overview')
    // The panel loaded before the server goes (after 10,000 streamed entries its first load can lag).
    const advance = page.getByRole('button', { name: 'Advance one day' })
    await advance.waitFor({ timeout: 30_000 })
    const port = Number(new URL(server.url).port)
    const logged = problems.length
    await server.close()
    await page.getByText('Feed: reconnecting…').waitFor({ timeout: 30_000 })
    await advance.click()
    const alert = page.getByRole('alert')
    await expect.poll(() => alert.textContent()).toBe('the simulator does not answer: is the server still running?')
    server = await startStandaloneServer({ port })
    await page.getByText('Feed: live').waitFor({ timeout: 30_000 })
    await expect.poll(() => alert.textContent()).toBe('')
    // A new server is a new journal: the page shows what it answers from now on.
    await open('Journal')
    await api('/securityToken')
    await api('/users/nobody')
    await expect.poll(() => page.getByTestId('journal-count').textContent()).toBe('Showing 2 of 2 entries')
    await page.getByRole('button', { name: /^Show exchange 2: GET \/users\/nobody 404/ }).waitFor()
    // The browser logs the connections the stopped server refused; nothing else is expected.
    const logs = problems.splice(logged)
    expect(logs.filter((log) => !/net::ERR_(CONNECTION_REFUSED|EMPTY_RESPONSE|CONNECTION_RESET)/.test(log))).toEqual([])
  })

  it('has no serious or critical axe-core violation on any panel in its fuller state (and with UPDATE_SCREENSHOTS=1 takes a screenshot of each into docs/dashboard/)', async () => {
    // The committed pictures change only when asked (CONTRIBUTING: after a change to a panel); a
    // picture nothing compares would only cost the run its time.
    const update = process.env.UPDATE_SCREENSHOTS === '1'
    if (update) mkdirSync(SHOTS, { recursive: true })
    const checked: string[] = []
    // Each panel with what it can show open (a session, a scenario's counters, an exchange copied as
    // curl, a record, a replay report, a ready step): axe-core checks the whole page as pictured.
    const shoot = async (name: string) => {
      // The session picker reloads a moment after activity (a replay's session comes and goes, and
      // widens the picker while listed): wait until it lists the sessions the server has.
      const { sessions } = (await (await api('/__sim/sessions')).json()) as { sessions: { id: string }[] }
      const picker = page.locator('select.session option')
      const listed = ['the shared world (no session)', ...sessions.map(({ id }) => `session ${id}`)]
      await expect.poll(() => picker.allTextContents()).toEqual(listed)
      // It must still list them 400 ms on: axe-core checks the page meanwhile.
      const quiet = new Promise((resolve) => setTimeout(resolve, 400))
      // The page has no frame: axe.run in it (AxeBuilder's legacy mode) checks what runPartial in each
      // frame and finishRun in a new blank page would, without opening that page each time. Every rule
      // runs; only the violations, all that is read here, are given with all their nodes.
      expect(page.frames()).toHaveLength(1)
      const panel = (await page.getByRole('tab', { selected: true }).textContent())!
      const results = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze()
      const grave = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(
        grave.map((v) => `${panel}: ${v.id} (${v.impact}) ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`),
      ).toEqual([])
      checked.push(panel)
      await quiet
      expect(await picker.allTextContents()).toEqual(listed)
      if (!update) return
      // No focus ring, no hover: the picture shows the page at rest.
      await page.mouse.move(0, 0)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      // The picker painted again on its own (a reload re-renders it) differs from one painted with the
      // page by a shade at its rounded corners: it is always painted afresh, frames apart.
      await page.evaluate(async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)))
        const picker = document.querySelector<HTMLElement>('select.session')!
        picker.style.visibility = 'hidden'
        await frame()
        await frame()
        picker.style.visibility = ''
        await frame()
        await frame()
      })
      // Wall-clock times, durations, random ids, the port and the clipboard's answer differ run to
      // run: blanked (the port shown as the default one) for the picture.
      await page.evaluate((origin) => {
        for (const element of document.querySelectorAll('[data-volatile]')) element.textContent = '…'
        for (const element of document.querySelectorAll('[role="status"]')) element.textContent = ''
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode())
          if (node.textContent?.includes(origin))
            node.textContent = node.textContent.replaceAll(origin, 'http://127.0.0.1:4010')
      }, server.url)
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true })
    }
    await api('/__sim/reset', { method: 'POST' })
    await api('/securityToken', { session: 'qa-1' })
    await open('Overview')
    await page.getByRole('button', { name: 'End session qa-1' }).waitFor()
    await shoot('overview')

    await api('/__sim/scenario', { method: 'PUT', body: JSON.stringify({ name: 'flaky-backend' }) })
    for (let i = 0; i < 4; i++) await api('/securityToken')
    await open('Scenarios')
    await expect.poll(() => page.locator('[data-rule="0"] [data-counter="calls"]').textContent()).toBe('4')
    await shoot('scenarios')
    await api('/__sim/scenario', { method: 'DELETE' })

    await api(`/debtToken/debtor/${fixtures.debtTokens[0]!.debtorAddress}`, { session: 'qa-1' })
    await api('/users/nobody')
    await open('Journal')
    await page.getByRole('button', { name: /^Show exchange 1: / }).click()
    await page.getByRole('button', { name: 'Copy as curl' }).click()
    await shoot('journal')

    await open('Data')
    await page.getByRole('button', { name: fixtures.debtTokens[0]!.address.toLowerCase() }).click()
    await page.getByRole('heading', { name: /^debtTokens 0x/ }).waitFor()
    await shoot('data')

    await open('Record and replay')
    await page.getByLabel('Scenario', { exact: true }).selectOption('flaky-backend')
    await page.getByRole('button', { name: 'Replay', exact: true }).click()
    await page.getByRole('heading', { name: /^PASS flaky-backend/ }).waitFor()
    await shoot('record-and-replay')

    await api('/__sim/coverage/reset', { method: 'POST' })
    await api('/__sim/scenario', { method: 'PUT', body: JSON.stringify({ name: 'flaky-backend' }) })
    for (let i = 0; i < 4; i++) await api('/securityToken')
    await api('/__sim/scenario', { method: 'DELETE' })
    await api(`/debtToken/debtor/${fixtures.debtTokens[0]!.debtorAddress}`)
    await api('/users/nobody')
    await fetch(`${server.url}/users/nobody`)
    await open('Coverage')
    await expect.poll(() => page.getByTestId('coverage-totals').textContent()).toContain('Calls7')
    await page.getByRole('button', { name: '400 of listSecurityTokens: never seen, show how to reach it' }).click()
    await page.getByRole('heading', { name: /^How to reach 400 of listSecurityTokens/ }).waitFor()
    await shoot('coverage')
    expect(checked).toEqual(['Overview', 'Scenarios', 'Journal', 'Data', 'Record and replay', 'Coverage'])
    if (update)
      for (const name of ['overview', 'scenarios', 'journal', 'data', 'record-and-replay', 'coverage'])
        expect(statSync(join(SHOTS, `${name}.png`)).size).toBeGreaterThan(10_000)
  })
})
