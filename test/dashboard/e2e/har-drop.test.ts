/**
 * A HAR file dropped on the dashboard's Record and replay panel, end to end in headless Chromium
 * against a standalone server: it becomes a draft scenario (its steps counted, what was left out
 * in its notes) that replays green in a fresh session from the panel, downloads as a valid file the
 * command replays green; a file that is not a HAR shows the message naming the entry and field.
 *
 * Skipped with the reason when Chromium is missing locally; fails under CI (test/browser/support).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { replayCommand } from '../../../src/runtimes/cli/replay.ts'
import { type StandaloneServer, startStandaloneServer } from '../../../src/runtimes/standalone/server.ts'
import { parseScenario } from '../../../src/scenarios/scenario-schema.ts'
import { chromiumAvailability, type LaunchedChromium, launchChromium } from '../../browser/support/chromium.ts'
import { temporaryDirectory } from '../../temporary-directory.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[dashboard HAR drop] skipped: ${availability.reason}`)
const title =
  availability.kind === 'skip' ? `dashboard HAR drop (skipped: ${availability.reason})` : 'dashboard HAR drop'

const sample = readFileSync(new URL('../../fixtures/har/charles.har', import.meta.url), 'utf8')

describe.skipIf(availability.kind === 'skip')(title, { timeout: 120_000 }, () => {
  let server: StandaloneServer
  let chromium: LaunchedChromium
  let page: Page
  const problems: string[] = []

  /** Drops a file named `name` holding `text` on the panel's drop zone, as a file dragged from the desktop. */
  const drop = async (name: string, text: string) => {
    const dataTransfer = await page.evaluateHandle(
      ({ name, text }) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([text], name, { type: 'application/json' }))
        return transfer
      },
      { name, text },
    )
    await page.getByTestId('har-drop').dispatchEvent('dragover', { dataTransfer })
    await page.getByTestId('har-drop').dispatchEvent('drop', { dataTransfer })
  }

  beforeAll(async () => {
    if (availability.kind === 'required-but-missing') throw new Error(availability.reason)
    server = await startStandaloneServer({ port: 0, logSink: () => {} })
    chromium = await launchChromium({ timeoutMs: 60_000 })
    page = await chromium.context.newPage()
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await page.goto(`${server.url}/__sim/ui#record`)
    await page.getByText('Feed: live').waitFor({ timeout: 90_000 })
    await page.getByRole('heading', { name: 'From a HAR file' }).waitFor()
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
    await server?.close()
  })

  it('makes a draft scenario of a dropped HAR that replays green, on the server and downloaded', async () => {
    await drop('checkout.har', sample)
    await expect.poll(() => page.getByTestId('har-draft').textContent()).toBe('checkout: 3 steps')
    await page.getByText('left out 1 entry: not a path of the API (a page, an asset, another service)').waitFor()

    await page.getByRole('button', { name: 'Replay the HAR draft' }).click()
    await page.getByRole('heading', { name: 'PASS checkout: 3/3 steps passed' }).waitFor()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the HAR draft' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('checkout.scenario.json')
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8'))
    expect(parseScenario(file, 'checkout.scenario.json').steps).toHaveLength(3)
    const path = join(temporaryDirectory('dashboard-har-'), 'checkout.scenario.json')
    writeFileSync(path, JSON.stringify(file))
    const out: string[] = []
    expect(await replayCommand([path], { out: (text) => out.push(text), err: (text) => out.push(text) })).toBe(0)

    const axe = await new AxeBuilder({ page }).include('[aria-labelledby="har-title"]').analyze()
    expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
    expect(problems).toEqual([])
  })

  it('shows the message naming the entry and field of a file that is not a HAR, and one that is not JSON', async () => {
    const broken = JSON.parse(sample)
    broken.log.entries[1].request.url = '/manager'
    await drop('broken.har', JSON.stringify(broken))
    await page.getByRole('alert').getByText('body.log.entries[1].request.url: not a URL').waitFor()
    await drop('notes.har', 'not json')
    await page
      .getByRole('alert')
      .getByText(/^notes\.har is not JSON: /)
      .waitFor()
  })
})
