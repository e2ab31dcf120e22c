/**
 * The regular expression of a bounded decimal string: zod checks a pattern then `Number(value) <= max`,
 * and JSON Schema has no bound for a string, so this pattern accepts exactly what both steps accept.
 * Built without lookarounds so every regex engine and generator reads it.
 */

interface DecimalBounds {
  /** The largest value, a whole number. */
  readonly max: number
  /** The most digits before the point, leading zeros included. */
  readonly maxDigits: number
  /** The most digits after the point (0: none). */
  readonly decimals: number
  /** Whether leading zeros (and so 0) are allowed; without, the string is a whole number from 1. */
  readonly leadingZeros: boolean
}

/** `\d`, `\d{3}` or nothing: `count` digits. */
function digits(count: number): string {
  return count === 0 ? '' : count === 1 ? '\\d' : `\\d{${count}}`
}

function zeros(count: number): string {
  return count <= 0 ? '' : `0{0,${count}}`
}

/** The numbers written with as many digits as `limit`, the first not 0, that are less than it. */
function sameLengthBelow(limit: string): string[] {
  const alternatives: string[] = []
  for (let i = 0; i < limit.length; i++) {
    const high = Number(limit[i]) - 1
    const low = i === 0 ? 1 : 0
    if (high < low) continue
    const range = high === low ? String(low) : `[${low}-${high}]`
    alternatives.push(`${limit.slice(0, i)}${range}${digits(limit.length - i - 1)}`)
  }
  return alternatives
}

export function boundedDecimalPattern(bounds: DecimalBounds): string {
  const limit = String(bounds.max)
  const m = limit.length
  const anyFraction = bounds.decimals === 0 ? '' : `(?:\\.\\d{1,${bounds.decimals}})?`
  const zeroFraction = bounds.decimals === 0 ? '' : `(?:\\.0{1,${bounds.decimals}})?`
  const pad = bounds.leadingZeros ? zeros(bounds.maxDigits - m) : ''
  // Fewer significant digits than the limit: any value of them is below it.
  const shorter = bounds.leadingZeros
    ? m === 1
      ? `0{1,${bounds.maxDigits}}`
      : `${zeros(bounds.maxDigits - (m - 1))}\\d{1,${m - 1}}`
    : m === 1
      ? undefined
      : `[1-9]${m === 2 ? '' : `\\d{0,${m - 2}}`}`
  const below = sameLengthBelow(limit)
  const alternatives = [
    ...(shorter === undefined ? [] : [`${shorter}${anyFraction}`]),
    ...(below.length === 0 ? [] : [`${pad}(?:${below.join('|')})${anyFraction}`]),
    `${pad}${limit}${zeroFraction}`,
  ]
  return `^(?:${alternatives.join('|')})$`
}
