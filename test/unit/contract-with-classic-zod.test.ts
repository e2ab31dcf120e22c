/**
 * The contract's schemas are zod/mini's (decision 0023); a user's code written with zod's classic
 * API composes them as it would its own: in objects, optional, with the shape of a lazy schema
 * read through the exported `unwrap()`.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import * as z from 'zod'
import { contract } from '../../src/index.ts'

describe("the contract's schemas in a user's classic zod", () => {
  it('validate inside a classic object, with the contract own words', () => {
    const Transfer = z.object({ to: contract.Address, note: z.string().optional() })
    expect(Transfer.safeParse({ to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }).success).toBe(true)
    const refused = Transfer.safeParse({ to: 'nowhere' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'must be an ADDRESS (0x followed by 40 hexadecimal characters)',
    })
    expectTypeOf<z.infer<typeof Transfer>>().toEqualTypeOf<{ to: string; note?: string | undefined }>()
  })

  it("extend a lazy schema's shape read through unwrap()", () => {
    const shape = contract.unwrap(contract.User).shape
    const Tagged = z.object({ ...shape, tag: z.string() })
    expect(Object.keys(Tagged.shape)).toEqual([...Object.keys(shape), 'tag'])
    expect(z.optional(contract.Address).safeParse(undefined).success).toBe(true)
  })
})
