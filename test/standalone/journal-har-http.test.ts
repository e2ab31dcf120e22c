/**
 * `GET /__sim/journal.har` over real HTTP on 127.0.0.1: the journal as a HAR 1.2 file to save, its
 * URLs on the server's origin, the token masked; one session with `session`, paged back with
 * `before` like `GET /__sim/journal` (each entry once), and a bad query refused in the documented
 * shape, as the journal refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SimHar } from '../../src/contract/control-har.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { expectErrorShape } from '../support/world.ts'

const TOKEN = 'sk_http_journal_secret'

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, host: '127.0.0.1' })
})
afterAll(() => server.close())

const send = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}`, ...headers } })

async function harOf(query = '') {
  const response = await fetch(`${server.url}/__sim/journal.har${query}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="simulator-journal.har"')
  const text = await response.text()
  expect(text).not.toContain(TOKEN)
  return SimHar.parse(JSON.parse(text))
}

describe('GET /__sim/journal.har', () => {
  it('answers the journal as HAR 1.2 on the server’s origin, one session when asked, paged like the journal', async () => {
    await fetch(`${server.url}/__sim/journal`, { method: 'DELETE' })
    await send('/users/nobody')
    await send('/securityToken?limit=2', { 'x-sim-session': 'qa-1' })
    await send('/users/missing', { 'x-sim-session': 'qa-1' })
    await send('/users/other')

    const whole = await harOf()
    expect(whole.log.entries.map((entry) => entry.request.url)).toEqual([
      `${server.url}/users/nobody`,
      `${server.url}/securityToken?limit=2`,
      `${server.url}/users/missing`,
      `${server.url}/users/other`,
    ])
    expect(whole.log.entries[0]!.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer ***1' })
    expect(whole.log.entries[0]!.response).toMatchObject({ status: 404, statusText: 'Not Found' })
    expect(JSON.parse(whole.log.entries[0]!.response.content.text!)).toMatchObject({ statusCode: '404' })

    const session = await harOf('?session=qa-1')
    expect(session.log.entries.map((entry) => [entry.request.url, entry._session])).toEqual([
      [`${server.url}/securityToken?limit=2`, 'qa-1'],
      [`${server.url}/users/missing`, 'qa-1'],
    ])

    const seqs: number[] = []
    let before: number | undefined
    for (;;) {
      const page = await harOf(`?limit=3${before === undefined ? '' : `&before=${before}`}`)
      if (page.log.entries.length === 0) break
      expect(page.log.entries.length).toBeLessThanOrEqual(3)
      seqs.unshift(...page.log.entries.map((entry) => entry._seq))
      before = page.log.entries[0]!._seq
    }
    expect(seqs).toEqual(whole.log.entries.map((entry) => entry._seq))
  })

  it.each([
    ['?limit=0', 'query parameter limit must be a whole number from 1 to 2000, got "0"'],
    ['?status=abc', 'query parameter status must be a whole number from 0 to 599, got "abc"'],
    ['?operation=nope', undefined],
  ])('refuses %s in the documented shape, as the journal does', async (query, message) => {
    const read = async (path: string) => {
      const response = await fetch(`${server.url}${path}`)
      return { status: response.status, json: await response.json() }
    }
    const har = await read(`/__sim/journal.har${query}`)
    const journal = await read(`/__sim/journal${query}`)
    const said = expectErrorShape(har, 400)
    expect(said).toBe(expectErrorShape(journal, 400))
    if (message !== undefined) expect(said).toBe(message)
  })
})

describe('GET /__sim/journal.har of a journal told to keep long bodies', () => {
  it('holds a long answer whole, where the default journal leaves it out with a comment', async () => {
    const wide = await startStandaloneServer({ port: 0, host: '127.0.0.1', journalBodyLimit: 65_536 })
    try {
      const answers: Record<string, string> = {}
      for (const [name, url] of [
        ['default', server.url],
        ['wide', wide.url],
      ] as const) {
        const response = await fetch(`${url}/securityToken`, { headers: { authorization: `Bearer ${TOKEN}` } })
        answers[name] = await response.text()
        expect(answers[name]!.length).toBeGreaterThan(4096)
      }
      const entryOf = async (url: string) => {
        const har = SimHar.parse(await (await fetch(`${url}/__sim/journal.har?limit=1`)).json())
        return har.log.entries[0]!
      }
      const cut = await entryOf(server.url)
      expect(cut.response.content.text).toBeUndefined()
      expect(cut.response.content.comment).toMatch(/journal-body-limit/)
      const whole = await entryOf(wide.url)
      expect(whole.response.content.text).toBe(answers.wide)
      expect(whole.response.content.size).toBe(Buffer.byteLength(answers.wide!))
    } finally {
      await wide.close()
    }
  })
})
