// A test on debt-token-simulator/playwright that runs in either mode (see config.ts).
import { expect, inProcess, test } from 'debt-token-simulator/playwright'

test.use({ simulatorOptions: { now: '2026-06-01T00:00:00Z', size: 50 } })

test('works in both modes', async ({ page, apiUrl, simulator, simulatorMode }) => {
  await simulator.scenarios.use('flaky-backend')
  await page.goto(`http://localhost:5173/?api=${encodeURIComponent(apiUrl)}`)
  const created = await simulator.journal.list({ operation: 'createManagerPayment', status: 200 })
  expect(created.at(-1)?.path).toBe('/manager')
  const { counts, tables } = await simulator.state({ table: 'managerPayments', limit: 10 })
  expect(counts.managerPayments).toBeGreaterThan(0)
  expect(tables.managerPayments?.length).toBeLessThanOrEqual(10)
  expect((await simulator.scenarios.status())?.name).toBe('flaky-backend')
  expect(await simulator.clock.now()).toBeInstanceOf(Date)
  // The factories, typed per table in either mode: a debt token's state, a payment's status.
  const token = await simulator.create.debtTokens({ periodicity: 'quarterly' }, { state: 'overdue' })
  const [payment] = await simulator.create.managerPayments.many(2, { status: 'PAID' })
  const { linked } = await simulator.createRecords({ table: 'debtTokens', state: 'listed' })
  expect([token.status, payment?.status, linked.signatureContracts?.length]).toEqual([4, 'PAID', 1])
  await simulator.scenarios.use(null)
  await simulator.reset()
  if (simulatorMode === 'in-process') inProcess(simulator).clock.advance(86_400_000)
})
