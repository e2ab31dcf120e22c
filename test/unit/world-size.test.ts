/**
 * The largest generated world (MAX_GENERATED_SIZE debt tokens) holds in-process as on the command
 * line: `createSimulator({ size })` refuses a size the CLI's --size refuses, naming the option and
 * the range, before drawing anything.
 */
import { describe, expect, it } from 'vitest'
import { MAX_GENERATED_SIZE } from '../../src/model/generator/world-size.ts'
import { parseArgs } from '../../src/runtimes/cli/args.ts'
import { createSimulator } from '../../src/runtimes/msw/simulator.ts'

const BAD_SIZES = [-1, 1.5, Number.NaN, MAX_GENERATED_SIZE + 1]

describe('the size of a generated world', () => {
  it.each(BAD_SIZES)('is refused in-process when it is %d', (size) => {
    expect(() => createSimulator({ size })).toThrow(
      `size (a generated world's debt tokens) must be a whole number from 0 to ${MAX_GENERATED_SIZE}, got ${size}`,
    )
  })

  it.each(BAD_SIZES)('is refused by the CLI when it is %d', (size) => {
    expect(parseArgs([`--size=${size}`])).toEqual({
      kind: 'error',
      message: `--size must be a whole number from 0 to 1000000, got ${size}`,
    })
  })

  it('may be 0, and as many as the CLI allows', () => {
    expect(createSimulator({ size: 0 }).model.debtTokens.all()).toEqual([])
    expect(parseArgs(['--size', '0'])).toMatchObject({ kind: 'run', options: { size: 0 } })
    expect(parseArgs(['--size', String(MAX_GENERATED_SIZE)])).toMatchObject({
      kind: 'run',
      options: { size: MAX_GENERATED_SIZE },
    })
  })
})
