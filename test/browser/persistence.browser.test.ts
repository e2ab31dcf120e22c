/**
 * `setupSimulatorWorker({ persist: true })` in headless Chromium, as a frontend developer meets
 * it: writes made through the page's fetch, the clock moved and a scenario activated survive a
 * reload, and a write answered survives a crash of the tab; `simulator.reset()` clears what was
 * stored; a page with another seed starts from its own world and says so; a browser that refuses
 * IndexedDB, or whose storage is full, answers from memory with one console warning.
 */
import { describe, expect, it } from 'vitest'
import { fixtures } from '../support/world.ts'
import { chromiumAvailability } from './support/chromium.ts'
import {
  API_BASE_URL,
  DELETED_FIXTURE,
  listed,
  NEW_SECURITY_TOKEN,
  newManagerPayment,
  pageUrl,
  SEED,
  writeOneOfEach,
} from './support/persistence-world.ts'
import { openSimulatorTab, type SimulatorTab } from './support/simulator-tab.ts'
import { testPageAndProfiles } from './support/test-page-profiles.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[browser-persistence] skipped: ${availability.reason}`)

const SEEDED_SECURITY_TOKENS = fixtures.securityTokens.length
const MOVED_CLOCK = '2026-07-01T08:30:00.000Z'
/** A shipped scenario whose rules leave reads alone but refuse the marketplace listing with a 400. */
const SCENARIO = 'security-token-rejected'
const STORAGE_WARNING = /browser storage is not available/

const warnings = (tab: SimulatorTab) => tab.simulatorMessages().filter((line) => line.startsWith('warning:'))

/** How many entries the page's IndexedDB log holds. */
const storedEntries = (tab: SimulatorTab): Promise<number> =>
  tab.page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('debt-token-simulator')
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => reject(opening.error)
    })
    const counting = db.transaction('entries').objectStore('entries').count()
    const count = await new Promise<number>((resolve) => {
      counting.onsuccess = () => resolve(counting.result)
    })
    db.close()
    return count
  })

/**
 * A log as long as `count` renames of the record the log's newest entry puts (a rename this tab's
 * simulator wrote) make: that entry again `count` times, its symbol `S1`…, added in one turn of the
 * lock the tabs take turns at the log with, as another tab's writes would be. Five hundred writes
 * through the page's fetch cost some 15 s (each its own turn: a lock, a read of the log, a commit)
 * and prove nothing the compaction needs: the other tests write through the page.
 */
const appendRenames = (tab: SimulatorTab, count: number): Promise<void> =>
  tab.page.evaluate(async (count) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('debt-token-simulator')
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => reject(opening.error)
    })
    await navigator.locks.request('debt-token-simulator', async () => {
      const transaction = db.transaction('entries', 'readwrite')
      const entries = transaction.objectStore('entries')
      const newest = entries.openCursor(null, 'prev')
      newest.onsuccess = () => {
        const changes = newest.result!.value as { t: string; table?: string; record?: { symbol?: string } }[]
        if (changes.length !== 1 || changes[0]!.t !== 'put' || changes[0]!.table !== 'securityTokens')
          throw new Error(`the newest entry is not a rename: ${JSON.stringify(changes)}`)
        for (let i = 1; i <= count; i++)
          entries.add([{ ...changes[0], record: { ...changes[0]!.record, symbol: `S${i}` } }])
      }
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve()
        transaction.onerror = () => reject(transaction.error)
        transaction.onabort = () => reject(transaction.error ?? new Error('aborted'))
      })
    })
    db.close()
  }, count)

describe.skipIf(availability.kind === 'skip')('persist: true in Chromium', () => {
  /** The test page, and a fresh profile (so fresh origin storage) per test. */
  const { origin, browser } = testPageAndProfiles(availability)

  it('keeps creates, updates, deletes, the moved clock and the scenario across a reload', async () => {
    const tab = await openSimulatorTab(await browser(), pageUrl(origin(), SEED, 'persist'))
    const seeded = await listed(tab)
    const { created, paymentId } = await writeOneOfEach(tab)
    await tab.page.evaluate((instant) => window.simulatorPage!.setClock(instant), MOVED_CLOCK)
    await tab.page.evaluate((name) => window.simulatorPage!.useScenario(name), SCENARIO)
    const before = await listed(tab)
    expect(before).not.toEqual(seeded)

    await tab.reload()

    expect(await listed(tab)).toEqual(before)
    const addresses = before.securityTokens.map((token: { contractAddress: string }) => token.contractAddress)
    expect(addresses).toContain(created)
    expect(addresses).not.toContain(DELETED_FIXTURE)
    expect(before.securityTokens.find((token: any) => token.contractAddress === created).symbol).toBe('KEPT')
    expect(await tab.page.evaluate(() => window.simulatorPage!.now())).toBe(MOVED_CLOCK)
    expect(await tab.page.evaluate(() => window.simulatorPage!.scenario)).toBe(SCENARIO)
    expect((await tab.get('/securityToken?marketplace=true')).status).toBe(400) // the scenario's rule answers
    // The payment id counter came back too: the next payment does not reuse the stored one's id.
    await tab.page.evaluate(() => window.simulatorPage!.useScenario(null))
    const next = await tab.send('POST', '/manager', newManagerPayment)
    expect(next.json.id).toBe(paymentId + 1)
    expect(tab.errors).toEqual([])
    expect(warnings(tab)).toEqual([])
  })

  it('brings back a scenario whose world creates records: the reload loads the factories itself', async () => {
    // The page loads the factories on demand (decision 0017); its start, after the reload, asks for nothing.
    const arranged = {
      description: 'two security tokens made when activated',
      world: { create: [{ table: 'securityTokens', count: 2 }] },
    }
    const tab = await openSimulatorTab(await browser(), pageUrl(origin(), SEED, 'persist'))
    const seeded = await listed(tab)
    await tab.page.evaluate((scenario) => window.simulatorPage!.useScenario(scenario), arranged)
    const before = await listed(tab)
    expect(before.securityTokens).toHaveLength(seeded.securityTokens.length + 2)

    await tab.reload()

    expect(tab.simulatorMessages().filter((line) => line.includes('not active again'))).toEqual([])
    expect(await tab.page.evaluate(() => window.simulatorPage!.scenario)).toBe('inline')
    expect(await listed(tab)).toEqual(before)
    expect(tab.errors).toEqual([])
  })

  it('keeps a write answered just before the tab crashed (nothing waits for unload)', async () => {
    const context = await browser()
    const url = pageUrl(origin(), SEED, 'persist')
    const tab = await openSimulatorTab(context, url)
    const created = await tab.send('POST', '/securityToken', NEW_SECURITY_TOKEN)
    expect(created.status).toBe(200)

    // The renderer dies at once: no unload, pagehide or visibilitychange runs.
    const crashed = new Promise((resolve) => tab.page.once('crash', resolve))
    const devtools = await context.newCDPSession(tab.page)
    devtools.send('Page.crash').catch(() => undefined) // never answers: the page is gone
    await crashed

    const reopened = await openSimulatorTab(context, url)
    const tokens = (await listed(reopened)).securityTokens.map((token: any) => token.contractAddress)
    expect(tokens).toContain(created.json.contractAddress)
  })

  it('answers a write only once IndexedDB has committed it', async () => {
    const context = await browser()
    const url = pageUrl(origin(), SEED, 'persist')
    const [writer, other] = [await openSimulatorTab(context, url), await openSimulatorTab(context, url)]
    // The writer's own transaction stays open after its entry is added: the commit waits for the release.
    await writer.page.evaluate(() => {
      const held = { release: false }
      Object.assign(window, { commitState: held })
      const add = IDBObjectStore.prototype.add
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
        const request = add.apply(this, args)
        const spin = () => {
          if (!held.release) this.count().onsuccess = spin
        }
        spin()
        return request
      }
    })
    const sent = (tab: SimulatorTab, method: string, path: string, body?: unknown) =>
      tab.page.evaluate(
        ([api, method, path, body]) => {
          const state = { answered: false, text: '' }
          void fetch(new URL(path, api), {
            method,
            headers: { authorization: 'Bearer persistence-test', 'content-type': 'application/json' },
            ...(body !== '' && { body }),
          }).then(async (response) => {
            state.text = await response.text()
            state.answered = true
          })
          Object.assign(window, { [`${method} ${path}`]: state })
        },
        [API_BASE_URL, method, path, body === undefined ? '' : JSON.stringify(body)] as const,
      )
    const reply = (tab: SimulatorTab, label: string) =>
      tab.page.evaluate((key) => (window as any)[key] as { answered: boolean; text: string }, label)

    await sent(writer, 'POST', '/securityToken', NEW_SECURITY_TOKEN)
    // The write was made: the writer's reads see it (it holds the turn, so no other tab writes meanwhile)...
    await expect.poll(async () => (await listed(writer)).securityTokens.length).toBe(SEEDED_SECURITY_TOKENS + 1)
    // ...but it is not answered, and a read in the other tab waits for the commit rather than miss it.
    await sent(other, 'GET', '/securityToken')
    expect((await reply(writer, 'POST /securityToken')).answered).toBe(false)
    expect((await reply(other, 'GET /securityToken')).answered).toBe(false)

    await writer.page.evaluate(() => {
      ;(window as any).commitState.release = true
    })
    await expect.poll(async () => (await reply(writer, 'POST /securityToken')).answered).toBe(true)
    const created = JSON.parse((await reply(writer, 'POST /securityToken')).text).contractAddress
    await expect.poll(async () => (await reply(other, 'GET /securityToken')).answered).toBe(true)
    const seen = JSON.parse((await reply(other, 'GET /securityToken')).text)
    expect(seen.map((token: { contractAddress: string }) => token.contractAddress)).toContain(created)
  })

  // Longer than the 500 entries a start compacts after (persist-in-browser.ts): the simulator's own
  // writes, 500 renames added to the log as another tab's (appendRenames), then one more write here.
  it('rewrites a long log as the one state it adds up to, at the next start', async () => {
    const tab = await openSimulatorTab(await browser(), pageUrl(origin(), SEED, 'persist'))
    const { created } = await writeOneOfEach(tab)
    const rename = (symbol: string) => tab.send('PUT', `/securityToken/${created}`, { symbol })
    expect((await rename('S0')).status).toBe(200)
    await appendRenames(tab, 500)
    expect((await rename('LAST')).status).toBe(200) // in its turn: after the 500, which this tab applies first
    const before = await listed(tab)
    const token = before.securityTokens.find((candidate: any) => candidate.contractAddress === created)
    expect(token.symbol).toBe('LAST')
    expect(await storedEntries(tab)).toBeGreaterThan(500)

    await tab.reload()

    expect(await storedEntries(tab)).toBe(1)
    expect(await listed(tab)).toEqual(before)
    await tab.reload()
    expect(await listed(tab)).toEqual(before)
  })

  it('forgets what was stored on simulator.reset()', async () => {
    const context = await browser()
    const tab = await openSimulatorTab(context, pageUrl(origin(), SEED, 'persist'))
    const seeded = await listed(tab)
    await writeOneOfEach(tab)
    await tab.page.evaluate((instant) => window.simulatorPage!.setClock(instant), MOVED_CLOCK)
    await tab.page.evaluate((name) => window.simulatorPage!.useScenario(name), SCENARIO)
    await tab.page.evaluate(() => window.simulatorPage!.reset())
    expect(await listed(tab)).toEqual(seeded)

    await tab.reload()

    expect(await listed(tab)).toEqual(seeded)
    expect(await tab.page.evaluate(() => window.simulatorPage!.now())).toBe('2026-03-02T12:00:00.000Z')
    expect(await tab.page.evaluate(() => window.simulatorPage!.scenario)).toBeNull()
  })

  it('starts from the new world when the seed changed, says so, and never mixes the two', async () => {
    const context = await browser()
    const tab = await openSimulatorTab(context, pageUrl(origin(), SEED, 'persist'))
    const { created } = await writeOneOfEach(tab)

    await tab.reload(pageUrl(origin(), SEED + 1, 'persist'))

    const other = await listed(tab)
    expect(other.securityTokens.map((token: any) => token.contractAddress)).not.toContain(created)
    const notices = tab.simulatorMessages().filter((line) => /another world/.test(line))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain(`seed ${SEED},`)
    expect(notices[0]).toContain(`seed ${SEED + 1},`)

    // Back on the first seed: its writes were dropped with the change, not kept beside the other world's.
    await tab.reload(pageUrl(origin(), SEED, 'persist'))
    const back = await listed(tab)
    expect(back.securityTokens.map((token: any) => token.contractAddress)).not.toContain(created)
    expect(back.securityTokens.map((token: any) => token.contractAddress)).toContain(DELETED_FIXTURE)
  })

  it('answers from memory, with one warning, when the browser refuses IndexedDB', async () => {
    // Chromium's "don't allow sites to save data" also refuses msw's service worker, so no simulator
    // runs there at all. A page whose IndexedDB alone is refused is what private windows gave
    // (Firefox before 115 threw this very error from indexedDB.open): that refusal, in Chromium.
    const context = await browser()
    await context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        )
      }
    })
    const tab = await openSimulatorTab(context, pageUrl(origin(), SEED, 'persist'))
    const { created } = await writeOneOfEach(tab)
    expect((await listed(tab)).securityTokens.map((token: any) => token.contractAddress)).toContain(created)
    expect(warnings(tab)).toHaveLength(1)
    expect(warnings(tab)[0]).toMatch(STORAGE_WARNING)
    expect(warnings(tab)[0]).toContain('InvalidStateError')

    await tab.reload()
    expect((await listed(tab)).securityTokens.map((token: any) => token.contractAddress)).not.toContain(created)
    expect(tab.errors).toEqual([])
  })

  it('answers from memory, with one warning, when storage is full', async () => {
    const context = await browser()
    // Chromium's quota for the origin, lowered to nothing (DevTools' "simulate custom storage quota"),
    // before the page first stores anything: Chromium reads an origin's quota once.
    const blank = await context.newPage()
    const devtools = await context.newCDPSession(blank)
    await devtools.send('Storage.overrideQuotaForOrigin', { origin: origin(), quotaSize: 1 })
    const tab = await openSimulatorTab(context, pageUrl(origin(), SEED, 'persist'))

    const { created } = await writeOneOfEach(tab) // every write still answers 200
    expect((await listed(tab)).securityTokens.map((token: any) => token.contractAddress)).toContain(created)
    expect(warnings(tab)).toHaveLength(1)
    expect(warnings(tab)[0]).toMatch(STORAGE_WARNING)
    expect(warnings(tab)[0]).toContain('QuotaExceededError')
    expect(tab.errors).toEqual([])
  })
})
