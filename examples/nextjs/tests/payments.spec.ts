/**
 * The browser writes, the server renders: one simulator behind the app's server and its browser
 * (instrumentation.ts), each test in a session of its own on it (the fixture's shared-server mode).
 */
import { expect, test } from 'debt-token-simulator/playwright'
import { createPayment, formAlert, paymentRows, paymentsFromRouteHandler, SEEDED_PAYMENTS } from './helpers'

test('a payment created in the browser is rendered by the server component', async ({ page, simulator }) => {
  await page.goto('/')
  const rows = paymentRows(page)
  await expect(rows).toHaveCount(SEEDED_PAYMENTS)

  await createPayment(page, 1500, 'MEZANINO')
  // router.refresh(): the server component reads the list again, the new payment in it.
  await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)
  await expect(rows.last()).toContainText(/1500\s*MEZANINO\s*PENDING/)
  await expect(formAlert(page)).toBeEmpty()

  // A navigation renders the page afresh on the server: the payment is still there.
  await page.reload()
  await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)
  await expect(rows.last()).toContainText(/1500\s*MEZANINO\s*PENDING/)

  // The route handler reads the same session through the same helper.
  const listed = await paymentsFromRouteHandler(page)
  expect(listed).toHaveLength(SEEDED_PAYMENTS + 1)
  expect(listed.at(-1)).toMatchObject({ amount: 1500, serie: 'MEZANINO' })

  // The browser's POST and the server's reads all ran in this test's session (the journal is the session's).
  const created = await simulator.journal.list({ operation: 'createManagerPayment' })
  expect(created.map(({ method, status }) => [method, status])).toEqual([['POST', 200]])
  const reads = await simulator.journal.list({ operation: 'listManagerPayments' })
  expect(reads.length).toBeGreaterThanOrEqual(4) // first render, refresh, reload, route handler
})

test("a scenario's 400 on the create is shown in the page, and nothing is added", async ({ page, simulator }) => {
  await simulator.scenarios.use({
    description: 'the vault has no balance',
    rules: [{ operation: 'createManagerPayment', respond: { status: 400, message: 'Insufficient balance in vault' } }],
  })
  await page.goto('/')
  const rows = paymentRows(page)
  await createPayment(page, 10)
  await expect(formAlert(page)).toHaveText('Insufficient balance in vault')
  await expect(rows).toHaveCount(SEEDED_PAYMENTS)

  // Without the scenario the same create goes through.
  await simulator.scenarios.use(null)
  await createPayment(page, 10)
  await expect(formAlert(page)).toBeEmpty()
  await expect(rows).toHaveCount(SEEDED_PAYMENTS + 1)
})

test("a scenario's failure of the server's read is shown in the server-rendered page", async ({ page, simulator }) => {
  await simulator.scenarios.use({
    description: 'the payments service is down',
    rules: [{ operation: 'listManagerPayments', respond: { status: 503, message: 'Payments are under maintenance' } }],
  })
  await page.goto('/')
  await expect(page.getByRole('main').getByRole('alert').first()).toHaveText(
    'The payments could not be read: Payments are under maintenance',
  )
  await expect(page.getByRole('table', { name: 'Payments' })).toHaveCount(0)
})
