/**
 * Two tests that run at the same time, in two workers, each create a manager payment for the same
 * security token: each page lists the seeded payments and its own, never the other's. In-process
 * each test has a simulator of its own; against the shared server each has a session of its own.
 */
import { expect, test } from 'debt-token-simulator/playwright'
import { openApp, rendezvous } from './helpers.ts'

/** Payments the seeded world holds for the first security token (fixtures/manager-payments.json). */
const SEEDED_PAYMENTS = 2
const testers = { A: 1111.11, B: 2222.22 } as const

for (const [me, amount] of Object.entries(testers)) {
  const other = me === 'A' ? 'B' : 'A'

  test(`tester ${me} sees only the payment it created`, async ({ page, apiUrl, simulator }, testInfo) => {
    test.skip(testInfo.config.workers < 2, 'needs two workers, so that both testers run at the same time')
    const key = testInfo.project.name
    await openApp(page, apiUrl)
    const rows = page.getByRole('table', { name: 'Payments' }).locator('tbody tr')
    await expect(rows).toHaveCount(SEEDED_PAYMENTS)

    await page.getByLabel('Amount').fill(String(amount))
    await page.getByRole('button', { name: 'Create payment' }).click()
    await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)

    // Both payments now exist, each in its tester's world, and both testers are in different workers.
    const workers = await rendezvous(`${key}.created`, me, [me, other], testInfo.workerIndex)
    expect(workers[other]).not.toBe(testInfo.workerIndex)

    await page.reload()
    await expect(page.locator('body[data-ready]')).toBeAttached()
    await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)
    await expect(rows.last()).toContainText(String(amount))
    await expect(page.getByRole('table', { name: 'Payments' })).not.toContainText(String(testers[other as 'A' | 'B']))
    expect((await simulator.state({ table: 'managerPayments' })).counts.managerPayments).toBe(7)

    // Neither ends (and so drops its world) before the other has looked.
    await rendezvous(`${key}.checked`, me, [me, other], true)
  })
}
