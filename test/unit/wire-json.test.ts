/**
 * A generated world writes each debt token's wire JSON without building the record (list answers
 * join those texts): the text must be JSON.stringify of the presented record, byte for byte, and a
 * list mixing such texts with written records must answer what the records alone would.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_NOW } from '../../src/model/clock.ts'
import { presentDebtToken } from '../../src/resolvers/presenters.ts'

/** The instant generated worlds are written for: their texts' statuses are those of this instant. */
const AT_WORLD = new Date(DEFAULT_NOW)

import type { SimRequest } from '../../src/http/sim-request.ts'
import { generateWorld } from '../../src/model/generate-world.ts'
import { DEFAULT_SEED } from '../../src/model/random.ts'
import { type DebtTokenRecord, tables } from '../../src/model/records.ts'
import { type SeededRows, seededRowsOf, TableSnapshot, WireText } from '../../src/model/table-snapshot.ts'
import { snapshotWorld } from '../../src/model/world.ts'
import { stringifyAnswer } from '../../src/pipeline/json-cache.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'

const AUTH = 'Bearer 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'
function request(method: string, path: string, body?: unknown): SimRequest {
  return {
    method,
    path,
    query: new URLSearchParams(),
    header: (name) => (name === 'authorization' ? AUTH : name === 'content-type' ? 'application/json' : null),
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  }
}

describe('wire JSON of generated debt tokens', () => {
  it('is JSON.stringify of the presented record for every row (3,000 rows, two seeds)', () => {
    for (const seed of [DEFAULT_SEED, 7]) {
      // Two snapshots of one seed: one only writes texts, the other only builds records, so
      // neither path can lean on what the other left in the shared text builder.
      const texts = snapshotWorld(generateWorld({ seed, debtTokens: 3000, now: new Date(DEFAULT_NOW) })).tables
        .debtTokens
      const records = snapshotWorld(generateWorld({ seed, debtTokens: 3000, now: new Date(DEFAULT_NOW) })).tables
        .debtTokens
      const wires = Array.from({ length: texts.size }, (_, row) => texts.wire(row)?.json)
      for (let row = 0; row < records.size; row++) {
        expect(wires[row], `row ${row}`).toBe(
          JSON.stringify(presentDebtToken(records.record(row), new Date(DEFAULT_NOW))),
        )
      }
      // The same WireText every time (list answers cache on element identity).
      expect(texts.wire(5)).toBe(texts.wire(5))
    }
  })

  it('is left out for a row whose source cannot write it, and that row is answered from its record', () => {
    // A source that, like the generator on a string that would need escaping, gives no text for odd rows.
    const world = generateWorld({ seed: DEFAULT_SEED, debtTokens: 40, now: new Date(DEFAULT_NOW) })
    const rows = seededRowsOf<DebtTokenRecord>(world, 'debtTokens')!
    const calls: number[] = []
    const halfRows: SeededRows<DebtTokenRecord> = {
      size: rows.size,
      keyAt: (row) => rows.keyAt(row),
      filedAt: (name, row) => rows.filedAt(name, row),
      record: (row) => rows.record(row),
      wireJson: (row) => {
        calls.push(row)
        return row % 2 === 0 ? rows.wireJson!(row) : undefined
      },
    }
    const table = new TableSnapshot(tables.debtTokens, halfRows)
    expect(table.wire(1)).toBeUndefined()
    expect(table.wire(1)).toBeUndefined()
    expect(calls.filter((row) => row === 1)).toHaveLength(1) // the absence is remembered too
    expect(table.wire(2)?.json).toBe(JSON.stringify(presentDebtToken(rows.record(2), AT_WORLD)))
    const mixed = [0, 1, 2, 3].map((row) => table.wire(row) ?? presentDebtToken(table.record(row), AT_WORLD))
    expect(mixed.map((element) => element instanceof WireText)).toEqual([true, false, true, false])
    expect(stringifyAnswer(mixed)).toBe(
      JSON.stringify([0, 1, 2, 3].map((row) => presentDebtToken(rows.record(row), AT_WORLD))),
    )
  })

  it('is not offered by fixture tables (their records are in memory already)', () => {
    expect(createSimulator().world.tables.debtTokens.wire(0)).toBeUndefined()
  })

  it('answers lists that mix seeded texts and written records as the records would', async () => {
    const simulator = createSimulator({ size: 300 })
    const tokens = simulator.world.tables.debtTokens
    const debtor = tokens.record(4).debtorAddress
    const expected = () =>
      tokens.records.filter((token) => token.debtorAddress === debtor).map((token) => presentDebtToken(token, AT_WORLD))
    const before = await simulator.handle(request('GET', `/debtToken/debtor/${debtor}`))
    expect(before.body).toBe(JSON.stringify(expected()))

    // A signed loan adds a written token for the same debtor after the seeded ones.
    const created = await simulator.handle(
      request('POST', '/debtToken/signature-contract', {
        creditorWalletAddress: tokens.record(0).creditorAddress,
        debtorWalletAddress: debtor,
        debtTotalValue: '1000.00',
        installments: '3',
        firstInstallmentDueDate: '2026-04-01',
        paymentFrequency: 'monthly',
        monthlyInterests: '1.0',
      }),
    )
    expect(created.status).toBe(200)
    const after = JSON.parse((await simulator.handle(request('GET', `/debtToken/debtor/${debtor}`))).body!) as {
      address: string
    }[]
    expect(after.slice(0, -1)).toEqual(JSON.parse(JSON.stringify(expected())))
    expect(after.at(-1)!.address).not.toBe(expected().at(-1)!.address)
    expect(after).toHaveLength(expected().length + 1)
  })

  it('stringifyAnswer writes WireTexts as their text and everything else as JSON.stringify does', () => {
    const objects = [{ a: 1 }, { b: 'x"y' }, { c: [1, 2] }]
    expect(stringifyAnswer([new WireText('{"a":1}'), objects[1], new WireText('{"c":[1,2]}')])).toBe(
      JSON.stringify(objects),
    )
    expect(stringifyAnswer([new WireText('{"a":1}')])).toBe('[{"a":1}]')
    expect(stringifyAnswer(objects)).toBe(JSON.stringify(objects))
    expect(stringifyAnswer([])).toBe('[]')
    expect(stringifyAnswer({ ok: true })).toBe('{"ok":true}')
  })
})
