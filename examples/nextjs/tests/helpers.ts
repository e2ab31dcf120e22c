/** What the tests share: the page's parts, and a rendezvous of tests running in parallel. */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout } from 'node:timers/promises'
import type { Page, TestInfo } from '@playwright/test'

/** Payments the seeded world holds for the first security token, the one the page opens on. */
export const SEEDED_PAYMENTS = 2

/** The rows of the server-rendered payments table. */
export const paymentRows = (page: Page) => page.getByRole('table', { name: 'Payments' }).locator('tbody tr')

/**
 * The client component's error line. (Next's route announcer is an alert too, outside the form.)
 */
export const formAlert = (page: Page) => page.getByRole('form', { name: 'New payment' }).getByRole('alert')

/** The payments the route handler answers for the token the page shows (its "as JSON" link), with the page's cookies. */
export async function paymentsFromRouteHandler(page: Page): Promise<{ id: number; amount?: number; serie?: string }[]> {
  const href = await page.getByRole('link', { name: 'as JSON' }).getAttribute('href')
  const response = await page.request.get(href!)
  if (!response.ok()) throw new Error(`GET ${href} answered ${response.status()}: ${await response.text()}`)
  return response.json()
}

/** Fills the client component's form and submits it: the browser posts to the simulator. */
export async function createPayment(page: Page, amount: number, serie = 'SENIOR'): Promise<void> {
  await page.getByLabel('Amount').fill(String(amount))
  await page.getByLabel('Series').selectOption(serie)
  await page.getByRole('button', { name: 'Create payment' }).click()
}

/**
 * Says `me` arrived under `key` and waits (up to `timeoutMs`) until every one of `parties` has: tests
 * of different workers run in different processes, so through files in the project's output
 * directory (emptied by Playwright at the start of each run).
 */
export async function rendezvous(
  testInfo: TestInfo,
  key: string,
  me: string,
  parties: readonly string[],
  timeoutMs = 20_000,
): Promise<void> {
  const file = (party: string) => join(testInfo.project.outputDir, `rendezvous.${key}.${party}`)
  await mkdir(testInfo.project.outputDir, { recursive: true })
  await writeFile(file(me), '')
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const missing = parties.filter((party) => !existsSync(file(party)))
    if (missing.length === 0) return
    if (Date.now() > deadline)
      throw new Error(`${me}: ${missing.join(', ')} did not run alongside within ${timeoutMs} ms`)
    await setTimeout(50)
  }
}
