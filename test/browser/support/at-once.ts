/**
 * Work started in several tabs at the same instant: each tab arms a listener on a BroadcastChannel
 * of the test's own, the first tab posts on it and starts its job, and every other tab starts its
 * job as the message arrives, all within one turn of their event loops. What two users clicking
 * "save" in two tabs at once do to the simulator.
 */
import type { WireReply, WireRequest } from '../app/wire.ts'
import type { SimulatorTab } from './simulator-tab.ts'

const CHANNEL = 'the browser tests: at once'

/** What a tab does at the signal: the simulator's reset, the clock set, then its requests. */
export interface Job {
  readonly reset?: boolean
  readonly clock?: string
  readonly requests?: readonly WireRequest[]
  /** The requests all sent at once rather than one after the other. */
  readonly parallel?: boolean
}

/** Starts `jobs[i]` in `tabs[i]`, all at the same instant; resolves with each tab's replies. */
export async function atOnce(tabs: readonly SimulatorTab[], jobs: readonly Job[]): Promise<WireReply[][]> {
  if (tabs.length === 0) return []
  await Promise.all(
    tabs.map((tab, i) =>
      tab.page.evaluate(
        ({ channelName, job, first }) => {
          const page = window.simulatorPage!
          const start = async () => {
            if (job.reset) await page.reset()
            if (job.clock !== undefined) await page.setClock(job.clock)
            const requests = job.requests ?? []
            return job.parallel
              ? Promise.all(requests.map(async (request) => (await page.run([request]))[0]!))
              : page.run(requests)
          }
          const channel = new BroadcastChannel(channelName)
          const state = window as unknown as { atOnce?: Promise<WireReply[]>; go?: () => void }
          let go!: () => void
          const started = new Promise<void>((resolve) => {
            go = resolve
          })
          if (first)
            state.go = () => {
              channel.postMessage('go')
              go()
            }
          else channel.onmessage = () => go()
          state.atOnce = started.then(() => {
            channel.close()
            return start()
          })
        },
        { channelName: CHANNEL, job: jobs[i] ?? {}, first: i === 0 },
      ),
    ),
  )
  await tabs[0]!.page.evaluate(() => (window as unknown as { go: () => void }).go())
  return Promise.all(
    tabs.map((tab) => tab.page.evaluate(() => (window as unknown as { atOnce: Promise<WireReply[]> }).atOnce)),
  )
}

/** `atOnce` with requests alone: `batches[i]` from `tabs[i]`, each batch in sequence. */
export function sendAtOnce(
  tabs: readonly SimulatorTab[],
  batches: readonly (readonly WireRequest[])[],
): Promise<WireReply[][]> {
  return atOnce(
    tabs,
    batches.map((requests) => ({ requests })),
  )
}
