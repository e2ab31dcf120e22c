/**
 * No credential is kept (issue 31, finding 9): whatever a client sends as `Authorization`, the
 * journal (over the control API and in-process), the live events, the verbose operations log and
 * a recording hold its scheme and a number, never the credential; two callers are told apart by the
 * number, and the caller a Bearer token stood for is said as an address. Random secrets in every
 * header shape, over real HTTP, against a model of the numbering.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callerAddress } from '../../src/domain/caller.ts'
import type { JournalEntry } from '../../src/observability/journal.ts'
import { createSessionRecorder } from '../../src/record-replay/record.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { openEvents } from '../dashboard/support/sse.ts'
import { propertyRuns } from '../support/property-runs.ts'
import { fixtures } from '../support/world.ts'

const wallet = fixtures.securityTokens[0]!.managerAddress

/** A secret distinctive enough that finding it in a text means it leaked (token68 characters). */
const secret = fc.stringMatching(/^[A-Za-z0-9._~+/-]{10,40}$/).map((tail) => `s3cr3t-${tail}`)

type Shape = 'bearer' | 'basic' | 'bare' | 'wallet' | 'none'
const request = fc.record({
  shape: fc.constantFrom<Shape>('bearer', 'basic', 'bare', 'wallet', 'none'),
  secret,
})

function authorizationOf({ shape, secret }: { shape: Shape; secret: string }): string | undefined {
  if (shape === 'bearer') return `Bearer ${secret}`
  if (shape === 'basic') return `Basic ${secret}`
  if (shape === 'bare') return secret
  if (shape === 'wallet') return `Bearer ${wallet}`
  return undefined
}

let server: StandaloneServer
const log: string[] = []
const listened: JournalEntry[] = []
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, log: 'verbose', logSink: (line) => log.push(line) })
  server.simulator.journal.onExchange((entry) => listened.push(entry))
})
afterAll(() => server?.close())

describe('the Authorization a client sends', () => {
  it('is masked in the journal, the live events, the log and the in-process journal; numbers tell callers apart', async () => {
    /** The model: each distinct credential (scheme and secret) gets the next number, for the journal's life. */
    const numbers = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 8 }), async (requests) => {
        // A repeated secret must keep its number: send some twice.
        const sent = [...requests, ...requests.slice(0, 2)]
        const events = await openEvents(`${server.url}/__sim/events`)
        try {
          const hello = await events.next()
          const before = hello.data.total as number
          // The ring's entries come first: read past them.
          for (let i = 0; i < Math.min(before, hello.data.capacity); i++) await events.next()
          log.length = 0
          listened.length = 0
          for (const each of sent) {
            const authorization = authorizationOf(each)
            const answer = await fetch(`${server.url}/securityToken`, {
              headers: authorization === undefined ? {} : { authorization },
            })
            await answer.arrayBuffer()
          }
          const streamed: JournalEntry[] = []
          while (streamed.length < sent.length) {
            const event = await events.next()
            if (event.data.type === 'exchange') streamed.push(event.data.entry)
          }
          const page = (await (await fetch(`${server.url}/__sim/journal?limit=${sent.length}`)).json()) as {
            entries: JournalEntry[]
          }
          const inProcess = server.simulator.journal.list({ limit: sent.length })

          const expected = sent.map((each) => {
            if (each.shape === 'none') return { authorization: undefined, caller: null }
            if (each.shape === 'wallet') return { authorization: `Bearer ${wallet}`, caller: wallet }
            const scheme = each.shape === 'bearer' ? 'Bearer ' : each.shape === 'basic' ? 'Basic ' : ''
            const key = `${scheme}${each.secret}`
            if (!numbers.has(key)) numbers.set(key, numbers.size + 1)
            return {
              authorization: `${scheme}***${numbers.get(key)}`,
              caller: each.shape === 'bearer' ? callerAddress(each.secret) : null,
            }
          })
          for (const entries of [page.entries, inProcess, streamed, listened]) {
            expect(
              entries.map((entry) => ({ authorization: entry.requestHeaders.authorization, caller: entry.caller })),
            ).toEqual(expected)
          }
          const everything = JSON.stringify([page, inProcess, streamed, listened, log])
          for (const each of sent) if (each.shape !== 'wallet') expect(everything).not.toContain(each.secret)
          // The verbose log says who called, as the journal does.
          const logged = log.filter((line) => line.includes(' GET /securityToken '))
          expect(logged.map((line) => /\n {2}auth {5}(.*)/.exec(line)?.[1])).toEqual(
            expected.map(({ authorization, caller }) =>
              authorization === undefined ? undefined : `${authorization}${caller === null ? '' : ` caller ${caller}`}`,
            ),
          )
        } finally {
          await events.close()
        }
      }),
      { numRuns: propertyRuns(50), seed: 31_9 },
    )
  })

  it('keeps its numbers across a reset, so entries before and after one still tell callers apart', async () => {
    const send = (token: string) =>
      fetch(`${server.url}/securityToken`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text())
    await send('before-reset-token-1')
    const first = server.simulator.journal.list({ limit: 1 })[0]!.requestHeaders.authorization
    await fetch(`${server.url}/__sim/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } })
    await send('after-reset-token-2')
    await send('before-reset-token-1')
    const [other, same] = server.simulator.journal.list().map((entry) => entry.requestHeaders.authorization)
    expect(same).toBe(first)
    expect(other).not.toBe(first)
    expect(other).toMatch(/^Bearer \*\*\*\d+$/)
  })
})

describe('a recording', () => {
  it('writes no credential of any scheme: Bearer tokens as the masks replay fills, others masked as sent', () => {
    const recorder = createSessionRecorder()
    const headers = ['Bearer s3cr3t-one', 'Basic dXNlcjpzM2NyM3Q=', 's3cr3t-bare-key', 'Token s3cr3t-token', 'Bearer']
    for (const authorization of headers)
      recorder.add({
        method: 'GET',
        path: '/securityToken',
        query: '',
        headers: { authorization },
        body: '',
        response: { status: 401, body: '{}' },
      })
    const scenario = recorder.toScenario()
    expect(scenario.steps!.map((step) => step.request.headers?.authorization)).toEqual([
      'Bearer ***',
      'Basic ***',
      '***',
      'Token ***',
      'Bearer',
    ])
    const text = JSON.stringify(scenario)
    for (const leaked of ['s3cr3t', 'dXNlcjpzM2NyM3Q']) expect(text).not.toContain(leaked)
  })
})
