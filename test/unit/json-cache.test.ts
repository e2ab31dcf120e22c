import { describe, expect, it } from 'vitest'
import { ListJsonCache } from '../../src/pipeline/json-cache.ts'

describe('list JSON cache', () => {
  it('reuses a body only for the same frozen elements, and serializes anything else afresh', () => {
    const cache = new ListJsonCache(2)
    const json = (key: string, output: unknown) => cache.serialize(key, output).json
    const a = Object.freeze({ n: 1 })
    const b = Object.freeze({ n: 2 })
    const first = cache.serialize('k', [a, b])
    expect(first.json).toBe('[{"n":1},{"n":2}]')
    expect(cache.serialize('k', [a, b]).encoded).toBe(first.encoded)
    expect(json('k', [a])).toBe('[{"n":1}]')
    expect(json('k', [a, Object.freeze({ n: 2 })])).toBe('[{"n":1},{"n":2}]')
    const mutable = { n: 3 }
    expect(cache.serialize('m', [mutable])).toEqual({ json: '[{"n":3}]' })
    mutable.n = 4
    expect(json('m', [mutable])).toBe('[{"n":4}]')
    expect(json('k', [])).toBe('[]')
    expect(json('x', { a: 1 })).toBe('{"a":1}')
  })

  it('keeps the UTF-8 bytes of a cached body, made once', () => {
    const cache = new ListJsonCache()
    const record = Object.freeze({ name: 'Ação São João' })
    const { encoded } = cache.serialize('k', [record])
    expect(new TextDecoder().decode(encoded!.bytes)).toBe('[{"name":"Ação São João"}]')
    expect(encoded!.bytes.byteLength).toBe(Buffer.byteLength(encoded!.text))
    expect(cache.serialize('k', [record]).encoded!.bytes).toBe(encoded!.bytes)
  })

  it('stays bounded: the oldest key is evicted first', () => {
    const cache = new ListJsonCache(2)
    const a = Object.freeze({ n: 1 })
    const encoders = ['1', '2', '3'].map((key) => cache.serialize(key, [a]).encoded)
    expect(cache.serialize('3', [a]).encoded).toBe(encoders[2])
    expect(cache.serialize('2', [a]).encoded).toBe(encoders[1])
    const again = cache.serialize('1', [a])
    expect(again.json).toBe('[{"n":1}]')
    expect(again.encoded).not.toBe(encoders[0])
  })
})
