/**
 * Tabs agree, whatever they do at once: random rounds in which two or three tabs of one Chromium
 * each create, pay, invest in a shared record, delete, set the clock, reset or reload, all at the
 * same time (`persist`, and `sync` alone). After every round each tab answers the same world, and
 * that world holds every write a tab acknowledged (investments in one record add up, ids never
 * repeat), none answered 500; at the end every tab reloaded, and a tab opened later, answers it too.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FULL_COUNTS, propertyRuns } from '../support/property-runs.ts'
import { atOnce } from './support/at-once.ts'
import { chromiumAvailability } from './support/chromium.ts'
import { DELETED_FIXTURE, pageUrl, SEED } from './support/persistence-world.ts'
import { openSimulatorTab, type SimulatorTab } from './support/simulator-tab.ts'
import { jobOf, VIEW_PATHS, viewFrom } from './support/tab-jobs.ts'
import { type Action, ExpectedWorld, planOf, type View } from './support/tab-plan.ts'
import { testPageAndProfiles } from './support/test-page-profiles.ts'

const availability = chromiumAvailability()
if (availability.kind === 'skip') console.warn(`[tabs-interleaved] skipped: ${availability.reason}`)

/** Each run launches Chromium and opens its tabs afresh: a few runs, each of several rounds. */
const RUNS = propertyRuns(2, 1)
const PROPERTY_SEED = 20_260_331

/** What `tab` answers for the world now (its reads take in what the other tabs stored first). */
async function viewOf(tab: SimulatorTab): Promise<View> {
  const [tokens, payments] = await Promise.all(VIEW_PATHS.map((path) => tab.get(path)))
  expect([tokens!.status, payments!.status]).toEqual([200, 200])
  return viewFrom(tokens!.json, payments!.json, await tab.page.evaluate(() => window.simulatorPage!.now()))
}

/** The round: every tab's action started at the same instant, the reloads as soon as the others start. */
async function play(tabs: readonly SimulatorTab[], round: readonly Action[], r: number, targets: readonly string[]) {
  const jobs = round.map((action, t) => jobOf(action, r * 10 + t + 1, targets))
  const acting = tabs.filter((_, t) => round[t]!.kind !== 'reload')
  const [replies] = await Promise.all([
    atOnce(
      acting,
      jobs.filter((_, t) => round[t]!.kind !== 'reload').map(([job]) => job),
    ),
    ...tabs.filter((_, t) => round[t]!.kind === 'reload').map((tab) => tab.reload()),
  ])
  let next = 0
  return round.map((action, t) => jobs[t]![1](action.kind === 'reload' ? [] : replies[next++]!))
}

/** Every tab answers the same world; returns it. */
async function agreed(tabs: readonly SimulatorTab[]): Promise<View> {
  const views = await Promise.all(tabs.map(viewOf))
  for (const [i, view] of views.entries()) expect(view, `tab ${i + 1} against tab 1`).toEqual(views[0])
  return views[0]!
}

describe.skipIf(availability.kind === 'skip')('tabs writing, resetting and reloading at once, in Chromium', () => {
  /** The test page, and a fresh profile (so fresh origin storage) per run. */
  const { origin, browser } = testPageAndProfiles(availability)

  // Three tabs found the bug this test has found (a reset between a create and an investment, CI's
  // seed): they run every time; two tabs, a narrower interleaving, with the full counts (CI).
  const cases = [
    { tabs: 3, mode: 'persist' },
    { tabs: 3, mode: 'sync' },
    ...(FULL_COUNTS
      ? ([
          { tabs: 2, mode: 'persist' },
          { tabs: 2, mode: 'sync' },
        ] as const)
      : []),
  ] as const
  // Each run: Chromium's start, its tabs, and rounds of requests across them.
  it.each(cases)(
    '$tabs tabs with $mode agree on every acknowledged write',
    { timeout: 240_000 },
    async ({ tabs, mode }) => {
      await fc.assert(
        fc.asyncProperty(planOf(tabs, mode === 'sync'), async (plan) => {
          const context = await browser()
          const url = pageUrl(origin(), SEED, mode)
          const open: SimulatorTab[] = []
          for (let t = 0; t < tabs; t++) open.push(await openSimulatorTab(context, url))
          const world = new ExpectedWorld(await agreed(open), DELETED_FIXTURE)

          for (const [r, round] of plan.entries())
            world.check(await play(open, round, r, world.investTargets()), await agreed(open))

          // Every tab reloaded (with `sync` alone one at a time, so that the world stays open), then one more tab.
          if (mode === 'persist') await Promise.all(open.map((tab) => tab.reload()))
          else for (const tab of open) await tab.reload()
          open.push(await openSimulatorTab(context, url))
          world.check([], await agreed(open))
          for (const [i, tab] of open.entries()) expect([i, tab.errors, tab.simulatorMessages()]).toEqual([i, [], []])
          await context.close()
        }),
        { seed: PROPERTY_SEED, numRuns: RUNS, endOnFailure: true },
      )
    },
  )
})
