/**
 * `setupSimulatorWorker({ persist: true })` in two tabs of one Chromium (`sync` follows `persist`):
 * a write in one tab is seen by the other as it happens, without a reload, and so are the clock
 * and a reset; a tab of another seed shares nothing, and once it stores its world the first tab
 * stores nothing into it; a tab opened later starts from what the others stored. `sync: true`
 * alone shares while a tab of the world is open, and keeps nothing once they are all closed. A tab
 * that cannot take turns (no Web Locks, IndexedDB refused) goes on alone and says so. Tabs writing
 * at the same instant: tabs-agree.browser.test.ts and tabs-interleaved.browser.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { chromiumAvailability } from './support/chromium.ts'
import {
  DELETED_FIXTURE,
  listed,
  newManagerPayment,
  pageUrl,
  SEED,
  writeOneOfEach,
} from './support/persistence-world.ts'
import { openSimulatorTab, type SimulatorTab } from './support/simulator-tab.ts'
import { testPageAndProfiles } from './support/test-page-profiles.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[tab-sync] skipped: ${availability.reason}`)

const addresses = async (tab: SimulatorTab): Promise<string[]> =>
  (await listed(tab)).securityTokens.map((token: { contractAddress: string }) => token.contractAddress)

describe.skipIf(availability.kind === 'skip')('two tabs in Chromium', () => {
  /** The test page, and a fresh profile (so fresh origin storage) per test. */
  const { origin, browser } = testPageAndProfiles(availability)

  it('shares each write, the clock and a reset with the other tab as they happen', async () => {
    const context = await browser()
    const url = pageUrl(origin(), SEED, 'persist')
    const [first, second] = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
    const seeded = await listed(second)

    const { created, paymentId } = await writeOneOfEach(first)
    await expect.poll(() => listed(second)).toEqual(await listed(first))
    expect(await addresses(second)).toContain(created)
    expect(await addresses(second)).not.toContain(DELETED_FIXTURE)

    // The other way round, and the payment counter moved with the write: no id is handed out twice.
    const renamed = await second.send('PUT', `/securityToken/${created}`, { symbol: 'SECOND' })
    expect(renamed.status).toBe(200)
    const payment = await second.send('POST', '/manager', newManagerPayment)
    expect(payment.json.id).toBe(paymentId + 1)
    await expect.poll(() => listed(first)).toEqual(await listed(second))

    await first.page.evaluate(() => window.simulatorPage!.setClock('2026-09-09T09:09:09.000Z'))
    await expect.poll(() => second.page.evaluate(() => window.simulatorPage!.now())).toBe('2026-09-09T09:09:09.000Z')

    // A third tab opened now starts from what was stored.
    const third = await openSimulatorTab(context, url)
    expect(await listed(third)).toEqual(await listed(first))

    await second.page.evaluate(() => window.simulatorPage!.reset())
    await expect.poll(() => listed(first)).toEqual(seeded)
    await expect.poll(() => listed(third)).toEqual(seeded)
    for (const tab of [first, second, third]) expect([tab.errors, tab.simulatorMessages()]).toEqual([[], []])
  })

  it('shares nothing with a tab that runs another seed', async () => {
    const context = await browser()
    const mine = await openSimulatorTab(context, pageUrl(origin(), SEED, 'sync'))
    const other = await openSimulatorTab(context, pageUrl(origin(), SEED + 1, 'sync'))
    const witness = await openSimulatorTab(context, pageUrl(origin(), SEED, 'sync'))
    const otherBefore = await listed(other)

    const { created } = await writeOneOfEach(mine)
    // The same-seed tab seeing the write is the sign that it was shared; the other seed's tab must not have it.
    await expect.poll(() => addresses(witness)).toContain(created)
    expect(await listed(other)).toEqual(otherBefore)
  })

  it('never stores one world into another when tabs of two seeds both persist', async () => {
    const context = await browser()
    const first = await openSimulatorTab(context, pageUrl(origin(), SEED, 'persist'))
    // A tab of another seed opens: the origin's storage is its world's now (and it says so).
    const other = await openSimulatorTab(context, pageUrl(origin(), SEED + 1, 'persist'))
    expect(other.simulatorMessages().filter((line) => line.includes('another world'))).toHaveLength(1)

    const { created } = await writeOneOfEach(first) // answered from memory: the storage is not its world's any more
    expect(await addresses(first)).toContain(created)
    const warnings = first.simulatorMessages().filter((line) => line.startsWith('warning:'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('another world')

    await other.reload()
    expect(await addresses(other)).not.toContain(created)
    expect(await addresses(other)).toContain(DELETED_FIXTURE)
  })

  it('with sync alone shares writes while a tab is open, and keeps nothing once every tab is closed', async () => {
    const context = await browser()
    const url = pageUrl(origin(), SEED, 'sync')
    const [first, second] = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
    const { created } = await writeOneOfEach(first)
    expect(await addresses(second)).toContain(created) // a read takes in what the other tab stored

    // Reloaded while the other tab stays open: it comes back into the world the tabs share.
    await second.reload()
    expect(await addresses(second)).toContain(created)
    await first.reload()
    expect(await addresses(first)).toContain(created)

    await first.page.close()
    await second.page.close()
    const third = await openSimulatorTab(context, url)
    expect(await addresses(third)).not.toContain(created)
    expect(await addresses(third)).toContain(DELETED_FIXTURE)
  })

  /** Two tabs of `flags` in a browser changed by `init`: each answers its own writes alone, and says so once. */
  const expectAlone = async (flags: string, init: () => void, warning: RegExp) => {
    const context = await browser()
    await context.addInitScript(init)
    const url = pageUrl(origin(), SEED, flags)
    const [first, second] = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
    const { created } = await writeOneOfEach(first) // every write answers 200
    expect(await addresses(first)).toContain(created)
    expect(await addresses(second)).not.toContain(created)
    for (const tab of [first, second]) {
      const warnings = tab.simulatorMessages().filter((line) => line.startsWith('warning:'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(warning)
    }
    await first.reload()
    expect(await addresses(first)).not.toContain(created)
    expect([first.errors, second.errors]).toEqual([[], []])
  }

  it('leaves each tab on its own, with one warning, in a browser without Web Locks', () =>
    expectAlone(
      'persist',
      () => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }),
      /no Web Locks \(navigator\.locks\)/,
    ))

  it('with sync alone leaves each tab on its own, with one warning, when IndexedDB is refused', () =>
    expectAlone(
      'sync',
      () => {
        IDBFactory.prototype.open = () => {
          throw new DOMException(
            'A mutation operation was attempted on a database that did not allow mutations.',
            'InvalidStateError',
          )
        }
      },
      /browser storage is not available \(InvalidStateError/,
    ))
})
