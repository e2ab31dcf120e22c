/** The journal panel's filtered view: the same answer as filtering afresh, entry by entry as they arrive and leave. */
import { describe, expect, it } from 'vitest'
import { FilteredView, type JournalFilters, NO_FILTERS } from '../../src/dashboard/page/journal-filter.ts'
import type { Entry } from '../../src/dashboard/page/types.ts'

function entry(seq: number): Entry {
  return {
    seq,
    at: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    path: seq % 3 === 0 ? `/users/u-${seq}` : '/securityToken',
    query: '',
    operation: seq % 3 === 0 ? 'getUser' : 'listSecurityTokens',
    status: seq % 3 === 0 ? 404 : seq % 7 === 0 ? 503 : 200,
    durationMs: 1,
    scenario: null,
    session: seq % 2 === 0 ? 'qa' : null,
    caller: null,
    requestHeaders: {},
    responseHeaders: {},
    requestBody: null,
    responseBody: seq % 5 === 0 ? `{"marker":"needle-${seq}"}` : '[]',
  }
}

const fresh = (source: readonly Entry[], filters: JournalFilters) => new FilteredView().update(source, filters)

describe('the filtered journal', () => {
  const cases: JournalFilters[] = [
    NO_FILTERS,
    { ...NO_FILTERS, statusClass: '4' },
    { ...NO_FILTERS, statusClass: '5', session: '-' },
    { ...NO_FILTERS, operation: 'getUser', session: 'qa' },
    { ...NO_FILTERS, text: 'NEEDLE' },
    { ...NO_FILTERS, text: '/users/u-3' },
  ]

  it('matches a fresh filter while entries arrive at the end and leave at the start', () => {
    for (const filters of cases) {
      const view = new FilteredView()
      let source: Entry[] = []
      for (let seq = 1; seq <= 300; seq += 7) {
        source = source.concat(Array.from({ length: 7 }, (_, i) => entry(seq + i)))
        if (source.length > 50) source = source.slice(source.length - 50) // the page's own cap
        expect(view.update(source, filters), JSON.stringify(filters)).toEqual(fresh(source, filters))
      }
    }
  })

  it('starts again when the journal was emptied, and when the filters change', () => {
    const view = new FilteredView()
    const before = Array.from({ length: 20 }, (_, i) => entry(i + 1))
    expect(view.update(before, NO_FILTERS)).toHaveLength(20)
    const after = [entry(1), entry(2)] // numbering starts again at 1
    expect(view.update(after, NO_FILTERS)).toEqual(after)
    const errors = { ...NO_FILTERS, statusClass: '4' }
    expect(view.update(after, errors)).toEqual([])
    expect(view.update(before, errors).map((e) => e.seq)).toEqual([3, 6, 9, 12, 15, 18])
  })

  it('finds forwarded requests by their drift lines, and every drifted one by the word drift', () => {
    const proxied = (seq: number, drift: string[]): Entry => ({
      ...entry(seq),
      proxy: { url: 'https://api.example.com/securityToken', status: 200, drift },
    })
    const source = [entry(1), proxied(2, []), proxied(4, ['body.legacyId is not in the contract'])]
    const seqs = (text: string) => fresh(source, { ...NO_FILTERS, text }).map((found) => found.seq)
    expect(seqs('drift')).toEqual([4])
    expect(seqs('legacyId')).toEqual([4])
    expect(seqs('api.example.com')).toEqual([2, 4])
  })
})
