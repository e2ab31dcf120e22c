/**
 * Tabs that write at the same instant (`persist`, and `sync` alone): every write a tab answers is
 * in every tab, at once and after a reload, each under an id no other tab handed out, and none
 * answers 500. The finding this reproduces: two tabs each sending one `POST /manager` at the same
 * moment both got 200 with the same id, and one of the two writes was gone everywhere.
 */
import { describe, expect, it } from 'vitest'
import type { WireReply, WireRequest } from './app/wire.ts'
import { sendAtOnce } from './support/at-once.ts'
import { chromiumAvailability } from './support/chromium.ts'
import { listed, newManagerPayment, pageUrl, SEED } from './support/persistence-world.ts'
import { openSimulatorTab, type SimulatorTab } from './support/simulator-tab.ts'
import { testPageAndProfiles } from './support/test-page-profiles.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[tabs-agree] skipped: ${availability.reason}`)

const AUTH = { authorization: 'Bearer tabs-agree' }

/** A manager payment whose amount tells which tab sent it, and which of its writes it was. */
const payment = (amount: number): WireRequest => ({
  label: `POST /manager ${amount}`,
  method: 'POST',
  path: '/manager',
  headers: { ...AUTH, 'content-type': 'application/json' },
  body: JSON.stringify({ ...newManagerPayment, amount }),
})

/** The ids and amounts of the manager payments a tab lists, by id. */
async function paymentsIn(tab: SimulatorTab): Promise<Map<number, number>> {
  const { payments } = await listed(tab)
  return new Map(payments.map((p: { id: number; amount: number }) => [p.id, p.amount]))
}

/** What the 200 answers acknowledged: the id each payment was stored under, and its amount. */
function acknowledged(replies: readonly WireReply[][], amounts: readonly number[][]): Map<number, number> {
  const stored = new Map<number, number>()
  for (const [t, ofTab] of replies.entries()) {
    for (const [i, reply] of ofTab.entries()) {
      if (reply.status !== 200) continue
      const { id } = JSON.parse(reply.text) as { id: number }
      expect(stored.has(id), `id ${id} handed out twice`).toBe(false)
      stored.set(id, amounts[t]![i]!)
    }
  }
  return stored
}

/** Every acknowledged payment is listed by `tab` under its id. */
async function expectAllIn(tab: SimulatorTab, stored: ReadonlyMap<number, number>): Promise<void> {
  const listedThere = await paymentsIn(tab)
  for (const [id, amount] of stored) expect(listedThere.get(id), `payment ${id} in ${tab.page.url()}`).toBe(amount)
}

describe.skipIf(availability.kind === 'skip')('tabs writing at the same instant in Chromium', () => {
  /** The test page, and a fresh profile (so fresh origin storage) per test. */
  const { origin, browser } = testPageAndProfiles(availability)

  for (const mode of ['persist', 'sync'] as const) {
    it(`${mode}: two tabs each sending one POST /manager at once get two ids, and both writes stay`, async () => {
      const context = await browser()
      const url = pageUrl(origin(), SEED, mode)
      const tabs = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
      const amounts = [[101], [202]]

      const replies = await sendAtOnce(
        tabs,
        amounts.map((ofTab) => ofTab.map(payment)),
      )

      expect(replies.flat().map((reply) => reply.status)).toEqual([200, 200])
      const stored = acknowledged(replies, amounts)
      expect(stored.size).toBe(2)
      for (const tab of tabs) await expectAllIn(tab, stored)
      // A reload: from IndexedDB with persist; with sync alone, from the tab still open.
      await tabs[0]!.reload()
      for (const tab of tabs) await expectAllIn(tab, stored)
      for (const tab of tabs) expect([tab.errors, tab.simulatorMessages()]).toEqual([[], []])
    })

    it(`${mode}: 40 writes a tab from two tabs at once: no 500, every answered write in every tab`, async () => {
      const context = await browser()
      const url = pageUrl(origin(), SEED, mode)
      const tabs = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
      const amounts = [0, 1].map((t) => Array.from({ length: 40 }, (_, i) => 1000 * (t + 1) + i))

      const replies = await sendAtOnce(
        tabs,
        amounts.map((ofTab) => ofTab.map(payment)),
      )

      expect(replies.flat().filter((reply) => reply.status !== 200)).toEqual([])
      const stored = acknowledged(replies, amounts)
      expect(stored.size).toBe(80)
      for (const tab of tabs) await expectAllIn(tab, stored)
      await tabs[1]!.reload()
      for (const tab of tabs) await expectAllIn(tab, stored)
    })
  }
})
