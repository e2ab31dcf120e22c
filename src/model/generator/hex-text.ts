/**
 * Hexadecimal strings and UUIDs from 32-bit draws. Each is written into a small byte buffer and
 * decoded as one flat string: concatenation would leave rope strings that cost several times their
 * length in memory, and a large world holds millions of these.
 */

/** Hexadecimal characters after the `0x` of each kind of text; a signature is the longest. */
export const ADDRESS_HEX_DIGITS = 40
export const HASH_HEX_DIGITS = 64
export const SIGNATURE_HEX_DIGITS = 130
export const HEX_DIGITS_PER_DRAW = 8
const UUID_LENGTH = 36

export const drawsForHex = (digits: number) => Math.ceil(digits / HEX_DIGITS_PER_DRAW)

const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0))
const UUID_TEMPLATE = Array.from('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', (c) => c.charCodeAt(0))

/** Node's Buffer when there is one: it decodes Latin-1 bytes into a string without a per-character cost. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer
/** Room for the longest text: `0x` and a signature. */
const ROOM = 2 + SIGNATURE_HEX_DIGITS
const codes: Uint8Array | number[] = NodeBuffer ? NodeBuffer.alloc(ROOM) : new Array<number>(ROOM).fill(0)

function decode(length: number): string {
  return NodeBuffer
    ? (codes as Buffer).toString('latin1', 0, length)
    : String.fromCharCode.apply(null, (codes as number[]).slice(0, length))
}

function writeHex8(at: number, value: number): void {
  for (let shift = 28, i = at; shift >= 0; shift -= 4, i++) codes[i] = HEX[(value >>> shift) & 15]!
}

function writeHex4(at: number, value: number): void {
  for (let shift = 12, i = at; shift >= 0; shift -= 4, i++) codes[i] = HEX[(value >>> shift) & 15]!
}

/** `0x` and `digits` hexadecimal characters, 8 from each 32-bit draw, most significant first. */
export function hexText(digits: number, u32: () => number): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > SIGNATURE_HEX_DIGITS) {
    throw new RangeError(`hexText: ${digits} hexadecimal digits asked for; 0 to ${SIGNATURE_HEX_DIGITS} fit`)
  }
  codes[0] = 48 // 0
  codes[1] = 120 // x
  const end = 2 + digits
  const whole = end - (digits % HEX_DIGITS_PER_DRAW)
  let i = 2
  for (; i < whole; i += HEX_DIGITS_PER_DRAW) writeHex8(i, u32())
  if (i < end) {
    let value = u32()
    for (; i < end; i++, value = (value << 4) >>> 0) codes[i] = HEX[value >>> 28]!
  }
  return decode(end)
}

/** A version 4 (random) UUID from four 32-bit draws, their hexadecimal digits in order around the dashes. */
export function uuid4Text(u32: () => number): string {
  writeHex8(0, u32())
  const second = u32()
  writeHex4(9, second >>> 16)
  writeHex4(14, second)
  const third = u32()
  writeHex4(19, third >>> 16)
  writeHex4(24, third)
  writeHex8(28, u32())
  codes[8] = codes[13] = codes[18] = codes[23] = 45 // -
  codes[14] = 52 // version 4
  codes[19] = HEX[8 | ((third >>> 28) & 3)]! // RFC 4122 variant
  return decode(UUID_LENGTH)
}

/** faker.string.uuid() from faker's own draws in [0, 1): the 30 `x` of its template left to right, then `y`. */
export function fakerUuidText(next: () => number): string {
  for (let i = 0; i < UUID_LENGTH; i++)
    codes[i] = UUID_TEMPLATE[i] === 120 ? HEX[Math.floor(next() * 16)]! : UUID_TEMPLATE[i]!
  codes[19] = HEX[Math.floor(next() * 4 + 8)]!
  return decode(UUID_LENGTH)
}
