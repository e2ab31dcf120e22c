import { describe, expect, it } from 'vitest'
import { ListJsonCache } from '../../src/pipeline/json-cache.ts'

describe('list JSON cache', () => {
  it('reuses a body only for the same frozen elements, and serializes anything else afresh', () => {
    const cache = new ListJsonCache(2)
    const a = Object.freeze({ n: 1 })
    const b = Object.freeze({ n: 2 })
    const first = cache.stringify('k', [a, b])
    expect(first).toBe('[{"n":1},{"n":2}]')
    expect(cache.stringify('k', [a, b])).toBe(first)
    expect(cache.stringify('k', [a])).toBe('[{"n":1}]')
    expect(cache.stringify('k', [a, Object.freeze({ n: 2 })])).toBe('[{"n":1},{"n":2}]')
    const mutable = { n: 3 }
    expect(cache.stringify('m', [mutable])).toBe('[{"n":3}]')
    mutable.n = 4
    expect(cache.stringify('m', [mutable])).toBe('[{"n":4}]')
    expect(cache.stringify('k', [])).toBe('[]')
    expect(cache.stringify('x', { a: 1 })).toBe('{"a":1}')
  })

  it('stays bounded', () => {
    const cache = new ListJsonCache(2)
    const a = Object.freeze({ n: 1 })
    for (const key of ['1', '2', '3']) cache.stringify(key, [a])
    expect(cache.stringify('1', [a])).toBe('[{"n":1}]')
  })
})
