/**
 * The app against the simulator, arranged and checked through the test's `simulator`: the same
 * tests run in both modes, except the one that moves the clock (sessions of a shared server
 * share it, so moving it would move every parallel test's).
 */
import { expect, inProcess, test } from 'debt-token-simulator/playwright'
import { openApp } from './helpers.ts'

test('lists the seeded security tokens', async ({ page, apiUrl }) => {
  await openApp(page, apiUrl)
  const tokens = page.getByRole('list', { name: 'Security tokens' }).getByRole('listitem')
  await expect(tokens).toHaveText([/^FIDC Agronegócio/, /^FIDC Energia/, /^FIDC Varejo .* expired$/])
})

test("a created payment is listed, and is in the simulator's journal and model", async ({
  page,
  apiUrl,
  simulator,
}) => {
  await openApp(page, apiUrl)
  await page.getByLabel('Amount').fill('1500')
  await page.getByLabel('Series').selectOption('MEZANINO')
  await page.getByRole('button', { name: 'Create payment' }).click()
  await expect(page.getByRole('table', { name: 'Payments' }).locator('tbody tr').last()).toContainText(
    /1500\s*MEZANINO\s*PENDING/,
  )

  const created = await simulator.journal.list({ operation: 'createManagerPayment' })
  expect(created).toHaveLength(1)
  expect(created[0]).toMatchObject({ method: 'POST', path: '/manager', status: 200 })
  expect(JSON.parse(created[0]!.requestBody!)).toMatchObject({ amount: 1500, serie: 'MEZANINO', type: 'JUROS' })
  const { tables } = await simulator.state({ table: 'managerPayments' })
  expect(tables.managerPayments!.at(-1)).toMatchObject({ amount: 1500, serie: 'MEZANINO', status: 'PENDING' })
})

test('a scenario makes the API reject the payment, and the app says why', async ({ page, apiUrl, simulator }) => {
  await simulator.scenarios.use({
    description: 'the vault has no balance',
    rules: [{ operation: 'createManagerPayment', respond: { status: 400, message: 'Insufficient balance in vault' } }],
  })
  await openApp(page, apiUrl)
  await page.getByLabel('Amount').fill('10')
  await page.getByRole('button', { name: 'Create payment' }).click()
  await expect(page.getByRole('alert')).toHaveText('Insufficient balance in vault')
  expect((await simulator.scenarios.status())?.rules).toEqual([
    { operation: 'createManagerPayment', calls: 1, fired: 1 },
  ])
  await simulator.scenarios.use(null)
  await page.getByRole('button', { name: 'Create payment' }).click()
  await expect(page.getByRole('alert')).toBeEmpty()
})

test('a fund and a payment the factories made are on the page', async ({ page, apiUrl, simulator }) => {
  // The same factories in both modes: in-process on the test's simulator, shared-server in its session.
  const fund = await simulator.create.securityTokens({
    tokenName: 'FIDC Saúde 2027',
    symbol: 'STSAUD',
    series: [{ name: 'SENIOR', seriesAmount: 300_000 }],
  })
  const paid = await simulator.create.managerPayments({
    tokenAddress: fund.contractAddress,
    amount: 4321,
    serie: 'SENIOR',
    status: 'PAID',
  })
  await openApp(page, apiUrl)
  const tokens = page.getByRole('list', { name: 'Security tokens' }).getByRole('listitem')
  await expect(tokens).toHaveCount(4)
  await expect(tokens.last()).toHaveText('FIDC Saúde 2027 (STSAUD)')

  await page.getByRole('combobox', { name: /^Security token/ }).selectOption(fund.contractAddress)
  await expect(page.getByRole('table', { name: 'Payments' }).locator('tbody tr')).toHaveText([
    new RegExp(`^${paid.id}\\s*4321\\s*SENIOR\\s*PAID$`),
  ])
})

test('the clock decides which tokens have expired', async ({ page, apiUrl, simulator, simulatorMode }) => {
  test.skip(simulatorMode === 'shared-server', "sessions share the server's clock: moving it would move every test's")
  inProcess(simulator).clock.set(new Date('2029-06-01T00:00:00Z'))
  await openApp(page, apiUrl)
  await expect(page.getByRole('listitem').filter({ hasText: 'expired' })).toHaveCount(3)
  expect(await simulator.clock.now()).toEqual(new Date('2029-06-01T00:00:00Z'))
})
