/**
 * The shared formats of the contract: ADDRESS, HASH, calendar dates, ISO 8601 timestamps and the
 * numeric strings the API carries amounts in. Each schema carries the message a client sees when
 * a value breaks it, so every operation reports the same words for the same mistake.
 */
import * as z from 'zod'

export const ADDRESS_PATTERN = /^(0x)[0-9a-fA-F]{40}$/
export const HASH_PATTERN = /^(0x)[0-9a-fA-F]{64}$/

/** `0x` followed by 40 hexadecimal characters: wallets and contracts. */
export const Address = z
  .string()
  .regex(ADDRESS_PATTERN, { error: 'must be an ADDRESS (0x followed by 40 hexadecimal characters)' })
  .meta({ description: 'ADDRESS: 0x followed by 40 hexadecimal characters', example: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })

/** `0x` followed by 64 hexadecimal characters: transaction hashes. */
export const Hash = z
  .string()
  .regex(HASH_PATTERN, { error: 'must be a HASH (0x followed by 64 hexadecimal characters)' })
  .meta({ description: 'HASH: 0x followed by 64 hexadecimal characters' })

/** A calendar date, `YYYY-MM-DD`, that exists (no 2025-02-30). */
export const IsoDate = z.iso.date({ error: 'must be a date in the format YYYY-MM-DD' })

/** An ISO 8601 date-time with seconds and a zone (`Z` or `±hh:mm`). */
export const IsoDateTime = z.iso.datetime({
  offset: true,
  error: 'must be an ISO 8601 date-time such as 2026-03-01T12:00:00.000Z',
})

/** A date or a date-time: fields the spec types only as "string" but that hold a day. */
export const DateOrDateTime = z.union([IsoDate, IsoDateTime], {
  error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
})

/** A non-negative decimal number written as a string, e.g. "1500.00". */
export const DecimalString = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, { error: 'must be a non-negative decimal number written as a string, such as "1500.00"' })

/** A positive whole number written as a string, e.g. "12". */
export const PositiveIntegerString = z
  .string()
  .regex(/^[1-9]\d{0,3}$/, { error: 'must be a whole number from 1 to 9999 written as a string, such as "12"' })

/** A path segment that must be a non-negative integer id, e.g. `/manager/{address}/7`. */
export const IntegerIdParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'must be an integer id' })
  .transform(Number)

/** Query-string booleans: only `true` and `false` are accepted. */
export const BooleanQuery = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true')
