/**
 * Bounded control answers (issue 20, finding 9): `GET /__sim/state?table=debtTokens&limit=1000000`
 * on a 100k world was 266 MB in 22 s while every other client waited. Over HTTP: one answer carries
 * at most MAX_STATE_RECORDS records (a 400 in the documented shape saying how to page beyond it),
 * `offset` pages through a table, the page is built in chunks that let other clients be answered,
 * and the OpenAPI document states both.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { MAX_STATE_RECORDS, MAX_STATE_RECORDS_PER_TABLE } from '../../src/contract/control-schemas.ts'
import { MAX_LIST_ITEMS } from '../../src/pipeline/operation-steps.ts'
import { type StandaloneServer, startStandaloneServer } from '../../src/runtimes/standalone/server.ts'
import { healthAnsweredDuring } from '../support/health-during.ts'
import { expectErrorShape } from '../support/world.ts'

/** A generated world whose debt tokens fill several pages (each page a chance, below). */
const SIZE = 8000

let server: StandaloneServer
beforeAll(async () => {
  server = await startStandaloneServer({ port: 0, size: SIZE })
})
afterAll(() => server.close())

async function get(path: string) {
  const response = await fetch(`${server.url}${path}`)
  return { status: response.status, json: (await response.json()) as any }
}

// First: the records it reads are not built yet (a generated world builds them on first read).
// On a busy machine the first health check can reach the server after a page's last chunk, so
// each page of records not yet built is a chance; a server that held its event loop for the whole
// build answers none of them.
it('builds a page in chunks, answering other clients meanwhile', async () => {
  const answeredPerPage: number[] = []
  for (
    let offset = 0;
    offset + MAX_STATE_RECORDS <= SIZE && !answeredPerPage.some((n) => n > 0);
    offset += MAX_STATE_RECORDS
  ) {
    const page = () => fetch(`${server.url}/__sim/state?table=debtTokens&limit=${MAX_STATE_RECORDS}&offset=${offset}`)
    const { answered, response } = await healthAnsweredDuring(server.url, page)
    expect((await response.json()).tables.debtTokens).toHaveLength(MAX_STATE_RECORDS)
    answeredPerPage.push(answered)
  }
  expect(
    answeredPerPage.some((n) => n > 0),
    `health checks answered during each page: ${answeredPerPage}`,
  ).toBe(true)
})

it('carries no more records than an API list, for one table or for all', async () => {
  expect(MAX_STATE_RECORDS).toBeLessThanOrEqual(MAX_LIST_ITEMS)
  expect(MAX_STATE_RECORDS_PER_TABLE * 6).toBeLessThanOrEqual(MAX_STATE_RECORDS)
  expect(expectErrorShape(await get('/__sim/state?table=debtTokens&limit=1000000'), 400)).toBe(
    `query parameter limit must be a whole number from 0 to ${MAX_STATE_RECORDS}, got "1000000"`,
  )
  expect(expectErrorShape(await get(`/__sim/state?limit=${MAX_STATE_RECORDS_PER_TABLE + 1}`), 400)).toBe(
    `query parameter limit must be at most ${MAX_STATE_RECORDS_PER_TABLE} without table (six tables of ${MAX_STATE_RECORDS_PER_TABLE + 1} records would pass the ${MAX_STATE_RECORDS} one answer carries), got ${MAX_STATE_RECORDS_PER_TABLE + 1}: ask for one table (?table=debtTokens&limit=${MAX_STATE_RECORDS_PER_TABLE + 1}) and page it with offset`,
  )
  const full = await get(`/__sim/state?table=debtTokens&limit=${MAX_STATE_RECORDS}`)
  expect(full.status).toBe(200)
  expect(full.json.tables.debtTokens).toHaveLength(MAX_STATE_RECORDS)
  expect((await get(`/__sim/state?limit=${MAX_STATE_RECORDS_PER_TABLE}`)).status).toBe(200)
})

it('pages a table with offset: the pages together are the table, each record once', async () => {
  const total = (await get('/__sim/state?limit=0')).json.counts.debtTokens
  expect(total).toBe(SIZE)
  const addresses: string[] = []
  for (let offset = 0; offset < total; offset += MAX_STATE_RECORDS) {
    const page = await get(`/__sim/state?table=debtTokens&limit=${MAX_STATE_RECORDS}&offset=${offset}`)
    addresses.push(...page.json.tables.debtTokens.map((token: { address: string }) => token.address))
  }
  expect(addresses).toHaveLength(total)
  expect(new Set(addresses).size).toBe(total)
  expect((await get(`/__sim/state?table=debtTokens&offset=${total}`)).json.tables.debtTokens).toEqual([])
})

it('states the limit and the paging in the OpenAPI document', async () => {
  const document = (await get('/__sim/openapi.json')).json
  const getState = document.paths['/__sim/state'].get
  const limit = getState.parameters.find((parameter: { name: string }) => parameter.name === 'limit')
  expect(limit.schema.maximum).toBe(MAX_STATE_RECORDS)
  expect(limit.description).toContain(`at most ${MAX_STATE_RECORDS} with table, ${MAX_STATE_RECORDS_PER_TABLE} without`)
  expect(getState.parameters.map((parameter: { name: string }) => parameter.name)).toContain('offset')
  expect(getState.responses['400']).toBeDefined()
})
