/**
 * The journal's answer is bounded like /__sim/state's (issue 20, finding 9, "any other control
 * answer that lists records"): with `--journal-size` up to 100,000 and bodies of 8 KB an entry, one
 * read could be 800 MB. Over HTTP: one answer carries at most MAX_JOURNAL_PAGE entries (the newest,
 * also without `limit`), a larger `limit` is a 400 in the documented shape, and `before` pages back
 * through the whole journal, each entry once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MAX_JOURNAL_PAGE } from '../../src/contract/control-journal-schemas.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { expectErrorShape } from '../support/world.ts'

const REQUESTS = MAX_JOURNAL_PAGE + 300

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, journalCapacity: REQUESTS + 10 })
  for (let i = 0; i < REQUESTS; i += 100)
    await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${server.url}/users/missing`, { headers: { authorization: 'Bearer j' } }),
      ),
    )
})
afterAll(() => server.close())

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, json: (await response.json()) as any }
}

it('answers the newest page without a limit, and refuses a larger limit', async () => {
  const journal = (await get('/__sim/journal')).json
  expect(journal.total).toBe(REQUESTS)
  expect(journal.entries).toHaveLength(MAX_JOURNAL_PAGE)
  expect(journal.entries.at(-1).seq).toBe(REQUESTS)
  expect(expectErrorShape(await get(`/__sim/journal?limit=${MAX_JOURNAL_PAGE + 1}`), 400)).toBe(
    `query parameter limit must be a whole number from 1 to ${MAX_JOURNAL_PAGE}, got "${MAX_JOURNAL_PAGE + 1}"`,
  )
})

it('pages back with before: the pages together are the journal, each entry once', async () => {
  const seqs: number[] = []
  let before: number | undefined
  for (;;) {
    const page = (await get(`/__sim/journal?limit=1000${before === undefined ? '' : `&before=${before}`}`)).json
    if (page.entries.length === 0) break
    seqs.unshift(...page.entries.map((entry: { seq: number }) => entry.seq))
    before = page.entries[0].seq
  }
  expect(seqs).toEqual(Array.from({ length: REQUESTS }, (_, i) => i + 1))
})
