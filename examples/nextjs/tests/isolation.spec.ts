/**
 * Two tests at the same time, in two workers, each create a payment for the same security token
 * from the browser; once both have, each reloads the page: the server component renders the seeded
 * payments and the test's own, never the other's. Each test has a session of its own on the
 * simulator, and the app's server reads in it because lib/api.ts forwards the fixture's
 * `sim-session` cookie.
 */
import { expect, test } from 'debt-token-simulator/playwright'
import { createPayment, paymentRows, paymentsFromRouteHandler, rendezvous, SEEDED_PAYMENTS } from './helpers'

const testers = { A: 1111.11, B: 2222.22 } as const

for (const [me, amount] of Object.entries(testers)) {
  const other = me === 'A' ? testers.B : testers.A

  test(`tester ${me} sees only the payment it created, in parallel with the other`, async ({ page }, testInfo) => {
    test.skip(testInfo.config.workers < 2, 'needs two workers, so that both testers run at the same time')
    await page.goto('/')
    const rows = paymentRows(page)
    await expect(rows).toHaveCount(SEEDED_PAYMENTS)
    await createPayment(page, amount)
    await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)

    // Both have written before either looks again.
    await rendezvous(testInfo, 'created', me, Object.keys(testers))
    await page.reload()
    await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)
    await expect(rows.last()).toContainText(String(amount))
    await expect(page.getByRole('table', { name: 'Payments' })).not.toContainText(String(other))
    expect((await paymentsFromRouteHandler(page)).map((payment) => payment.amount)).not.toContain(other)
  })
}
